// File shares and elastic files in tests: the demo's `sfs-share` / `sfs-turbo` orders, buying one
// through the order path, the tenant's view (/api/res/shares, /api/res/scalable-files), their
// access rules, and the simulator's used capacity set as a drill would.
import type { FileRule, FileShare, OrderDetail, Page } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { resources } from "../../src/modules/resources/resources.schema";
import { simInstances } from "../../src/providers/simulator/simulator.schema";
import type { TestClient } from "./client";
import type { TestApp } from "./harness";
import { advance, apply } from "./orders";

export type FileKind = "share" | "scalableFile";
export const FILE_BASE: Record<FileKind, string> = {
  share: "/api/res/shares",
  scalableFile: "/api/res/scalable-files",
};

export const fileOrder = (
  kind: FileKind,
  o: { sizeGb?: number; protocol?: string; name?: string; paymentType?: string; periodMonths?: number } = {},
) => ({
  productCode: kind === "share" ? "sfs-share" : "sfs-turbo",
  spec: { protocol: o.protocol ?? "NFS", sizeGb: o.sizeGb ?? 100 },
  name: o.name ?? "team-data",
  quantity: 1,
  paymentType: o.paymentType ?? "prepaid",
  ...(o.paymentType === "postpaid" ? {} : { periodMonths: o.periodMonths ?? 1 }),
});

/** Buys a share and lets the simulator make it (15 s): its resource id. */
export async function orderedShare(
  t: TestApp,
  client: TestClient,
  kind: FileKind,
  o: Parameters<typeof fileOrder>[1] = {},
): Promise<string> {
  const res = await apply(client, fileOrder(kind, o));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 20);
  const done = await client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(done.body.data.status).toBe("completed");
  return done.body.data.resourceIds[0]!;
}

export async function shareOf(client: TestClient, kind: FileKind, id: string): Promise<FileShare> {
  const res = await client.request<FileShare>(`${FILE_BASE[kind]}/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export const listShares = (client: TestClient, kind: FileKind, query: Record<string, string> = {}) =>
  client.request<Page<FileShare>>(FILE_BASE[kind], { query });

export const rulesOf = (client: TestClient, kind: FileKind, id: string) =>
  client.request<FileRule[]>(`${FILE_BASE[kind]}/${id}/rules`);

export const addRule = (
  client: TestClient,
  kind: FileKind,
  id: string,
  body: Record<string, unknown>,
  locale?: "zh-CN" | "en-US",
) =>
  client.request<FileRule>(`${FILE_BASE[kind]}/${id}/rules`, {
    method: "POST",
    body,
    ...(locale ? { locale } : {}),
  });

/** The simulator reports `usedGb` in use on the share (what a drill or a test sets). */
export async function setUsedGb(t: TestApp, id: string, usedGb: number): Promise<void> {
  const [r] = await t.database.db.select().from(resources).where(eq(resources.id, id));
  const [instance] = await t.database.db
    .select()
    .from(simInstances)
    .where(eq(simInstances.id, r!.providerRef!));
  await t.database.db
    .update(simInstances)
    .set({ spec: { ...instance!.spec, usedGb } })
    .where(eq(simInstances.id, r!.providerRef!));
}
