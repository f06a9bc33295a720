// An operator closes a running dedicated pool on /mgt/innerservice (issue 14 item 3: "close a
// running one (nodes returned, refund by the rules)"): its jobs are cancelled, its reservation and
// account removed, and the unused prepaid part refunded by the tenant's own unsubscribe rules and
// code, once per Idempotency-Key; the tenant reads "closed", the reason and the refund. And an
// activation the cluster cannot satisfy stays waiting: 400 HPC_NODES_UNAVAILABLE, nothing changed.
import type { DedicatedApplication, DedicatedCloseQuote, OrderDetail, Page } from "@skyledger/contracts";
import { errorText } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLUSTER_ID } from "../src/modules/catalog/catalog.seed";
import { accountNameOf, connectionOf } from "../src/modules/hpc/cluster-access";
import { hpcClusters, hpcPoolMembers } from "../src/modules/hpc/hpc.schema";
import { cashAccountId } from "../src/modules/ledger/ledger.service";
import { orders } from "../src/modules/orders/orders.schema";
import { resources, resourceTerms } from "../src/modules/resources/resources.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { createHpcCluster } from "../src/providers/hpc/clusters";
import type { HpcCluster } from "../src/providers/hpc/hpc-cluster";
import { simHpcJobs } from "../src/providers/hpc/simulator-cluster.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { balanceOf, idem } from "./support/money";
import { advance, apply, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;
let owner: Tenant;

const OPS = "/api/ops/hpc/dedicated_applications";
const OWN = "/api/hpc/dedicated_applications";
const DAY = 86_400_000;

async function cluster(): Promise<HpcCluster> {
  const [row] = await t.database.db.select().from(hpcClusters).where(eq(hpcClusters.id, DEMO_CLUSTER_ID));
  return createHpcCluster("simulator", connectionOf(row!, t.secrets), { db: t.database.db, clock: t.clock });
}
const cash = () => balanceOf(t.database.db, cashAccountId(owner.orgId));

async function applyFor(productCode: string, nodes: number, name: string): Promise<OrderDetail> {
  const res = await apply(owner.client, {
    productCode,
    spec: { units: nodes },
    name,
    quantity: 1,
    paymentType: "prepaid",
    periodMonths: 1,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 5);
  return res.body.data;
}

const ownRow = async (orderNo: string) => {
  const res = await owner.client.request<Page<DedicatedApplication>>(OWN, { query: { pageSize: "100" } });
  return res.body.data.list.find((a) => a.orderNo === orderNo);
};

const close = (client: TestClient, id: string, reason: string, key?: string) =>
  client.request<DedicatedApplication>(`${OPS}/${id}/close`, {
    method: "POST",
    body: { reason },
    headers: idem(key),
  });

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "200000");
});
afterAll(() => t.close());

