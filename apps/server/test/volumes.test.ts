// Disks, elastic IPs and snapshots of a host (issue 5 §5, spec §4 resource states): attach and
// detach (mounting, unmounting), bind and unbind (binding, unbinding, one IP per host), snapshots
// taken (creating → available), rolled back (the host stopped, rolling back) and deleted; refusals
// with the catalogue's messages, another tenant's host refused, and the unsubscribe rules around
// attachments. Time moves only with the injected clock (advance runs the lifecycle step).
import type { OrderDetail, ResourceDetail, ResourceRecord, UnsubscribeQuote } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../src/modules/resources/resources.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { idem } from "./support/money";
import { advance, apply, applyBody, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;

type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

/** Buys one resource of a product through /service/apply and waits until it is provisioned. */
async function buy(client: TestClient, body: Record<string, unknown>, seconds: number): Promise<string> {
  const res = await apply(client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, seconds);
  const order = await client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(order.body.data.status).toBe("completed");
  return order.body.data.resourceIds[0]!;
}

const buyHost = (client: TestClient) =>
  buy(client, applyBody("ecs-standard", { name: `host-${unique().slice(-6)}` }), 45);
const buyDisk = (client: TestClient) =>
  buy(
    client,
    applyBody("evs-disk", { spec: { diskType: "ssd", sizeGb: 100 }, name: `disk-${unique().slice(-6)}` }),
    15,
  );
const buyIp = (client: TestClient) =>
  buy(client, applyBody("eip", { spec: { bandwidthMbps: 1 }, name: `eip-${unique().slice(-6)}` }), 10);

const get = <T = ResourceDetail>(client: TestClient, path: string) => client.request<T>(path);
const post = <T = ResourceDetail>(client: TestClient, path: string, body: unknown = {}) =>
  client.request<T>(path, { method: "POST", body });
const hostAction = (client: TestClient, id: string, action: "stop" | "start") =>
  post(client, `/api/res/hosts/${id}/action`, { action });

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(() => t.close());

describe("cloud disks", () => {
  let a: Tenant;
  let hostId: string;
  let diskId: string;

  beforeAll(async () => {
    a = await verifiedTenant(t, operator);
    hostId = await buyHost(a.client);
    diskId = await buyDisk(a.client);
  });

  it("lists the bought disk, available, with its type and size", async () => {
    const list = await get<{ list: ResourceRecord[] }>(a.client, "/api/res/volumes");
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((d) => d.id)).toEqual([diskId]);
    expect(list.body.data.list[0]).toMatchObject({
      kind: "disk",
      status: "available",
      summary: "ssd · 100 GB",
      attachedTo: null,
      paymentType: "prepaid",
    });
    // The host is not a disk: it is neither listed nor readable here.
    expect((await get(a.client, `/api/res/volumes/${hostId}`)).status).toBe(404);
    // Nor is the disk a host: the hosts' rename (CB01) does not reach it.
    const renamed = await a.client.request(`/api/res/hosts/${diskId}/name`, {
      method: "PUT",
      body: { name: "not-a-host" },
    });
    expect(renamed.status).toBe(404);
  });

  it("attaches to a running host: mounting, then in use, shown among the host's attachments", async () => {
    const started = await post(a.client, `/api/res/volumes/${diskId}/attach`, { hostId });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ status: "mounting", taskStatus: "attach", attachedTo: hostId });
    await advance(t, 6);
    const disk = await get(a.client, `/api/res/volumes/${diskId}`);
    expect(disk.body.data).toMatchObject({ status: "using", taskStatus: null, attachedTo: hostId });
    expect(disk.body.data.attachedToName).toBeTruthy();
    const host = await get(a.client, `/api/res/hosts/${hostId}`);
    expect(host.body.data.attachments).toEqual([
      expect.objectContaining({ id: diskId, kind: "disk", status: "using" }),
    ]);
    const [logged] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "resource.action"), eq(auditLogs.orgId, a.orgId)));
    expect(logged?.detail).toEqual({ action: "attach", host: host.body.data.name });
  });

  it("refuses to attach a disk already in use, with the state in the message", async () => {
    const again = await post(a.client, `/api/res/volumes/${diskId}/attach`, { hostId });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("The resource cannot do this while it is In use");
  });

  it("refuses to unsubscribe the host while the disk is attached", async () => {
    const quote = await get<UnsubscribeQuote>(a.client, `/api/service/unsubscribe/${hostId}/inquiry`);
    expect(quote.body.data.blockedBy).toBe(
      "Disks or elastic IPs are still attached to this host; detach or unbind them first",
    );
    const refused = await a.client.request(`/api/service/unsubscribe/${hostId}`, {
      method: "POST",
      headers: idem(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "Disks or elastic IPs are still attached to this host; detach or unbind them first",
    );
  });

  it("refuses to unsubscribe a disk while it is attached", async () => {
    const refused = await a.client.request(`/api/service/unsubscribe/${diskId}`, {
      method: "POST",
      headers: idem(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("The resource cannot do this while it is In use");
  });

  it("detaches: unmounting, then available with no host", async () => {
    const started = await post(a.client, `/api/res/volumes/${diskId}/detach`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ status: "unmounting", taskStatus: "detach" });
    // Still on the host until the provider has let go.
    expect(started.body.data.attachedTo).toBe(hostId);
    const twice = await post(a.client, `/api/res/volumes/${diskId}/detach`);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe("The resource cannot do this while it is Unmounting");
    await advance(t, 6);
    const disk = await get(a.client, `/api/res/volumes/${diskId}`);
    expect(disk.body.data).toMatchObject({ status: "available", attachedTo: null, taskStatus: null });
    expect((await get(a.client, `/api/res/hosts/${hostId}`)).body.data.attachments).toEqual([]);
    const detachAvailable = await post(a.client, `/api/res/volumes/${diskId}/detach`);
    expect(detachAvailable.body.message).toBe("The resource cannot do this while it is Available");
  });

  it("attaches to a stopped host but not to one that is stopping", async () => {
    await hostAction(a.client, hostId, "stop");
    const busy = await post(a.client, `/api/res/volumes/${diskId}/attach`, { hostId });
    expect(busy.status).toBe(400);
    expect(busy.body.message).toBe("The resource cannot do this while it is Stopping");
    expect((await get(a.client, `/api/res/volumes/${diskId}`)).body.data.status).toBe("available");
    await advance(t, 11);
    const attached = await post(a.client, `/api/res/volumes/${diskId}/attach`, { hostId });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    await advance(t, 6);
    expect((await get(a.client, `/api/res/volumes/${diskId}`)).body.data.status).toBe("using");
    await post(a.client, `/api/res/volumes/${diskId}/detach`);
    await advance(t, 6);
    await hostAction(a.client, hostId, "start");
    await advance(t, 11);
  });

  it("refuses another tenant's host (as missing) and changes nothing", async () => {
    const b = await verifiedTenant(t, operator);
    const theirHost = await buyHost(b.client);
    const refused = await post(a.client, `/api/res/volumes/${diskId}/attach`, { hostId: theirHost });
    expect(refused.status).toBe(404);
    // Nor may the other tenant touch this disk.
    const intruding = await post(b.client, `/api/res/volumes/${diskId}/attach`, { hostId: theirHost });
    expect(intruding.status).toBe(404);
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, diskId));
    expect(row).toMatchObject({ status: "available", attachedTo: null });
  });

  it("unsubscribes a detached disk", async () => {
    const done = await a.client.request<OrderDetail>(`/api/service/unsubscribe/${diskId}`, {
      method: "POST",
      headers: idem(),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ type: "unsubscribe", status: "completed" });
    expect((await get(a.client, `/api/res/volumes/${diskId}`)).status).toBe(404);
  });
});

