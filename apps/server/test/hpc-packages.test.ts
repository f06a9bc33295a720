// Core-hour packages on HPC pools (docs/billing/rules.md §14 "Packages first", docs/hpc.md) on the
// simulated cluster with a moved fake clock: the hourly charge takes the tenant's packages first,
// to the core-second and soonest-ending first, and charges the rest; the bill's job lines say what
// the packages covered; a pool run on packages only is held on the cluster when they are used up
// and lifted the pass after a package is bought, each move with its system audit row and notice.
import type { HpcPoolDetail, TenantPackage } from "@skyledger/contracts";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hpcChargeLines } from "../src/modules/hpc/accounting/hpc-accounting.schema";
import { hpcPools } from "../src/modules/hpc/hpc.schema";
import { bills } from "../src/modules/ledger/ledger.schema";
import { verifyLedger } from "../src/modules/ledger/ledger.verify";
import { packageUsages, tenantPackages } from "../src/modules/packages/packages.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import type { HpcCluster } from "../src/providers/hpc/hpc-cluster";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { hpcProduct, postpaidPool, simScript, simulatedCluster } from "./support/hpc-pool";
import { cashOf, idem, y } from "./support/money";
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
  product = await hpcProduct(operator, t, { coreHour: "0.05", gpuHour: "3" });
  ({ clusterId, cluster } = await simulatedCluster(t));
});
afterAll(() => t.close());

const db = () => t.database.db;
const sum = (xs: bigint[]) => xs.reduce((s, x) => s + x, 0n);

async function toMinute(minute: number, second = 0): Promise<void> {
  const now = t.clock.now().getTime();
  const target = Math.floor(now / HOUR_MS) * HOUR_MS + minute * 60_000 + second * 1000;
  await advance(t, ((target > now ? target : target + HOUR_MS) - now) / 1000);
}