describe("an operator closing a running dedicated pool", () => {
  let applied: OrderDetail;
  let poolId: string;
  let account: string;
  const reason = "GPU nodes needed for maintenance";

  it("refunds the unused part by the unsubscribe rules, cancels the jobs and returns the nodes", async () => {
    applied = await applyFor("ai-dedicated", 1, "closing-gpu");
    const activated = await operator.request(`${OPS}/${applied.id}/activate`, { method: "POST", body: {} });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    await advance(t, 5);
    const order = (await owner.client.request<OrderDetail>(`/api/orders/${applied.id}`)).body.data;
    expect(order.status).toBe("completed");
    poolId = order.resourceIds[0]!;
    account = accountNameOf(owner.orgId, poolId);
    const [term] = await t.database.db
      .select()
      .from(resourceTerms)
      .where(eq(resourceTerms.resourceId, poolId));
    // The month runs from the approval: 22 November to 22 December (Asia/Shanghai), 30 days.
    expect(term!.months).toBe(1);
    expect(term!.endsAt.getTime() - term!.startsAt.getTime()).toBe(30 * DAY);
    expect(term!.amount).toBe(56_000_00000n);

    // Nine days and 23 hours into the term (a part day counts as a day: 10 days used)...
    t.clock.advance(term!.startsAt.getTime() + 10 * DAY - 3_600_000 - t.clock.now().getTime());
    // Sessions expired meanwhile: both sign in again.
    operator = await signedIn(t.app, t.clock, DEMO.admin);
    owner.client = await signedIn(t.app, t.clock, owner.tenant);
    // ...the pool runs one job on its reserved node and has one waiting for it.
    const c = await cluster();
    const [member] = await t.database.db
      .select()
      .from(hpcPoolMembers)
      .where(eq(hpcPoolMembers.poolId, poolId));
    const job = (name: string) => ({
      account,
      user: member!.clusterUser,
      partition: "gpu",
      name,
      script: "#!/bin/bash\nsleep 3600\n",
      cpus: 64,
      gpus: 8,
      timeLimitMinutes: 600,
      reservation: account,
    });
    // The member's job from the job console runs in the pool's reservation, on its reserved node,
    // with all 8 GPUs of it although the organisation's GPU quota is 4: a dedicated node is its own.
    const submitted = await owner.client.request<{ jobId: string }>(`/api/hpc/console/pools/${poolId}/jobs`, {
      method: "POST",
      body: { ...job("running"), account: undefined, user: undefined, reservation: undefined },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const running = submitted.body.data;
    const [simJob] = await t.database.db
      .select()
      .from(simHpcJobs)
      .where(eq(simHpcJobs.id, Number(running.jobId)));
    expect(simJob!.reservation).toBe(account);
    const waiting = await c.submitJob(job("waiting"));
    const now = t.clock.now();
    const states = async () =>
      Object.fromEntries(
        (await c.jobs({ accounts: [account], from: now, to: new Date(t.clock.now().getTime() + 1) })).map(
          (j) => [j.jobId, j.state],
        ),
      );
    t.clock.advance(60_000);
    expect(await states()).toEqual({ [running.jobId]: "running", [waiting.jobId]: "pending" });
    // The tenant's own unsubscribe is blocked by them; the operator's close is not.
    const tenantTry = await owner.client.request(`/api/service/unsubscribe/${poolId}`, {
      method: "POST",
      headers: idem(),
    });
    expect(tenantTry.status).toBe(400);

    // The worked example: paid 56 000.00000 yuan for 30 days; 10 days used =
    // 56 000 × 10 ÷ 30 = 18 666.666666… → 18 666.66667 (half-up to 0.00001); refund
    // 56 000.00000 − 18 666.66667 = 37 333.33333 yuan.
    const quote = await operator.request<DedicatedCloseQuote>(`${OPS}/${applied.id}/close_quote`);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data).toEqual({
      state: "active",
      refundReading: "paidMinusUsed",
      paid: "56000.00000",
      used: "18666.66667",
      refund: "37333.33333",
    });

    const before = await cash();
    const key = `close-${poolId}`;
    const res = await close(operator, applied.id, reason, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ state: "closed", reason, refunded: "37333.33333", poolId: null });
    expect((await cash()) - before).toBe(37_333_33333n);

    // Jobs cancelled, reservation and account gone: the node is back in the partition.
    // (a job cancelled before it started never ran, so accounting may not list it at all).
    const after = await states();
    expect(after[running.jobId]).toBe("cancelled");
    expect(Object.values(after).filter((s) => s === "pending" || s === "running")).toEqual([]);
    expect((await c.reservations()).map((r) => r.name)).not.toContain(account);
    expect(await c.getAccount(account)).toBeNull();

    // One audit row; the purchase order keeps the reason; the tenant is told by mail.
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "hpc.dedicatedClosed"), eq(auditLogs.target, applied.orderNo)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toMatchObject({ reason, amount: "37333.33333" });
    const detail = (await owner.client.request<OrderDetail>(`/api/orders/${applied.id}`)).body.data;
    expect(detail.events.find((e) => e.action === "closed")?.detail).toBe(reason);
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, "order.closedWhileRunning"));
    expect(mails.some((m) => m.body.includes(reason) && m.body.includes("37333.33333"))).toBe(true);

    // The removal order is the unsubscribe's, completed once the pool went.
    const [removal] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.resourceId, poolId), eq(orders.type, "unsubscribe")));
    expect(removal).toMatchObject({ status: "completed", refunded: 37_333_33333n });

    // The tenant's view: closed, with the operator's reason and the refund.
    expect(await ownRow(applied.orderNo)).toMatchObject({ state: "closed", reason, refunded: "37333.33333" });
    const closedOnly = await owner.client.request<Page<DedicatedApplication>>(OWN, {
      query: { state: "closed", pageSize: "100" },
    });
    expect(closedOnly.body.data.list.map((a) => a.orderNo)).toContain(applied.orderNo);
    const unsubscribed = await owner.client.request<Page<DedicatedApplication>>(OWN, {
      query: { state: "unsubscribed", pageSize: "100" },
    });
    expect(unsubscribed.body.data.list.map((a) => a.orderNo)).not.toContain(applied.orderNo);

    // Closing twice refunds once: the same key replays the answer, another key is refused.
    const replay = await close(operator, applied.id, reason, key);
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    const again = await close(operator, applied.id, reason);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(errorText("HPC_DEDICATED_NOT_CLOSABLE", "en-US"));
    expect((await cash()) - before).toBe(37_333_33333n);
    const removals = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.resourceId, poolId), eq(orders.type, "unsubscribe")));
    expect(removals).toHaveLength(1);
  });

  it("is refused to a tenant (403), and needs a reason of 2 to 200 characters", async () => {
    const other = await applyFor("hpc-dedicated", 1, "not-theirs");
    expect((await close(owner.client, other.id, "tenant tries")).status).toBe(403);
    expect((await owner.client.request(`${OPS}/${other.id}/close_quote`)).status).toBe(403);
    expect((await close(operator, other.id, "x".repeat(201))).status).toBe(400);
    expect((await close(operator, other.id, "")).status).toBe(400);
    // A waiting one is quoted in full and closed as the approval queue closes it.
    const quote = await operator.request<DedicatedCloseQuote>(`${OPS}/${other.id}/close_quote`);
    expect(quote.body.data).toMatchObject({ state: "waiting", refund: "6800.00000", refundReading: null });
    const before = await cash();
    const res = await close(operator, other.id, "x".repeat(200));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ state: "closed", refunded: "6800.00000" });
    expect((await cash()) - before).toBe(6_800_00000n);
  });
});

