// Bare-metal servers on the simulator (issue 16 item 7): the demo's `bms-standard` product is
// quoted per flavour by the month and by the hour (÷ 720), bought prepaid (charged once) and
// postpaid (metered hourly) through the order path, and running only once the simulator's eight
// minutes have passed, with the flavour's figures, image and private address, said to be
// simulated; start, stop and reboot go through the machine's states and are audited; a flavour the
// product does not sell is refused in both languages; the bare-metal quota applies; another tenant
// sees none of it; a prepaid server stops and freezes at expiry and comes back stopped once
// renewed; an unsubscribe refunds by the rules and releases the machine.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../src/modules/resources/resources.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import {
  actOn,
  bmsOrder,
  listServers,
  orderedServer,
  serverOf,
  simulatedMachine,
} from "./support/bare-metal";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { cashOf, idem, y } from "./support/money";
import { advance, apply, unsubscribe, unsubscribeInquiry, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
let owner: Awaited<ReturnType<typeof verifiedTenant>>;
let prepaidId: string;
let postpaidId: string;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "20000");
  // Starting the app migrates and seeds its database: over a minute on a loaded machine.
}, 180_000);
afterAll(() => t.close());

/** After the clock moved an hour or more the sessions have expired: both sign in again. */
async function signInAgain() {
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner.client = await signedIn(t.app, t.clock, owner.tenant);
}

describe("buying a bare-metal server", () => {
  it("is quoted per flavour, by the month and by the hour", async () => {
    const ask = (body: Record<string, unknown>) =>
      owner.client.request<{ amount: string; dimension: string }>("/api/billing/inquiry/price", {
        method: "POST",
        body: { productCode: "bms-standard", spec: { flavorId: "bms-g8" }, quantity: 1, ...body },
      });
    const month = await ask({ paymentType: "prepaid", periodMonths: 1 });
    expect(month.status, JSON.stringify(month.body)).toBe(200);
    expect(month.body.data).toMatchObject({ dimension: "flavor:bms-g8", amount: "68000.00000" });
    const hour = await ask({ paymentType: "postpaid", hours: 1 });
    expect(hour.status, JSON.stringify(hour.body)).toBe(200);
    // 68,000 ÷ 720 = 94.444… an hour.
    expect(hour.body.data).toMatchObject({ dimension: "flavor:bms-g8", amount: "94.44444" });
  });

  it("refuses a flavour or an image the product does not sell, in both languages", async () => {
    for (const spec of [
      { flavorId: "bms-huge", imageId: "rocky-9" },
      { flavorId: "bms-c32", imageId: "win" },
      {},
    ]) {
      const res = await apply(owner.client, { ...bmsOrder(), spec });
      expect(res.status).toBe(400);
      expect(res.body.code, JSON.stringify(res.body)).toBe(29701);
      expect(res.body.message).toBe("Choose a bare-metal flavour and an image this product offers");
    }
    const zh = await owner.client.request("/api/service/apply", {
      method: "POST",
      body: { ...bmsOrder(), spec: { flavorId: "tiny" } },
      headers: { ...idem(), "accept-language": "zh-CN" },
    });
    expect(zh.body.code).toBe(29701);
    expect(zh.body.message).toBe("请选择该产品提供的裸金属规格和镜像");
  });

  it("prepaid: is charged once and runs only after the simulator's provisioning time", async () => {
    const before = await cashOf(t.database.db, owner.orgId);
    const res = await apply(owner.client, bmsOrder({ name: "render-node" }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await cashOf(t.database.db, owner.orgId)).toBe(before - y("2600"));
    await advance(t, 5);
    const [creating] = await t.database.db
      .select()
      .from(resources)
      .where(and(eq(resources.orderId, res.body.data.id), eq(resources.kind, "bareMetal")));
    // Minutes short of the machine's installation it is still being made.
    expect(creating!.status).toBe("creating");
    await advance(t, 400);
    expect((await serverOf(owner.client, creating!.id)).status).toBe("creating");
    await advance(t, 100);
    prepaidId = creating!.id;
    const server = await serverOf(owner.client, prepaidId);
    expect(server).toMatchObject({
      status: "running",
      paymentType: "prepaid",
      simulated: true,
      summary: "32 CPU / 256 GB · rocky-9",
    });
    expect(server.expiresAt).not.toBeNull();
    expect(server.privateIp).toMatch(/^10\.\d+\.\d+\.\d+$/);
    expect(server.machine).toEqual({
      flavorId: "bms-c32",
      flavorName: "32 cores / 256 GB",
      cpuModel: "2 × Intel Xeon Silver 4314",
      cores: 32,
      memoryGb: 256,
      diskDesc: "2 × 960 GB SATA SSD (RAID 1)",
      gpuModel: null,
      gpuCount: 0,
      imageId: "rocky-9",
      imageName: "Rocky Linux 9",
    });
  });

  it("postpaid: is made without a term, metered by the hour and listed beside the prepaid one", async () => {
    postpaidId = await orderedServer(t, owner.client, {
      name: "gpu-trainer",
      paymentType: "postpaid",
      flavorId: "bms-g8",
      imageId: "ubuntu-22.04",
    });
    const server = await serverOf(owner.client, postpaidId);
    expect(server).toMatchObject({ paymentType: "postpaid", expiresAt: null });
    expect(server.machine).toMatchObject({ gpuModel: "NVIDIA A100 80GB SXM4", gpuCount: 8, cores: 64 });
    const before = await cashOf(t.database.db, owner.orgId);
    await advance(t, 3600);
    // One hour of the 8-GPU node: 68,000 ÷ 720.
    expect(before - (await cashOf(t.database.db, owner.orgId))).toBe(y("94.44444"));
    await signInAgain();
    const list = await listServers(owner.client);
    expect(list.body.data.list.map((s) => s.id).sort()).toEqual([prepaidId, postpaidId].sort());
    expect(list.body.data.list.every((s) => s.simulated)).toBe(true);
    const byName = await listServers(owner.client, { keyword: "gpu" });
    expect(byName.body.data.list.map((s) => s.id)).toEqual([postpaidId]);
  });
});

describe("power actions", () => {
  it("stop, start and reboot go through the machine's states, audited; a rebuild is not offered", async () => {
    const stopping = await actOn(owner.client, prepaidId, "stop");
    expect(stopping.status, JSON.stringify(stopping.body)).toBe(200);
    expect(stopping.body.data.status).toBe("stopping");
    // Busy: a second action is refused while the first runs.
    expect((await actOn(owner.client, prepaidId, "start")).status).toBe(400);
    await advance(t, 15);
    expect((await serverOf(owner.client, prepaidId)).status).toBe("stopped");
    expect((await simulatedMachine(t, prepaidId)).state).toBe("stopped");
    // A stopped machine cannot be rebooted.
    expect((await actOn(owner.client, prepaidId, "reboot")).status).toBe(400);
    expect((await actOn(owner.client, prepaidId, "start")).body.data.status).toBe("starting");
    await advance(t, 15);
    expect((await actOn(owner.client, prepaidId, "reboot")).body.data.status).toBe("rebooting");
    await advance(t, 20);
    expect((await serverOf(owner.client, prepaidId)).status).toBe("running");
    expect((await actOn(owner.client, prepaidId, "rebuild")).status).toBe(400);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "resource.action"));
    const mine = audits.filter((a) => a.orgId === owner.orgId && a.target === "render-node");
    expect(mine.map((a) => (a.detail as { action: string }).action)).toEqual(["stop", "start", "reboot"]);
  });
});

