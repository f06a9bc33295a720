// Dedicated HPC and AI pools (issue 14 item 3) on the simulated cluster: a verified tenant applies
// for whole nodes, prepaid by the node and month. The paid order waits for an operator (the orders
// module's manual activation: nothing is made on the cluster yet). Activating it makes the Slurm
// account and a reservation of the nodes for that account, and the service period starts then;
// closing a waiting application refunds it in full, to the fen; unsubscribing a running one
// removes the reservation and the account. An activation the cluster is short of nodes for is
// refused and the application keeps waiting. Nodes outside what the product sells are refused in
// both languages, and a tenant never sees another's pool.
import type { HpcPoolDetail, OrderDetail } from "@skyledger/contracts";
import { errorText } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLUSTER_ID } from "../src/modules/catalog/catalog.seed";
import { accountNameOf, connectionOf } from "../src/modules/hpc/cluster-access";
import { hpcClusters, hpcPools } from "../src/modules/hpc/hpc.schema";
import { cashAccountId } from "../src/modules/ledger/ledger.service";
import { resources } from "../src/modules/resources/resources.schema";
import { createHpcCluster } from "../src/providers/hpc/clusters";
import type { HpcCluster } from "../src/providers/hpc/hpc-cluster";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { balanceOf, idem } from "./support/money";
import { advance, apply, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;
let owner: Tenant;

async function cluster(): Promise<HpcCluster> {
  const [row] = await t.database.db.select().from(hpcClusters).where(eq(hpcClusters.id, DEMO_CLUSTER_ID));
  return createHpcCluster("simulator", connectionOf(row!, t.secrets), { db: t.database.db, clock: t.clock });
}

const dedicatedOrder = (productCode: string, nodes: number, periodMonths = 1) => ({
  productCode,
  spec: { units: nodes },
  name: `dedicated-${nodes}`,
  quantity: 1,
  paymentType: "prepaid",
  periodMonths,
});

async function applyFor(tenant: Tenant, productCode: string, nodes: number): Promise<OrderDetail> {
  const res = await apply(tenant.client, dedicatedOrder(productCode, nodes));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 5);
  return (await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`)).body.data;
}

const order = (client: TestClient, id: string) => client.request<OrderDetail>(`/api/orders/${id}`);
const cash = (tenant: Tenant) => balanceOf(t.database.db, cashAccountId(tenant.orgId));

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "200000");
});
afterAll(() => t.close());

describe("applying for a dedicated pool", () => {
  it("charges the nodes × months and waits for an operator: nothing on the cluster yet", async () => {
    const before = await cash(owner);
    const applied = await applyFor(owner, "ai-dedicated", 1);
    expect(applied.status).toBe("approved");
    expect(applied.awaitingActivation).toBe(true);
    expect(applied.resourceIds).toEqual([]);
    // 56000 yuan a node a month, one node, one month.
    expect(before - (await cash(owner))).toBe(56_000_00000n);
    expect(await (await cluster()).reservations()).toEqual([]);
  });

  it("refuses more nodes than the product sells of the partition, in both languages", async () => {
    const res = await owner.client.request("/api/service/apply", {
      method: "POST",
      body: dedicatedOrder("ai-dedicated", 3),
      headers: { ...idem(), "accept-language": "zh-CN" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(errorText("HPC_NODES_OUT_OF_RANGE", "zh-CN").replace("{max}", "2"));
    const en = await owner.client.request("/api/service/apply", {
      method: "POST",
      body: dedicatedOrder("hpc-dedicated", 5),
      headers: { ...idem(), "accept-language": "en-US" },
    });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe("A dedicated pool takes from 1 to 4 nodes");
  });
});

describe("an operator approving it", () => {
  it("reserves the nodes for the tenant's account, starts the service period and the pool runs", async () => {
    const applied = await applyFor(owner, "hpc-dedicated", 2);
    const approvedAt = t.clock.now();
    const activated = await operator.request<OrderDetail>(`/api/audit/approval/${applied.id}/activate`, {
      method: "POST",
      body: { reason: "" },
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    await advance(t, 5);
    const done = (await order(owner.client, applied.id)).body.data;
    expect(done.status).toBe("completed");
    const poolId = done.resourceIds[0]!;
    const account = accountNameOf(owner.orgId, poolId);
    const c = await cluster();
    expect(await c.getAccount(account)).not.toBeNull();
    expect((await c.reservations()).find((r) => r.name === account)).toMatchObject({
      account,
      partition: "cpu",
      nodes: 2,
      end: null,
    });
    const [pool] = await t.database.db.select().from(hpcPools).where(eq(hpcPools.resourceId, poolId));
    expect(pool).toMatchObject({ reservation: account, nodes: 2, poolType: "hpcDedicated" });
    // The prepaid month runs from the approval, not from the application.
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, poolId));
    expect(row!.status).toBe("available");
    expect(row!.expiresAt!.getTime()).toBeGreaterThan(approvedAt.getTime() + 27 * 86_400_000);
    const detail = await owner.client.request<HpcPoolDetail>(`/api/hpc/pools/${poolId}`);
    expect(detail.status).toBe(200);
    // Another tenant does not see it.
    const stranger = await verifiedTenant(t, operator, "0");
    expect((await stranger.client.request(`/api/hpc/pools/${poolId}`)).status).toBe(404);
  });

  it("is refused while the cluster is short of free nodes: the application stays waiting", async () => {
    // Every GPU node of the simulated cluster is taken by another reservation.
    const c = await cluster();
    const gpuNodes = (await c.health()).partitions.find((p) => p.name === "gpu")!.nodes;
    await c.ensureAccount({
      account: "sk_other_gpu",
      description: "someone else",
      limits: { cpus: null, gpus: null, runningJobs: null, maxSubmitJobs: null, cpuMinutes: null },
    });
    await c.createReservation({
      name: "sk_other_gpu",
      account: "sk_other_gpu",
      partition: "gpu",
      nodes: gpuNodes,
      start: t.clock.now(),
      end: null,
    });
    try {
      const before = await cash(owner);
      const applied = await applyFor(owner, "ai-dedicated", 1);
      const refused = await operator.request(`/api/audit/approval/${applied.id}/activate`, {
        method: "POST",
        body: { reason: "" },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(27109);
      await advance(t, 5);
      // Nothing was made and nothing moved: it waits for an operator as before.
      const waiting = (await order(owner.client, applied.id)).body.data;
      expect(waiting).toMatchObject({ status: "approved", awaitingActivation: true, resourceIds: [] });
      const onGpu = (await c.reservations()).filter((r) => r.partition === "gpu").map((r) => r.name);
      expect(onGpu).toEqual(["sk_other_gpu"]);
      // The operator closes it instead: refunded in full. (A cluster refusing while provisioning,
      // the nodes taken after this check, fails the order and refunds it: hpc-dedicated-close.test.ts.)
      const closed = await operator.request(`/api/audit/approval/${applied.id}/close`, {
        method: "POST",
        body: { reason: "No GPU node free" },
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(await cash(owner)).toBe(before);
    } finally {
      await c.removeReservation("sk_other_gpu");
      await c.removeAccount("sk_other_gpu");
    }
  });
});

describe("rejecting and closing", () => {
  it("closes a waiting application with a reason and refunds it in full, to the fen", async () => {
    const before = await cash(owner);
    const applied = await applyFor(owner, "ai-dedicated", 2);
    expect(before - (await cash(owner))).toBe(112_000_00000n);
    const noReason = await operator.request(`/api/audit/approval/${applied.id}/close`, {
      method: "POST",
      body: { reason: "" },
    });
    expect(noReason.status).toBe(400);
    const closed = await operator.request<OrderDetail>(`/api/audit/approval/${applied.id}/close`, {
      method: "POST",
      body: { reason: "No GPU nodes free this quarter" },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.status).toBe("terminated");
    expect(await cash(owner)).toBe(before);
    const again = await operator.request(`/api/audit/approval/${applied.id}/activate`, {
      method: "POST",
      body: { reason: "" },
    });
    expect(again.status).toBe(400);
    expect((await (await cluster()).reservations()).filter((r) => r.partition === "gpu")).toEqual([]);
  });

  it("unsubscribing a running pool removes its reservation and account", async () => {
    const applied = await applyFor(owner, "ai-dedicated", 1);
    await operator.request(`/api/audit/approval/${applied.id}/activate`, {
      method: "POST",
      body: { reason: "" },
    });
    await advance(t, 5);
    const poolId = (await order(owner.client, applied.id)).body.data.resourceIds[0]!;
    const account = accountNameOf(owner.orgId, poolId);
    expect((await (await cluster()).reservations()).map((r) => r.name)).toContain(account);
    const before = await cash(owner);
    const gone = await owner.client.request(`/api/service/unsubscribe/${poolId}`, {
      method: "POST",
      headers: idem(),
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    await advance(t, 1);
    const c = await cluster();
    expect((await c.reservations()).map((r) => r.name)).not.toContain(account);
    expect(await c.getAccount(account)).toBeNull();
    // Unsubscribed within its first day: the unsubscribe rules refund the unused part.
    expect(await cash(owner)).toBeGreaterThan(before);
  });
});