describe("an activation the cluster cannot satisfy", () => {
  async function takeGpuNodes(c: HpcCluster, nodes: number) {
    await c.ensureAccount({
      account: "sk_other_gpu",
      description: "someone else",
      limits: { cpus: null, gpus: null, runningJobs: null, maxSubmitJobs: null, cpuMinutes: null },
    });
    await c.createReservation({
      name: "sk_other_gpu",
      account: "sk_other_gpu",
      partition: "gpu",
      nodes,
      start: t.clock.now(),
      end: null,
    });
  }
  async function release(c: HpcCluster) {
    await c.removeReservation("sk_other_gpu");
    await c.removeAccount("sk_other_gpu");
  }

  it("stays waiting: 400 HPC_NODES_UNAVAILABLE naming free and asked nodes, nothing changed", async () => {
    const c = await cluster();
    const gpuNodes = (await c.health()).partitions.find((p) => p.name === "gpu")!.nodes;
    await takeGpuNodes(c, gpuNodes - 1);
    try {
      const applied = await applyFor("ai-dedicated", 2, "too-many");
      const before = await cash();
      const accounts = (await c.reservations()).map((r) => r.name);
      const res = await operator.request(`${OPS}/${applied.id}/activate`, {
        method: "POST",
        body: {},
        headers: { "accept-language": "en-US" },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(27109);
      expect(res.body.message).toBe(
        "Partition gpu has 1 nodes free to reserve and the application needs 2; it stays pending",
      );
      // The approval queue's door says the same, in Chinese too.
      const queue = await operator.request(`/api/audit/approval/${applied.id}/activate`, {
        method: "POST",
        body: {},
        headers: { "accept-language": "zh-CN" },
      });
      expect(queue.status).toBe(400);
      expect(queue.body.message).toBe("集群分区gpu现有1个节点可预留，申请需要2个，申请仍待处理");
      await advance(t, 5);
      const order = (await owner.client.request<OrderDetail>(`/api/orders/${applied.id}`)).body.data;
      expect(order).toMatchObject({ status: "approved", awaitingActivation: true, resourceIds: [] });
      expect(order.events.map((e) => e.action)).not.toContain("activated");
      expect((await ownRow(applied.orderNo))?.state).toBe("waiting");
      expect((await c.reservations()).map((r) => r.name)).toEqual(accounts);
      expect(await cash()).toBe(before);
      // Once a node is freed, the same application is activated.
      await release(c);
      const ok = await operator.request(`${OPS}/${applied.id}/activate`, { method: "POST", body: {} });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      await advance(t, 5);
      expect((await ownRow(applied.orderNo))?.state).toBe("active");
    } finally {
      await release(c);
    }
  });

  it("refused by the cluster while provisioning: nothing left on the cluster, failed and refunded", async () => {
    const c = await cluster();
    const applied = await applyFor("ai-dedicated", 1, "lost-race");
    const before = await cash();
    // The application was activated while a node was free, and the server stopped before
    // provisioning started (the lifecycle resumes it); meanwhile another party took every GPU node.
    const now = t.clock.now();
    await t.database.db
      .update(orders)
      .set({ activatedAt: now, updatedAt: now })
      .where(eq(orders.id, applied.id));
    const free =
      (await c.health()).partitions.find((p) => p.name === "gpu")!.nodes -
      (await c.reservations()).filter((r) => r.partition === "gpu").reduce((n, r) => n + r.nodes, 0);
    await takeGpuNodes(c, free);
    try {
      await advance(t, 5);
      const order = (await owner.client.request<OrderDetail>(`/api/orders/${applied.id}`)).body.data;
      expect(order.status).toBe("failed");
      expect((await cash()) - before).toBe(56_000_00000n);
      expect(await ownRow(applied.orderNo)).toMatchObject({ state: "failed", refunded: "56000.00000" });
      // The account and reservation provisioning made for it were removed (compensation).
      const made = await t.database.db.select().from(resources).where(eq(resources.orderId, applied.id));
      expect(made.length).toBeGreaterThan(0);
      for (const r of made) {
        const name = accountNameOf(owner.orgId, r.id);
        expect(await c.getAccount(name)).toBeNull();
        expect((await c.reservations()).map((x) => x.name)).not.toContain(name);
      }
    } finally {
      await release(c);
    }
  });
});
