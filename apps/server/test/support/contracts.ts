// A tenant's contract created by an operator holding BI (the platform administrator in tests):
// the signed PDF uploaded as contractFile, in execution from an hour ago for 30 days unless told.
import type { ContractDetail } from "@skyledger/contracts";
import { expect } from "vitest";
import { pdfBytes } from "../../../../packages/contracts/test/support/file-bytes";
import type { TestClient } from "./client";
import { unique } from "./flows";
import type { TestApp } from "./harness";
import { idem } from "./money";
import { uploaded } from "./uploads";

const HOUR_MS = 3_600_000;

export async function contractBody(
  t: TestApp,
  operator: TestClient,
  orgId: string,
  overrides: Record<string, unknown> = {},
) {
  const now = t.clock.now().getTime();
  return {
    orgId,
    name: "Annual compute agreement",
    contractNo: `HT-${unique()}`,
    amount: "100000",
    creditLimit: "5000",
    signedOn: "2026-01-01",
    startsAt: new Date(now - HOUR_MS).toISOString(),
    endsAt: new Date(now + 30 * 24 * HOUR_MS).toISOString(),
    discounts: [],
    fileId: await uploaded(operator, "contractFile", "contract.pdf", pdfBytes()),
    ...overrides,
  };
}

export const postContract = (
  operator: TestClient,
  body: Record<string, unknown>,
  lang: "zh-CN" | "en-US" = "en-US",
) =>
  operator.request<ContractDetail>("/api/ops/contracts", {
    method: "POST",
    body,
    headers: idem(),
    locale: lang,
  });

export async function createContract(
  t: TestApp,
  operator: TestClient,
  orgId: string,
  overrides: Record<string, unknown> = {},
): Promise<ContractDetail> {
  const res = await postContract(operator, await contractBody(t, operator, orgId, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
