// Unsubscribe management (`/unsubscribe`): the resources a caller may unsubscribe — only the kinds
// whose own code they hold (host CB01, disk CB02, elastic IP CB09), in their data scope, never
// snapshots nor what is already being released — with the list's filters; and the unsubscribe
// records, read from the orders list by type (`types=unsubscribe,release`), in progress until the
// provider has released the resource, then done, with the refund. The clock is moved, never waited for.
import type { OrderDetail, OrderRecord, ResourceDetail, ResourceRecord } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { createGroup, createSubUser, stepUp } from "./support/iam";
import { idem, idemKey } from "./support/money";
import { advance, apply, applyBody, verifiedTenant } from "./support/orders";

type Page<T> = { list: T[]; total: number };

let t: TestApp;
let operator: TestClient;
let owner: TestClient;
let ownerAccount: Awaited<ReturnType<typeof verifiedTenant>>["tenant"];
const p = {} as { a: string; b: string };
const r = {} as { hostA: string; diskA: string; ipB: string; hostB: string; snapshot: string };

async function buy(client: TestClient, body: Record<string, unknown>): Promise<string> {
  const res = await apply(client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // A second apart, so "newest first" has one answer.
  t.clock.advance(1000);
  return res.body.data.id;
}

const resourceOf = async (client: TestClient, orderId: string) => {
  const order = await client.request<OrderDetail>(`/api/orders/${orderId}`);
  expect(order.body.data.status).toBe("completed");
  return order.body.data.resourceIds[0]!;
};

const unsubscribable = (client: TestClient, query: Record<string, string> = {}) =>
  client.request<Page<ResourceRecord>>("/api/service/unsubscribable", { query });

const idsOf = async (client: TestClient, query: Record<string, string> = {}) => {
  const res = await unsubscribable(client, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.total).toBe(res.body.data.list.length);
  return res.body.data.list.map((row) => row.id);
};

/** A sub-user holding exactly `codes`, member of `projects`, signed in. */
async function memberHolding(codes: string[], projects: string[]): Promise<TestClient> {
  const set = await owner.request<{ id: string }>("/api/res/polices", {
    method: "POST",
    body: { name: `Unsub${unique()}`, description: "", codes, shared: true },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const user = await createSubUser(owner, [await createGroup(owner, [set.body.data.id])]);
  for (const projectId of projects) {
    const joined = await owner.request(`/api/res/projects/${projectId}/members`, {
      method: "POST",
      body: { userSids: [user.userSid] },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  }
  return signedIn(t.app, t.clock, user);
}

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  const { tenant, client } = await verifiedTenant(t, operator, "5000");
  owner = client;
  ownerAccount = tenant;
  await stepUp(t, client, tenant.mobile);
  for (const key of ["a", "b"] as const) {
    const made = await client.request<{ projectId: string }>("/api/res/projects", {
      method: "POST",
      body: { name: `proj-${unique()}`, description: "", contact: "Alice", phone: uniquePhone() },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    p[key] = made.body.data.projectId;
  }
  // Each one is provisioned before the next is bought, so "newest first" has one answer.
  const bought = async (body: Parameters<typeof buy>[1]) => {
    const orderId = await buy(client, body);
    await advance(t, 45);
    return resourceOf(client, orderId);
  };
  r.hostA = await bought(applyBody("ecs-standard", { name: "unsub-host-a", projectId: p.a }));
  r.diskA = await bought(
    applyBody("evs-disk", {
      name: "unsub-disk-a",
      spec: { diskType: "ssd", sizeGb: 100 },
      paymentType: "postpaid",
      periodMonths: undefined,
      projectId: p.a,
    }),
  );
  r.ipB = await bought(applyBody("eip", { name: "unsub-ip-b", spec: { bandwidthMbps: 1 }, projectId: p.b }));
  r.hostB = await bought(
    applyBody("ecs-standard", {
      name: "unsub-host-b",
      paymentType: "postpaid",
      periodMonths: undefined,
      projectId: p.b,
    }),
  );
  const snapshot = await client.request<ResourceDetail>("/api/res/snapshots", {
    method: "POST",
    body: { hostId: r.hostA, name: "unsub-snap" },
  });
  expect(snapshot.status, JSON.stringify(snapshot.body)).toBe(200);
  r.snapshot = snapshot.body.data.id;
  await advance(t, 30);
}, 120_000);
afterAll(() => t.close());

describe("the unsubscribable resources", () => {
  it("are the organisation's hosts, disks and elastic IPs, newest first, without snapshots", async () => {
    const res = await unsubscribable(owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.list.map((row) => [row.name, row.kind, row.paymentType])).toEqual([
      ["unsub-host-b", "host", "postpaid"],
      ["unsub-ip-b", "elasticIp", "prepaid"],
      ["unsub-disk-a", "disk", "postpaid"],
      ["unsub-host-a", "host", "prepaid"],
    ]);
    expect(res.body.data.list.some((row) => row.id === r.snapshot)).toBe(false);
    // The row carries what the page shows: what it is, its status and its expiry.
    expect(res.body.data.list[3]).toMatchObject({
      status: "running",
      summary: expect.any(String),
      expiresAt: expect.any(String),
      projectId: p.a,
    });
  });

  it("filter by kind, name, payment type and project", async () => {
    expect(await idsOf(owner, { kind: "disk" })).toEqual([r.diskA]);
    expect(await idsOf(owner, { kind: "snapshot" })).toEqual([]);
    expect(await idsOf(owner, { keyword: "HOST" })).toEqual([r.hostB, r.hostA]);
    expect(await idsOf(owner, { paymentType: "prepaid" })).toEqual([r.ipB, r.hostA]);
    expect(await idsOf(owner, { paymentType: "postpaid", kind: "host" })).toEqual([r.hostB]);
    expect(await idsOf(owner, { projectId: p.a })).toEqual([r.diskA, r.hostA]);
    const bad = await unsubscribable(owner, { paymentType: "monthly" });
    expect(bad.status).toBe(400);
  });

  it("are only the kinds whose code the caller holds, in the projects they belong to", async () => {
    // Managing permission sets and users needs a fresh SMS step-up.
    await stepUp(t, owner, ownerAccount.mobile);
    const disks = await memberHolding(["CB02"], [p.a, p.b]);
    expect(await idsOf(disks)).toEqual([r.diskA]);
    // Asking for another kind finds nothing rather than widening the list.
    expect(await idsOf(disks, { kind: "host" })).toEqual([]);
    // Nor may they unsubscribe a host of their project through the endpoints themselves.
    const hostQuote = await disks.request(`/api/service/unsubscribe/${r.hostA}/inquiry`);
    expect(hostQuote.status).toBe(403);
    const hostGone = await disks.request(`/api/service/unsubscribe/${r.hostA}`, {
      method: "POST",
      headers: idem(),
    });
    expect(hostGone.status).toBe(403);
    expect((await disks.request(`/api/service/unsubscribe/${r.diskA}/inquiry`)).status).toBe(200);

    const hostsAndIps = await memberHolding(["CB01", "CB09"], [p.b]);
    expect(await idsOf(hostsAndIps)).toEqual([r.hostB, r.ipB]);

    // Spec §2's codes of the page open it, but no resource of their kinds exists yet.
    const fileService = await memberHolding(["CB2001"], [p.a, p.b]);
    expect(await idsOf(fileService)).toEqual([]);

    const overviewOnly = await memberHolding(["CA"], [p.a, p.b]);
    expect((await unsubscribable(overviewOnly)).status).toBe(403);
  });

  it("never show another tenant's resources", async () => {
    const other = await verifiedTenant(t, operator, "0");
    const res = await unsubscribable(other.client);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 0, list: [] });
  });
});

describe("unsubscribing from the page", () => {
  it("leaves the list at once and shows in the records, in progress until released, then done with its refund", async () => {
    // The provider fails the first delete: the IP stays `releasing` and its order in progress.
    const armed = await operator.request("/api/ops/simulator/faults", {
      method: "POST",
      body: { operation: "delete", count: 1, message: "simulated delete failure" },
    });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    owner = await signedIn(t.app, t.clock, ownerAccount);
    const key = idemKey();
    const done = await owner.request<OrderDetail>(`/api/service/unsubscribe/${r.ipB}`, {
      method: "POST",
      headers: idem(key),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ type: "unsubscribe", status: "provisioning" });
    expect(await idsOf(owner)).toEqual([r.hostB, r.diskA, r.hostA]);

    const records = async (query: Record<string, string>) => {
      const res = await owner.request<Page<OrderRecord>>("/api/orders", { query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.list;
    };
    const [record] = await records({ types: "unsubscribe,release" });
    expect(record).toMatchObject({
      id: done.body.data.id,
      type: "unsubscribe",
      status: "provisioning",
      name: "unsub-ip-b",
      refunded: done.body.data.refunded,
    });
    // A month's prepaid IP unsubscribed within the hour gives most of it back.
    expect(Number(record!.refunded)).toBeGreaterThan(0);
    // Only the unsubscribe and release types, each status filter narrowing them.
    expect((await records({ types: "unsubscribe,release" })).map((o) => o.id)).toEqual([done.body.data.id]);
    expect(await records({ types: "unsubscribe,release", status: "completed" })).toEqual([]);
    expect((await records({ types: "order" })).some((o) => o.id === done.body.data.id)).toBe(false);
    expect(await records({ types: "release" })).toEqual([]);
    const bad = await owner.request("/api/orders", { query: { types: "unsubscribe,refund" } });
    expect(bad.status).toBe(400);

    // The next lifecycle step releases it: the record is done.
    await advance(t, 5);
    expect(await records({ types: "unsubscribe,release", status: "completed" })).toEqual([
      expect.objectContaining({ id: done.body.data.id, status: "completed" }),
    ]);
    // The resource is gone; the same key still answers its order, and nothing is refunded twice.
    const replay = await owner.request<OrderDetail>(`/api/service/unsubscribe/${r.ipB}`, {
      method: "POST",
      headers: idem(key),
    });
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body.data).toMatchObject({ id: done.body.data.id, refunded: done.body.data.refunded });
    expect(await records({ types: "unsubscribe,release" })).toHaveLength(1);
    // A new key finds no resource to unsubscribe.
    const again = await owner.request(`/api/service/unsubscribe/${r.ipB}`, {
      method: "POST",
      headers: idem(),
    });
    expect(again.status).toBe(404);
  });
});