describe("quota", () => {
  it("counts servers against the bare-metal limit", async () => {
    const set = await operator.request("/api/ops/quotas", {
      method: "PUT",
      body: { orgId: owner.orgId, projectId: null, limits: { bareMetalServers: 2 } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const res = await apply(owner.client, bmsOrder({ paymentType: "postpaid" }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 26005 });
    expect(res.body.message).toContain("Bare-metal servers in use 2, requested 1, limit 2");
    await operator.request("/api/ops/quotas", {
      method: "PUT",
      body: { orgId: owner.orgId, projectId: null, limits: { bareMetalServers: null } },
    });
  });
});

describe("another tenant", () => {
  it("sees none of the servers and cannot act on or unsubscribe them", async () => {
    const other = await verifiedTenant(t, operator, "100");
    expect((await listServers(other.client)).body.data.list).toEqual([]);
    expect((await other.client.request(`/api/res/baremetal/${prepaidId}`)).status).toBe(404);
    expect((await actOn(other.client, prepaidId, "stop")).status).toBe(404);
    const gone = await other.client.request(`/api/service/unsubscribe/${prepaidId}`, {
      method: "POST",
      headers: idem(),
    });
    expect([403, 404]).toContain(gone.status);
    expect((await serverOf(owner.client, prepaidId)).status).toBe("running");
    // Nor is a bare-metal server reached through the hosts' action endpoint.
    expect(
      (
        await owner.client.request(`/api/res/hosts/${prepaidId}/action`, {
          method: "POST",
          body: { action: "stop" },
        })
      ).status,
    ).toBe(404);
  });
});

describe("unsubscribing", () => {
  it("postpaid: releases the machine at the simulator", async () => {
    const res = await unsubscribe(owner.client, postpaidId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(t, 5);
    expect((await owner.client.request(`/api/res/baremetal/${postpaidId}`)).status).toBe(404);
    expect((await simulatedMachine(t, postpaidId)).deletedAt).not.toBeNull();
  });

  it("prepaid: refunds what the rules give back, into the account it was paid from", async () => {
    const id = await orderedServer(t, owner.client, { name: "short-lived", flavorId: "bms-c56" });
    const quote = await unsubscribeInquiry(owner.client, id);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const refund = y(quote.body.data.refund);
    expect(refund).toBeGreaterThan(0n);
    expect(refund).toBeLessThanOrEqual(y("4800"));
    const before = await cashOf(t.database.db, owner.orgId);
    const res = await unsubscribe(owner.client, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(t, 5);
    expect(await cashOf(t.database.db, owner.orgId)).toBe(before + refund);
    expect((await simulatedMachine(t, id)).deletedAt).not.toBeNull();
  });
});

describe("freezing and thawing", () => {
  it("stops the machine when the term ends and brings it back stopped once renewed", async () => {
    await advance(t, 32 * 24 * 3600);
    await signInAgain();
    expect((await serverOf(owner.client, prepaidId)).status).toBe("frozen");
    // The simulator was told to stop it (it settles when next read).
    expect((await simulatedMachine(t, prepaidId)).targetState).toBe("stopped");
    expect((await actOn(owner.client, prepaidId, "start")).status).toBe(400);

    const renewed = await owner.client.request("/api/renew", {
      method: "POST",
      body: { resourceIds: [prepaidId], periodMonths: 1, align: false },
      headers: idem(),
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    // Once the simulator's stop has finished, its owner starts it again.
    await advance(t, 15);
    expect((await serverOf(owner.client, prepaidId)).status).toBe("stopped");
    const started = await actOn(owner.client, prepaidId, "start");
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data.status).toBe("starting");
  });
});
