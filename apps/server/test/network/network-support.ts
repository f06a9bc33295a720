// Helpers of the network tests: the calls a tenant makes, and what the simulated cloud holds.
import type { RouterSummary, SubnetRecord, VpcRecord } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { type SimNetworkKind, simNetworkObjects } from "../../src/providers/network/simulator-network.schema";
import { DEMO, signedIn, type TestClient } from "../support/client";
import { unique } from "../support/flows";
import { startTestApp, type TestApp } from "../support/harness";
import { answerStepUps, DEMO_TENANT_MOBILE } from "../support/iam";

/** A test app and the demo tenant signed in, answering step-ups: what each network test file starts with. */
export async function startWithDemoTenant(): Promise<{ t: TestApp; tenant: TestClient }> {
  const t = await startTestApp();
  return { t, tenant: answerStepUps(t, await signedIn(t.app, t.clock, DEMO.tenant), DEMO_TENANT_MOBILE) };
}

export const vpcName = () => `vpc-${unique()}`;

export async function createVpc(client: TestClient, cidr: string, extra: Record<string, unknown> = {}) {
  const res = await client.request<VpcRecord>("/api/res/vpcs", {
    method: "POST",
    body: { name: vpcName(), description: "", cidr, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export function postSubnet(
  client: TestClient,
  vpcId: string,
  body: Record<string, unknown>,
  locale?: "zh-CN" | "en-US",
) {
  return client.request<SubnetRecord>(`/api/res/vpcs/${vpcId}/subnets`, {
    method: "POST",
    body: { name: `sn-${unique()}`, ...body },
    ...(locale ? { locale } : {}),
  });
}

export async function createSubnet(client: TestClient, vpcId: string, cidr: string) {
  const res = await postSubnet(client, vpcId, { cidr });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export async function createRouter(client: TestClient, vpcId: string, subnetIds: string[] = []) {
  const res = await client.request<RouterSummary>("/api/res/routers", {
    method: "POST",
    body: { name: `rt-${unique()}`, vpcId, subnetIds },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Everything the simulated cloud holds of one kind, across projects. */
export async function simObjects(t: TestApp, kind: SimNetworkKind) {
  return t.database.db.select().from(simNetworkObjects).where(eq(simNetworkObjects.kind, kind));
}

/** The cloud object a row of ours was made as (found by its client token, our row's id). */
export async function simObjectOf(t: TestApp, id: string) {
  const [row] = await t.database.db
    .select()
    .from(simNetworkObjects)
    .where(eq(simNetworkObjects.clientToken, id));
  return row;
}

export async function simChildren(t: TestApp, parentRef: string, kind: SimNetworkKind) {
  return t.database.db
    .select()
    .from(simNetworkObjects)
    .where(and(eq(simNetworkObjects.parentRef, parentRef), eq(simNetworkObjects.kind, kind)));
}
