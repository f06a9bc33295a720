// HPC accounting end to end: a tenant orders the demo's postpaid HPC shared pool, its member runs a
// job on the simulated cluster, and the next passes of the lifecycle step charge the job-seconds at
// the product's core-hour price — one bill per hour with the job on a line the tenant reads — and
// nothing else: the generic hourly metering does not charge the pool's subscription as well.
import { NO_USAGE, rateJobSpan } from "@skyledger/billing";
import type { HpcBillJob, OrderDetail } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPrices, products } from "../src/modules/catalog/catalog.schema";
import { DEMO_CLUSTER_ID } from "../src/modules/catalog/catalog.seed";
import { connectionOf } from "../src/modules/hpc/cluster-access";
import { hpcClusters, hpcPoolMembers, hpcPools } from "../src/modules/hpc/hpc.schema";
import { bills } from "../src/modules/ledger/ledger.schema";
import { createHpcCluster } from "../src/providers/hpc/clusters";
import { DEMO, signedIn } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { simScript } from "./support/hpc-pool";
import { y } from "./support/money";
import { advance, apply, verifiedTenant } from "./support/orders";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("an ordered HPC shared pool", () => {
  it("is charged for its jobs' core-hours at the product's price, and for nothing else", async () => {
    const db = t.database.db;
    const operator = await signedIn(t.app, t.clock, DEMO.admin);
    const tenant = await verifiedTenant(t, operator, "1000");
    const res = await apply(tenant.client, {
      productCode: "hpc-shared",
      spec: {},
      name: "lab-pool",
      quantity: 1,
      paymentType: "postpaid",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(t, 5);
    const order = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
    expect(order.body.data.status).toBe("completed");
    const poolId = order.body.data.resourceIds[0]!;
    const [pool] = await db.select().from(hpcPools).where(eq(hpcPools.resourceId, poolId));
    const [member] = await db.select().from(hpcPoolMembers).where(eq(hpcPoolMembers.poolId, poolId));
    const [row] = await db.select().from(hpcClusters).where(eq(hpcClusters.id, DEMO_CLUSTER_ID));
    const cluster = createHpcCluster("simulator", connectionOf(row!, t.secrets), { db, clock: t.clock });

    const { jobId } = await cluster.submitJob({
      account: pool!.account,
      user: member!.clusterUser,
      partition: pool!.partition,
      name: "relax",
      script: simScript(5000),
      cpus: 8,
      gpus: 0,
      timeLimitMinutes: 120,
    });
    for (let h = 0; h < 4; h++) await advance(t, 3600);

    const [product] = await db.select().from(products).where(eq(products.code, "hpc-shared"));
    const [price] = await db
      .select()
      .from(productPrices)
      .where(and(eq(productPrices.productId, product!.id), eq(productPrices.dimension, "coreHour")));
    const discount = { hundredths: BigInt(price!.discountHundredths ?? 100) };
    const expected = rateJobSpan(
      NO_USAGE,
      { cpus: 8, gpus: 0, seconds: 5000 },
      {
        coreHour: price!.unitPrice,
        gpuHour: 0n,
        discount,
      },
    ).amount;
    expect(expected).toBeGreaterThan(0n);

    const charged = await db.select().from(bills).where(eq(bills.orgId, tenant.orgId));
    const postpaid = charged.filter((b) => b.chargeType === "postpaid");
    expect(postpaid.length).toBeGreaterThanOrEqual(1);
    expect(postpaid.reduce((s, b) => s + b.actualAmount, 0n)).toBe(expected);

    const client = await signedIn(t.app, t.clock, tenant.tenant);
    let shown = 0n;
    for (const bill of postpaid) {
      const jobs = await client.request<{ list: HpcBillJob[] }>(
        `/api/bills/listBillDetails/${bill.billNo}/jobs`,
      );
      expect(jobs.status).toBe(200);
      expect(jobs.body.data.list.map((j) => j.jobId)).toEqual([jobId]);
      expect(jobs.body.data.list[0]).toMatchObject({ user: member!.clusterUser, cpus: 8, gpus: 0 });
      shown += jobs.body.data.list.reduce((s, j) => s + y(j.amount), 0n);
    }
    expect(shown).toBe(expected);
  });
});
