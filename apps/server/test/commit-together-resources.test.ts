// Issue 12 §2 for operations the provider carries out (host actions, attach and detach, snapshot
// rollback): the claim that marks the resource busy commits with its audit row, before the
// provider is asked. A trigger that refuses the audit row (a failure after the claim and before
// the commit) leaves the resource as it was and the provider unasked; without it both land. A
// provider that refuses puts the resource back and records `resource.actionFailed` with it.
// Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import type { OrderDetail, ResourceDetail } from "@skyledger/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../src/modules/resources/resources.schema";
import { simInstances } from "../src/providers/simulator/simulator.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { auditRows } from "./support/iam";
import { advance, apply, applyBody, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
let client: TestClient;
let hostId: string;
let hostName: string;

/** Makes the database refuse the audit rows of `action`; the returned function lifts it. */
async function refuseAudit(action: string): Promise<() => Promise<void>> {
  const db = t.database.db;
  await db.execute(
    sql.raw(`create or replace function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'injected failure before commit'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger refuse_audit before insert on audit_logs for each row
      when (NEW.action = '${action}') execute function refuse_audit()`),
  );
  return async () => {
    await db.execute(sql.raw("drop trigger refuse_audit on audit_logs"));
    await db.execute(sql.raw("drop function refuse_audit()"));
  };
}

/** The provider refuses its next action with `message`. */
async function providerRefusesNextAction(message: string) {
  const armed = await operator.request("/api/ops/simulator/faults", {
    method: "POST",
    body: { operation: "act", count: 1, message },
  });
  expect(armed.status, JSON.stringify(armed.body)).toBe(200);
}

const row = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!;
const providerState = async (id: string) => {
  const ref = (await row(id)).providerRef!;
  return (await t.database.db.select().from(simInstances).where(eq(simInstances.id, ref)))[0]!.state;
};
const post = (path: string, body: unknown = {}) =>
  client.request<ResourceDetail>(path, { method: "POST", body });
const hostAction = (action: "stop" | "start") => post(`/api/res/hosts/${hostId}/action`, { action });

async function buy(body: Record<string, unknown>, seconds: number): Promise<string> {
  const res = await apply(client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, seconds);
  return (await client.request<OrderDetail>(`/api/orders/${res.body.data.id}`)).body.data.resourceIds[0]!;
}

beforeAll(async () => {
  t = await startTestApp();
  t.expectErrorLog(/injected failure before commit/);
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  ({ client } = await verifiedTenant(t, operator, "2000"));
  hostName = `host-${unique().slice(-6)}`;
  hostId = await buy(applyBody("ecs-standard", { name: hostName }), 45);
});
afterAll(() => t.close());

describe("a host action", () => {
  it("whose audit row cannot be written leaves the host running and the provider unasked", async () => {
    const lift = await refuseAudit("resource.action");
    const failed = await hostAction("stop");
    expect(failed.status).toBe(500);
    expect(await row(hostId)).toMatchObject({ status: "running", taskStatus: null });
    expect(await providerState(hostId)).toBe("running");
    expect(await auditRows(t, "resource.action", hostName)).toHaveLength(0);

    await lift();
    const stopping = await hostAction("stop");
    expect(stopping.status, JSON.stringify(stopping.body)).toBe(200);
    expect(stopping.body.data).toMatchObject({ status: "stopping", taskStatus: "stop" });
    const [logged] = await auditRows(t, "resource.action", hostName);
    expect(logged?.detail).toEqual({ action: "stop" });
    await advance(t, 11);
    expect(await row(hostId)).toMatchObject({ status: "stopped", taskStatus: null });
  });

  it("the provider refuses puts the host back and records the refusal with it", async () => {
    await providerRefusesNextAction("the hypervisor is in maintenance");
    const refused = await hostAction("start");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Processing failed");
    expect(await row(hostId)).toMatchObject({ status: "stopped", taskStatus: null });
    const [started] = await auditRows(t, "resource.action", hostName);
    expect(started?.detail).toEqual({ action: "start" });
    const [failed] = await auditRows(t, "resource.actionFailed", hostName);
    expect(failed?.detail).toEqual({ action: "start", reason: "the hypervisor is in maintenance" });
  });
});

describe("a disk attach", () => {
  it("whose audit row cannot be written leaves the disk available and unattached", async () => {
    const diskName = `disk-${unique().slice(-6)}`;
    const diskId = await buy(
      applyBody("evs-disk", { spec: { diskType: "ssd", sizeGb: 100 }, name: diskName }),
      15,
    );
    const lift = await refuseAudit("resource.action");
    const failed = await post(`/api/res/volumes/${diskId}/attach`, { hostId });
    expect(failed.status).toBe(500);
    expect(await row(diskId)).toMatchObject({ status: "available", taskStatus: null, attachedTo: null });
    expect(await providerState(diskId)).toBe("available");
    expect(await auditRows(t, "resource.action", diskName)).toHaveLength(0);

    await lift();
    const mounting = await post(`/api/res/volumes/${diskId}/attach`, { hostId });
    expect(mounting.status, JSON.stringify(mounting.body)).toBe(200);
    expect(mounting.body.data).toMatchObject({ status: "mounting", attachedTo: hostId });
    const [logged] = await auditRows(t, "resource.action", diskName);
    expect(logged?.detail).toEqual({ action: "attach", host: hostName });
  });
});

describe("a snapshot rollback", () => {
  it("the provider refuses puts the host back to stopped and records the refusal with it", async () => {
    const snapName = `snap-${unique().slice(-6)}`;
    const made = await post("/api/res/snapshots", { hostId, name: snapName });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await advance(t, 21);
    expect(await row(hostId)).toMatchObject({ status: "stopped" });

    await providerRefusesNextAction("the snapshot store is unreachable");
    const refused = await post(`/api/res/snapshots/${made.body.data.id}/rollback`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Processing failed");
    expect(await row(hostId)).toMatchObject({ status: "stopped", taskStatus: null });
    const [failed] = await auditRows(t, "resource.actionFailed", snapName);
    expect(failed?.detail).toMatchObject({ action: "rollback", host: hostName });
    const [started] = await auditRows(t, "resource.action", snapName);
    expect(started?.detail).toMatchObject({ action: "rollback", host: hostName });
  });
});