describe("elastic IPs", () => {
  let a: Tenant;
  let hostId: string;
  let ipId: string;
  let secondIp: string;

  beforeAll(async () => {
    a = await verifiedTenant(t, operator, "2000");
    hostId = await buyHost(a.client);
    ipId = await buyIp(a.client);
    secondIp = await buyIp(a.client);
  });

  it("allocates with the default bandwidth of 1 Mbit/s", async () => {
    const ip = await get(a.client, `/api/res/floatingips/${ipId}`);
    expect(ip.status).toBe(200);
    expect(ip.body.data).toMatchObject({ kind: "elasticIp", status: "available", summary: "1 Mbit/s" });
    const list = await get<{ list: ResourceRecord[] }>(a.client, "/api/res/floatingips");
    expect(list.body.data.list.map((r) => r.id).sort()).toEqual([ipId, secondIp].sort());
  });

  it("binds to a host: binding, then in use", async () => {
    const started = await post(a.client, `/api/res/floatingips/${ipId}/bind`, { hostId });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ status: "binding", taskStatus: "bind", attachedTo: hostId });
    await advance(t, 6);
    expect((await get(a.client, `/api/res/floatingips/${ipId}`)).body.data).toMatchObject({
      status: "using",
      attachedTo: hostId,
    });
  });

  it("refuses a second elastic IP on the same host, in both languages", async () => {
    const en = await post(a.client, `/api/res/floatingips/${secondIp}/bind`, { hostId });
    expect(en.status).toBe(400);
    expect(en.body.message).toMatch(
      /^This host already has an elastic IP \(eip-.+\); a host can have only one$/,
    );
    const zh = await a.client.request(`/api/res/floatingips/${secondIp}/bind`, {
      method: "POST",
      body: { hostId },
      locale: "zh-CN",
    });
    expect(zh.body.message).toMatch(/^该主机已绑定弹性公网IP（eip-.+），一台主机只能绑定一个弹性公网IP$/);
    expect((await get(a.client, `/api/res/floatingips/${secondIp}`)).body.data).toMatchObject({
      status: "available",
      attachedTo: null,
    });
  });

  it("unbinds: unbinding, then available; the second IP may then be bound", async () => {
    const started = await post(a.client, `/api/res/floatingips/${ipId}/unbind`);
    expect(started.body.data).toMatchObject({ status: "unbinding", taskStatus: "unbind" });
    // While the first is still unbinding the host keeps it: the second waits.
    const early = await post(a.client, `/api/res/floatingips/${secondIp}/bind`, { hostId });
    expect(early.status).toBe(400);
    await advance(t, 6);
    expect((await get(a.client, `/api/res/floatingips/${ipId}`)).body.data).toMatchObject({
      status: "available",
      attachedTo: null,
    });
    const bound = await post(a.client, `/api/res/floatingips/${secondIp}/bind`, { hostId });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    await advance(t, 6);
    expect((await get(a.client, `/api/res/floatingips/${secondIp}`)).body.data.status).toBe("using");
    const unbindFree = await post(a.client, `/api/res/floatingips/${ipId}/unbind`);
    expect(unbindFree.body.message).toBe("The resource cannot do this while it is Available");
  });
});