/** A listed core-hour offer of the test product. */
async function coreHourOffer(unitHours: number, validityMonths: number, price: string): Promise<string> {
  const code = `core-${unique().slice(-8)}`;
  const made = await operator.request<{ id: string }>("/api/ops/bag/offers", {
    method: "POST",
    body: {
      code,
      nameZh: "核时包",
      nameEn: "Core-hour package",
      kind: "resource",
      productCode: product.code,
      dimension: "coreHour",
      unitHours,
      validityMonths,
      price,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const listed = await operator.request(`/api/ops/bag/offers/${made.body.data.id}/listing`, {
    method: "PUT",
    body: { listingState: "listed" },
  });
  expect(listed.status).toBe(200);
  return code;
}

async function buy(client: TestClient, offerCode: string): Promise<TenantPackage> {
  const res = await client.request<TenantPackage>("/api/bag/buy", {
    method: "POST",
    body: { offerCode, quantity: 1 },
    headers: idem(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function tenantWithPool(cash: string) {
  // Sessions end after an hour of the moved clock: each test signs in again.
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  const tenant = await verifiedTenant(t, operator, cash);
  const pool = await postpaidPool(t, { orgId: tenant.orgId, product, clusterId, cluster });
  return { ...tenant, ...pool };
}

const submit = (account: string, cpus: number, runtime: number) =>
  cluster.submitJob({
    account,
    user: "alice",
    partition: "cpu",
    name: `job-${cpus}-${runtime}`,
    script: simScript(runtime),
    cpus,
    gpus: 0,
    timeLimitMinutes: Math.ceil(runtime / 60) + 5,
  });

const packageRow = async (id: string) =>
  (await db().select().from(tenantPackages).where(eq(tenantPackages.id, id)))[0]!;

describe("core-hour packages before money", () => {
  it("cover jobs to the core-second, soonest-ending package first, several packages; the rest is charged", async () => {
    const pool = await tenantWithPool("100");
    const soon = await buy(pool.client, await coreHourOffer(2, 1, "1"));
    const later = await buy(pool.client, await coreHourOffer(10, 3, "4"));
    const cashAfterBuying = await cashOf(db(), pool.orgId);
    expect(cashAfterBuying).toBe(y("95"));

    // 4 cores for 1.5 h = 6 core-hours: 2 from the package ending sooner, 4 from the other.
    await toMinute(0, 30);
    await submit(pool.account, 4, 5400);
    for (let h = 0; h < 3; h++) await toMinute(1);
    expect((await packageRow(soon.id)).status).toBe("used");
    const mid = await packageRow(later.id);
    expect(mid.remainingUnitHours * 3600 + mid.remainingPartSeconds).toBe(6 * 3600);
    expect(await cashOf(db(), pool.orgId)).toBe(cashAfterBuying);

    // 8 cores for 1 h = 8 core-hours: the 6 left are covered, 2 core-hours charged (0.10).
    await submit(pool.account, 8, 3600);
    for (let h = 0; h < 3; h++) await toMinute(1);
    expect((await packageRow(later.id)).status).toBe("used");
    expect(await cashOf(db(), pool.orgId)).toBe(cashAfterBuying - y("0.1"));

    const lines = await db()
      .select()
      .from(hpcChargeLines)
      .where(eq(hpcChargeLines.poolId, pool.poolId))
      .orderBy(asc(hpcChargeLines.usageStart));
    // Every core-second is either covered or charged, once.
    expect(sum(lines.map((l) => l.coreSeconds))).toBe(14n * 3600n);
    expect(sum(lines.map((l) => l.packageCoreSeconds))).toBe(12n * 3600n);
    expect(sum(lines.map((l) => l.amount))).toBe(y("0.1"));
    const poolBills = await db()
      .select()
      .from(bills)
      .where(and(eq(bills.orgId, pool.orgId), eq(bills.chargeType, "postpaid")));
    expect(sum(poolBills.map((b) => b.actualAmount))).toBe(y("0.1"));
    for (const bill of poolBills)
      expect(sum(lines.filter((l) => l.billNo === bill.billNo).map((l) => l.amount))).toBe(bill.actualAmount);
    // The bill page's job lines show what the packages covered.
    const covered = poolBills.find((b) => b.actualAmount === 0n)!;
    const client = await signedIn(t.app, t.clock, pool.tenant);
    const read = await client.request<{ list: { packageCoreHours: string; amount: string }[] }>(
      `/api/bills/listBillDetails/${covered.billNo}/jobs`,
    );
    expect(read.status).toBe(200);
    expect(read.body.data.list.some((l) => Number(l.packageCoreHours) > 0 && l.amount === "0.00000")).toBe(
      true,
    );
    // One consumption record per package and run, to the second.
    const uses = await db().select().from(packageUsages).where(eq(packageUsages.resourceId, pool.poolId));
    expect(sum(uses.map((u) => u.unitSeconds))).toBe(12n * 3600n);
    expect(await verifyLedger(db())).toEqual([]);
  });
});

describe("a pool run on packages only", () => {
  it("is held when its packages are used up, and a bought package lifts the hold within one pass", async () => {
    const pool = await tenantWithPool("100");
    const offer = await coreHourOffer(1, 1, "1");
    await buy(pool.client, offer);
    const set = await pool.client.request<HpcPoolDetail>(`/api/hpc/pools/${pool.poolId}/packages_only`, {
      method: "PUT",
      body: { packagesOnly: true },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.packagesOnly).toBe(true);
    expect(set.body.data.packages.map((p) => p.remainingHours)).toEqual(["1.00"]);

    // 2 cores for 45 min = 1.5 core-hours: the package's one is used up, half a core-hour charged.
    await toMinute(0, 0);
    await submit(pool.account, 2, 2700);
    await toMinute(1);
    await toMinute(1);
    const [held] = await db().select().from(hpcPools).where(eq(hpcPools.resourceId, pool.poolId));
    expect(held!.heldReason).toBe("packageExhausted");
    expect((await cluster.getAccount(pool.account))!.limits.maxSubmitJobs).toBe(0);
    await expect(submit(pool.account, 1, 60)).rejects.toMatchObject({ reason: "held" });
    const client = await signedIn(t.app, t.clock, pool.tenant);
    const detail = await client.request<HpcPoolDetail>(`/api/hpc/pools/${pool.poolId}`);
    expect(detail.body.data.heldReason).toBe("packageExhausted");
    expect(detail.body.data.packages).toEqual([]);

    await buy(client, offer);
    await toMinute(1);
    const [lifted] = await db().select().from(hpcPools).where(eq(hpcPools.resourceId, pool.poolId));
    expect(lifted!.heldReason).toBeNull();
    expect((await cluster.getAccount(pool.account))!.limits).toEqual(lifted!.limits);
    await submit(pool.account, 1, 60);

    const told = await db()
      .select({ purpose: outboxMessages.purpose })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, pool.tenant.email));
    expect(told.filter((m) => m.purpose === "hpc.pool.packageHeld")).toHaveLength(1);
    expect(told.filter((m) => m.purpose === "hpc.pool.packageLifted")).toHaveLength(1);
    const audits = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, pool.orgId), eq(auditLogs.target, pool.name)))
      .orderBy(asc(auditLogs.at));
    expect(
      audits.map((a) => [a.action, a.actorId, (a.detail as { heldReason?: string })?.heldReason]),
    ).toEqual([
      ["hpc.packagesOnlyChanged", pool.tenant.userSid, undefined],
      ["hpc.poolHeld", null, "packageExhausted"],
      ["hpc.poolLifted", null, "packageExhausted"],
    ]);
    expect(await verifyLedger(db())).toEqual([]);
  });
});
