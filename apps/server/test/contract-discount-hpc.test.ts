// The contract discount on usage-rated services (decision 0029, docs/billing/contracts.md): an HPC
// pool's core-hours are discounted for the hours rated while a contract of its product is in
// execution, each bill keeping the contract discount as its own part, and the hours rated after
// the contract ended are charged in full. The clock is moved, never waited for.
import { applyDiscount, discountFromHundredths } from "@skyledger/billing";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bills } from "../src/modules/ledger/ledger.schema";
import type { HpcCluster } from "../src/providers/hpc/hpc-cluster";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { createContract } from "./support/contracts";
import { startTestApp, type TestApp } from "./support/harness";
import { hpcProduct, MEMBERS, postpaidPool, simScript, simulatedCluster } from "./support/hpc-pool";
import { y } from "./support/money";
import { advance, verifiedTenant } from "./support/orders";

const HOUR_MS = 3_600_000;
let t: TestApp;
let operator: TestClient;
let product: { id: string; code: string };
let clusterId: string;
let cluster: HpcCluster;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  // 0.05 yuan a core-hour: 4 cores for an hour are 0.20 yuan.
  product = await hpcProduct(operator, t, { coreHour: "0.05", gpuHour: "3" });
  ({ clusterId, cluster } = await simulatedCluster(t));
});
afterAll(() => t.close());

const poolBills = (orgId: string) =>
  t.database.db
    .select()
    .from(bills)
    .where(and(eq(bills.orgId, orgId), eq(bills.chargeType, "postpaid"), eq(bills.type, "charge")))
    .orderBy(asc(bills.usageStart));

/** Moves the clock to the next full hour, running the step on the way. */
async function toNextHour(): Promise<void> {
  const now = t.clock.now().getTime();
  await advance(t, (Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS - now) / 1000);
}

/** A four-core job of `minutes` on the pool's account, submitted now. */
const fourCores = (account: string, minutes: number) =>
  cluster.submitJob({
    account,
    user: MEMBERS[0]!,
    partition: "cpu",
    name: `job-${minutes}`,
    script: simScript(minutes * 60),
    cpus: 4,
    gpus: 0,
    timeLimitMinutes: minutes + 5,
  });

describe("an HPC pool under a 0.80 contract", () => {
  it("is charged its core-hours less the contract discount while the contract runs, in full after it", async () => {
    await toNextHour();
    // The moved clock may have outlived the operator's session.
    operator = await signedIn(t.app, t.clock, DEMO.admin);
    const tenant = await verifiedTenant(t, operator, "1000");
    const pool = await postpaidPool(t, { orgId: tenant.orgId, product, clusterId, cluster });
    // In execution from an hour ago until two hours from now (the hour boundary).
    const ends = new Date(t.clock.now().getTime() + 2 * HOUR_MS);
    await createContract(t, operator, tenant.orgId, {
      discounts: [{ target: "product", code: product.code, discount: "0.80" }],
      endsAt: ends.toISOString(),
    });

    // One 30-minute job in each of the first four hours: two inside the contract, two after it.
    for (let h = 0; h < 4; h++) {
      await fourCores(pool.account, 30);
      await toNextHour();
    }
    await toNextHour();

    const rows = await poolBills(tenant.orgId);
    const during = rows.filter((b) => b.usageEnd! <= ends);
    const after = rows.filter((b) => b.usageStart! >= ends);
    expect(during.length + after.length).toBe(rows.length);
    // 4 cores × 0.5 h × 0.05 = 0.10 yuan an hour, 0.20 for each part of the day.
    const sum = (xs: bigint[]) => xs.reduce((s, x) => s + x, 0n);
    expect(sum(during.map((b) => b.originalAmount))).toBe(y("0.2"));
    expect(sum(after.map((b) => b.originalAmount))).toBe(y("0.2"));
    const eighty = discountFromHundredths(80);
    for (const b of during) {
      // The contract takes its part of each bill, shown on its own, and the rest is what was paid.
      expect(b.contractDiscount).toBe(b.originalAmount - applyDiscount(b.originalAmount, eighty));
      expect(b.actualAmount).toBe(b.originalAmount - b.contractDiscount);
    }
    expect(sum(during.map((b) => b.contractDiscount))).toBe(y("0.04"));
    for (const b of after) {
      expect(b.contractDiscount).toBe(0n);
      expect(b.actualAmount).toBe(b.originalAmount);
    }
  });
});