describe("snapshots", () => {
  let a: Tenant;
  let hostId: string;
  let snapshotId: string;

  beforeAll(async () => {
    a = await verifiedTenant(t, operator);
    hostId = await buyHost(a.client);
  });

  it("takes a snapshot of a running host: creating, then available, not billed", async () => {
    const made = await post(a.client, "/api/res/snapshots", { hostId, name: "before-upgrade" });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      kind: "snapshot",
      name: "before-upgrade",
      status: "creating",
      attachedTo: hostId,
      paymentType: null,
      orderId: null,
    });
    snapshotId = made.body.data.id;
    await advance(t, 10);
    expect((await get(a.client, `/api/res/snapshots/${snapshotId}`)).body.data.status).toBe("creating");
    await advance(t, 11);
    expect((await get(a.client, `/api/res/snapshots/${snapshotId}`)).body.data).toMatchObject({
      status: "available",
      taskStatus: null,
      summary: "50 GB",
    });
    const list = await get<{ list: ResourceRecord[] }>(a.client, "/api/res/snapshots");
    expect(list.body.data.list.map((s) => s.id)).toEqual([snapshotId]);
  });

  it("refuses a name breaking the resource-name rule and a host that is not the caller's", async () => {
    const bad = await post(a.client, "/api/res/snapshots", { hostId, name: "ends-with-hyphen-" });
    expect(bad.status).toBe(400);
    const b = await verifiedTenant(t, operator, "0");
    const theirs = await post(b.client, "/api/res/snapshots", { hostId, name: "stolen" });
    expect(theirs.status).toBe(404);
  });

  it("counts snapshots against the quota", async () => {
    const limited = await operator.request("/api/ops/quotas", {
      method: "PUT",
      body: { orgId: a.orgId, projectId: null, limits: { snapshots: 1 } },
    });
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    const refused = await post(a.client, "/api/res/snapshots", { hostId, name: "one-too-many" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Quota exceeded: Snapshots in use 1, requested 1, limit 1");
    await operator.request("/api/ops/quotas", {
      method: "PUT",
      body: { orgId: a.orgId, projectId: null, limits: { snapshots: null } },
    });
  });

  it("rolls back only a stopped host: rolling back, then stopped; the snapshot stays", async () => {
    const running = await post(a.client, `/api/res/snapshots/${snapshotId}/rollback`);
    expect(running.status).toBe(400);
    expect(running.body.message).toBe("Stop the host before rolling back a snapshot (the host is Running)");
    await hostAction(a.client, hostId, "stop");
    await advance(t, 11);
    const rolling = await post(a.client, `/api/res/snapshots/${snapshotId}/rollback`);
    expect(rolling.status, JSON.stringify(rolling.body)).toBe(200);
    expect(rolling.body.data).toMatchObject({ id: hostId, status: "rolling_back", taskStatus: "rollback" });
    const twice = await post(a.client, `/api/res/snapshots/${snapshotId}/rollback`);
    expect(twice.body.message).toBe(
      "Stop the host before rolling back a snapshot (the host is Rolling back)",
    );
    await advance(t, 31);
    expect((await get(a.client, `/api/res/hosts/${hostId}`)).body.data).toMatchObject({
      status: "stopped",
      taskStatus: null,
    });
    expect((await get(a.client, `/api/res/snapshots/${snapshotId}`)).body.data.status).toBe("available");
  });

  it("deletes a snapshot at the provider and forgets it", async () => {
    const extra = await post(a.client, "/api/res/snapshots", { hostId, name: "scratch" });
    expect(extra.status, JSON.stringify(extra.body)).toBe(200);
    const creating = await a.client.request(`/api/res/snapshots/${extra.body.data.id}`, { method: "DELETE" });
    expect(creating.status).toBe(400);
    expect(creating.body.message).toBe("The resource cannot do this while it is Creating");
    await advance(t, 21);
    const deleted = await a.client.request(`/api/res/snapshots/${extra.body.data.id}`, { method: "DELETE" });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await get(a.client, `/api/res/snapshots/${extra.body.data.id}`)).status).toBe(404);
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, extra.body.data.id));
    expect(row).toMatchObject({ status: "deleted" });
    expect(row?.deletedAt).not.toBeNull();
  });

  it("does not block the host's unsubscribe: the host's snapshots are released with it", async () => {
    const quote = await get<UnsubscribeQuote>(a.client, `/api/service/unsubscribe/${hostId}/inquiry`);
    expect(quote.body.data.blockedBy).toBeNull();
    const done = await a.client.request<OrderDetail>(`/api/service/unsubscribe/${hostId}`, {
      method: "POST",
      headers: idem(),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.status).toBe("completed");
    expect((await get(a.client, `/api/res/snapshots/${snapshotId}`)).status).toBe(404);
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, snapshotId));
    expect(row).toMatchObject({ status: "deleted" });
    const list = await get<{ list: ResourceRecord[] }>(a.client, "/api/res/snapshots");
    expect(list.body.data.list).toEqual([]);
  });
});
