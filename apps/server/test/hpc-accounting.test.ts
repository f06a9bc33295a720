// HPC accounting (docs/billing/rules.md §14) on the simulated cluster with a moved fake clock: jobs
// are rated into core-hours and GPU-hours and charged to the ledger hour by hour, each job-second
// once, whatever the hours, runs and instances; the bill shows one line per job; a pool whose
// organisation owes is held on the cluster and released after a top-up.
import { formatYuan, NO_USAGE, rateJobSpan } from "@skyledger/billing";
import type { HpcBillJob } from "@skyledger/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClusterOf } from "../src/modules/hpc/accounting/cluster-of";
import { hpcChargeLines, hpcJobCharges } from "../src/modules/hpc/accounting/hpc-accounting.schema";
import { createHpcAccounting } from "../src/modules/hpc/accounting/hpc-accounting.service";
import { hpcPools } from "../src/modules/hpc/hpc.schema";
import { bills } from "../src/modules/ledger/ledger.schema";
import { verifyLedger } from "../src/modules/ledger/ledger.verify";
import { resources } from "../src/modules/resources/resources.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import type { HpcCluster } from "../src/providers/hpc/hpc-cluster";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { LONG_TEST_MS, startTestApp, type TestApp } from "./support/harness";
import { hpcProduct, MEMBERS, postpaidPool, simScript, simulatedCluster } from "./support/hpc-pool";
import { cashOf, fundCash, y } from "./support/money";
import { advance, verifiedTenant } from "./support/orders";

const HOUR_MS = 3_600_000;
const PRICES = { coreHour: "0.05", gpuHour: "3" };
let t: TestApp;
let operator: TestClient;
let product: { id: string; code: string };
let clusterId: string;
let cluster: HpcCluster;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  product = await hpcProduct(operator, t, PRICES);
  ({ clusterId, cluster } = await simulatedCluster(t));
});
afterAll(() => t.close());

const db = () => t.database.db;
const poolBills = (orgId: string) =>
  db()
    .select()
    .from(bills)
    .where(and(eq(bills.orgId, orgId), eq(bills.chargeType, "postpaid")))
    .orderBy(asc(bills.usageStart));
// In the order they were charged: PostgreSQL returns rows in no set order without one (an
// updated row moves), so the hour-by-hour figures are read by when each span starts.
const linesOf = (poolId: string) =>
  db()
    .select()
    .from(hpcChargeLines)
    .where(eq(hpcChargeLines.poolId, poolId))
    .orderBy(asc(hpcChargeLines.usageStart), asc(hpcChargeLines.id));
const sum = (xs: bigint[]) => xs.reduce((s, x) => s + x, 0n);
const seconds = (from: Date, to: Date) => Math.floor(to.getTime() / 1000) - Math.floor(from.getTime() / 1000);

/** Moves the clock to the next moment `minute:second` past an hour, running the step on the way. */
async function toMinute(minute: number, second = 0): Promise<void> {
  const now = t.clock.now().getTime();
  const target = Math.floor(now / HOUR_MS) * HOUR_MS + minute * 60_000 + second * 1000;
  await advance(t, ((target > now ? target : target + HOUR_MS) - now) / 1000);
}

async function tenantWithPool(cash: string, discountHundredths?: number) {
  const tenant = await verifiedTenant(t, operator, cash);
  const pool = await postpaidPool(t, {
    orgId: tenant.orgId,
    product,
    clusterId,
    cluster,
    ...(discountHundredths === undefined ? {} : { discountHundredths }),
  });
  return { ...tenant, ...pool };
}

const submit = (
  account: string,
  job: { user: string; partition: string; cpus: number; gpus: number; runtime: number },
) =>
  cluster.submitJob({
    account,
    user: job.user,
    partition: job.partition,
    name: `job-${job.cpus}-${job.runtime}`,
    script: simScript(job.runtime),
    cpus: job.cpus,
    gpus: job.gpus,
    timeLimitMinutes: Math.ceil(job.runtime / 60) + 5,
  });

describe("fifty jobs of two users", () => {
  it(
    "are each charged to the 0.00001 yuan of their own accounting figures, one bill line per job and hour",
    async () => {
      const pool = await tenantWithPool("100000", 90);
      const cashBefore = await cashOf(db(), pool.orgId);
      const since = t.clock.now();
      for (let i = 0; i < 50; i++) {
        const gpu = i % 5 === 0;
        await submit(pool.account, {
          user: MEMBERS[i % 2]!,
          partition: gpu ? "gpu" : "cpu",
          cpus: 1 + ((i * 7) % 32),
          gpus: gpu ? 1 + (i % 4) : 0,
          runtime: 120 + i * 397,
        });
        await advance(t, 7 * 60);
      }
      for (let h = 0; h < 12; h++) await advance(t, 3600);

      const records = await cluster.jobs({ accounts: [pool.account], from: since, to: t.clock.now() });
      expect(records).toHaveLength(50);
      expect(records.every((r) => r.state === "completed")).toBe(true);
      expect(new Set(records.map((r) => r.user))).toEqual(new Set(MEMBERS));
      const lines = await linesOf(pool.poolId);
      const prices = {
        coreHour: y(PRICES.coreHour),
        gpuHour: y(PRICES.gpuHour),
        discount: { hundredths: 90n },
      };
      let expectedTotal = 0n;
      for (const r of records) {
        const elapsed = seconds(r.startedAt!, r.endedAt!);
        const expected = rateJobSpan(
          NO_USAGE,
          { cpus: r.cpus, gpus: r.gpus, seconds: elapsed },
          prices,
        ).amount;
        const mine = lines.filter((l) => l.jobId === r.jobId);
        expect(sum(mine.map((l) => l.amount)), `job ${r.jobId}`).toBe(expected);
        expect(
          mine.reduce((s, l) => s + l.seconds, 0),
          `job ${r.jobId}`,
        ).toBe(elapsed);
        expect(mine.every((l) => l.cpus === r.cpus && l.gpus === r.gpus && l.clusterUser === r.user)).toBe(
          true,
        );
        expectedTotal += expected;
      }
      // Jobs longer than an hour are charged in several hours' bills.
      expect(lines.length).toBeGreaterThan(50);
      const charged = await poolBills(pool.orgId);
      expect(sum(charged.map((b) => b.actualAmount))).toBe(expectedTotal);
      for (const bill of charged) {
        expect(sum(lines.filter((l) => l.billNo === bill.billNo).map((l) => l.amount))).toBe(
          bill.actualAmount,
        );
        expect(bill.usageStart!.getTime() % HOUR_MS).toBe(0);
      }
      expect(cashBefore - (await cashOf(db(), pool.orgId))).toBe(expectedTotal);
      expect(await verifyLedger(db())).toEqual([]);

      // The tenant reads a bill's jobs; another tenant's bill is not found.
      const client = await signedIn(t.app, t.clock, pool.tenant);
      const bill = charged[1]!;
      const page = await client.request<{ list: HpcBillJob[]; total: number }>(
        `/api/bills/listBillDetails/${bill.billNo}/jobs`,
        { query: { pageSize: 200 } },
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.data.total).toBe(lines.filter((l) => l.billNo === bill.billNo).length);
      const shown = sum(page.body.data.list.map((j) => y(j.amount)));
      expect(formatYuan(shown)).toBe(formatYuan(bill.actualAmount));
      expect(page.body.data.list[0]).toMatchObject({
        partition: expect.any(String),
        user: expect.any(String),
      });
      const other = await verifiedTenant(t, operator, "0");
      const hidden = await other.client.request(`/api/bills/listBillDetails/${bill.billNo}/jobs`);
      expect(hidden.status).toBe(404);
    },
    LONG_TEST_MS,
  );
});

describe("a job across hours, runs and instances", () => {
  it("is charged once per job-second: hour by hour, as differences of cumulative amounts (docs/hpc.md)", async () => {
    const pool = await tenantWithPool("1000", 90);
    await toMinute(36, 13);
    const started = t.clock.now();
    await submit(pool.account, { user: "alice", partition: "gpu", cpus: 6, gpus: 1, runtime: 9238 });
    // A second instance of the step, run at the same moments as the application's.
    const second = createHpcAccounting({
      db: db(),
      clock: t.clock,
      timeZone: t.config.businessTimeZone,
      messaging: {
        notify: async () => {},
        queueEmail: async () => {},
        queueSms: async () => {},
        list: async () => ({}) as never,
      },
      clusterOf: createClusterOf({ db: db(), clock: t.clock, secrets: t.secrets }),
      arrearsGraceHours: t.config.lifecycle.arrearsGraceHours,
    });
    for (let h = 0; h < 5; h++) {
      await t.app.services.idle();
      t.clock.advance(HOUR_MS);
      await Promise.all([t.app.services.tick(), second.run(), second.run()]);
    }
    const charged = await poolBills(pool.orgId);
    expect(charged.map((b) => formatYuan(b.actualAmount))).toEqual([
      "1.17728",
      "2.97000",
      "2.97000",
      "0.50407",
    ]);
    expect(charged.map((b) => b.originalAmount - b.discountAmount)).toEqual(
      charged.map((b) => b.actualAmount),
    );
    const lines = await linesOf(pool.poolId);
    expect(lines.map((l) => l.seconds)).toEqual([1427, 3600, 3600, 611]);
    expect(lines[0]!.usageStart).toEqual(started);
    expect(sum(lines.map((l) => l.amount))).toBe(y("7.62135"));
  });
});

describe("the jobs' marks", () => {
  it("are kept only while the next run can read the job again, and each job-second is charged once all the same", async () => {
    const pool = await tenantWithPool("1000");
    const marks = async () =>
      new Map(
        (await db().select().from(hpcJobCharges).where(eq(hpcJobCharges.poolId, pool.poolId))).map((m) => [
          m.jobId,
          m.chargedUpTo,
        ]),
      );
    await toMinute(10);
    const hour = Math.floor(t.clock.now().getTime() / HOUR_MS) * HOUR_MS;
    // Ends at :30, before the next run's overlap (from :45): never read again.
    const early = await submit(pool.account, {
      user: "alice",
      partition: "cpu",
      cpus: 3,
      gpus: 0,
      runtime: 1200,
    });
    await toMinute(50);
    // Ends at :55, inside the overlap: the next run reads it again and must charge nothing.
    const tail = await submit(pool.account, {
      user: "bob",
      partition: "cpu",
      cpus: 5,
      gpus: 0,
      runtime: 300,
    });
    // Runs until two hours later at :40, before that run's overlap: three spans, the last unmarked.
    const long = await submit(pool.account, {
      user: "alice",
      partition: "gpu",
      cpus: 7,
      gpus: 1,
      runtime: 6600,
    });
    await toMinute(1);
    expect(await marks()).toEqual(
      new Map([
        [tail.jobId, new Date(hour + 55 * 60_000)],
        [long.jobId, new Date(hour + HOUR_MS)],
      ]),
    );
    for (let h = 0; h < 3; h++) await advance(t, 3600);
    // The long job's last span wrote no mark: the one of the hour before stays, never read again.
    expect(await marks()).toEqual(
      new Map([
        [tail.jobId, new Date(hour + 55 * 60_000)],
        [long.jobId, new Date(hour + 2 * HOUR_MS)],
      ]),
    );
    const lines = await linesOf(pool.poolId);
    const prices = {
      coreHour: y(PRICES.coreHour),
      gpuHour: y(PRICES.gpuHour),
      discount: { hundredths: 100n },
    };
    const records = await cluster.jobs({
      accounts: [pool.account],
      from: new Date(hour),
      to: t.clock.now(),
    });
    expect(records.map((r) => r.jobId).sort()).toEqual([early.jobId, tail.jobId, long.jobId].sort());
    for (const r of records) {
      const mine = lines.filter((l) => l.jobId === r.jobId);
      expect(mine, `job ${r.jobId}`).toHaveLength(r.jobId === long.jobId ? 3 : 1);
      const elapsed = seconds(r.startedAt!, r.endedAt!);
      const whole = rateJobSpan(NO_USAGE, { cpus: r.cpus, gpus: r.gpus, seconds: elapsed }, prices).amount;
      // Half-up rounding telescopes across the spans: the lines add up to the whole job's amount.
      expect(sum(mine.map((l) => l.amount)), `job ${r.jobId}`).toBe(whole);
    }
    expect(sum((await poolBills(pool.orgId)).map((b) => b.actualAmount))).toBe(
      sum(lines.map((l) => l.amount)),
    );

    // The console shows what each job cost from its lines, marked or not.
    const client = await signedIn(t.app, t.clock, pool.tenant);
    const page = await client.request<{ list: { jobId: string; charged: string | null }[] }>(
      `/api/hpc/console/pools/${pool.poolId}/jobs`,
      { query: { view: "finished", pageSize: 50 } },
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const shown = new Map(page.body.data.list.map((j) => [j.jobId, j.charged]));
    for (const r of records)
      expect(shown.get(r.jobId), `job ${r.jobId}`).toBe(
        formatYuan(sum(lines.filter((l) => l.jobId === r.jobId).map((l) => l.amount))),
      );
  });
});

describe("a pool whose product costs nothing", () => {
  it("shows its rated jobs charged 0 in the console, and not yet charged before the hour's run", async () => {
    // Signed in again: the earlier tests moved the clock past the first session's lifetime.
    const ops = await signedIn(t.app, t.clock, DEMO.admin);
    const free = await hpcProduct(ops, t, { coreHour: "0", gpuHour: "0" });
    const tenant = await verifiedTenant(t, ops, "100");
    const pool = await postpaidPool(t, { orgId: tenant.orgId, product: free, clusterId, cluster });
    await toMinute(10);
    const job = await submit(pool.account, {
      user: "alice",
      partition: "cpu",
      cpus: 4,
      gpus: 0,
      runtime: 600,
    });
    await toMinute(30);
    const client = await signedIn(t.app, t.clock, tenant.tenant);
    const chargedOf = async () => {
      const page = await client.request<{ list: { jobId: string; charged: string | null }[] }>(
        `/api/hpc/console/pools/${pool.poolId}/jobs`,
        { query: { view: "finished", pageSize: 50 } },
      );
      expect(page.body.code, JSON.stringify(page.body)).toBe(200);
      return page.body.data.list.find((j) => j.jobId === job.jobId)?.charged;
    };
    expect(await chargedOf()).toBeNull();
    await toMinute(5);
    // Rated: no bill, no line (nothing to charge), and the console says 0.
    expect(await poolBills(tenant.orgId)).toEqual([]);
    expect(await linesOf(pool.poolId)).toEqual([]);
    expect(await chargedOf()).toBe("0.00000");
  });
});

describe("a run that fails before it commits", () => {
  it("leaves no bill, no line and no mark, and the next run charges the hour once", async () => {
    const pool = await tenantWithPool("1000");
    // The job ends on the hour, within the next run's overlap: the run writes its mark.
    await toMinute(30);
    await submit(pool.account, { user: "alice", partition: "cpu", cpus: 2, gpus: 0, runtime: 1800 });
    // The database refuses the jobs' marks, written after the bill and its lines: as a crash there.
    await db().execute(sql`
      create function hpc_refuse_marks() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await db().execute(sql`create trigger hpc_refuse_marks before insert on hpc_job_charges
      for each row execute function hpc_refuse_marks()`);
    t.clock.advance(HOUR_MS);
    await expect(t.app.services.tick()).rejects.toThrow();
    expect(await poolBills(pool.orgId)).toEqual([]);
    expect(await linesOf(pool.poolId)).toEqual([]);
    await db().execute(sql`drop trigger hpc_refuse_marks on hpc_job_charges`);
    await db().execute(sql`drop function hpc_refuse_marks()`);
    await advance(t, 60);
    await advance(t, 3600);
    // 2 cores × 1 800 s = 1 core-hour × 0.05.
    expect((await poolBills(pool.orgId)).map((b) => formatYuan(b.actualAmount))).toEqual(["0.05000"]);
    expect(await linesOf(pool.poolId)).toHaveLength(1);
  });
});

describe("arrears on the cluster", () => {
  it("holds new submissions while the organisation owes, tells the tenant, and lifts the hold after a top-up", async () => {
    const pool = await tenantWithPool("1");
    await toMinute(0, 30);
    await submit(pool.account, { user: "bob", partition: "cpu", cpus: 64, gpus: 0, runtime: 5400 });
    // 64 cores × 0.05 = 3.2 an hour: the first whole hour leaves 2.2 owed.
    await toMinute(1);
    await toMinute(1);
    const [held] = await db().select().from(hpcPools).where(eq(hpcPools.resourceId, pool.poolId));
    expect(held!.heldReason).toBe("arrears");
    expect((await cluster.getAccount(pool.account))!.limits.maxSubmitJobs).toBe(0);
    await expect(
      submit(pool.account, { user: "alice", partition: "cpu", cpus: 1, gpus: 0, runtime: 60 }),
    ).rejects.toMatchObject({ reason: "held" });
    const [row] = await db().select().from(resources).where(eq(resources.id, pool.poolId));
    expect(row!.arrearsSince).not.toBeNull();
    const told = await db()
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.recipient, pool.tenant.email), eq(outboxMessages.purpose, "hpc.pool.held")),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(pool.name);

    // The running job goes on and is charged; the tenant is not told twice.
    await toMinute(1);
    expect(sum((await poolBills(pool.orgId)).map((b) => b.actualAmount))).toBe(y("4.8"));
    await fundCash(db(), pool.orgId, y("100"), t.clock.now());
    await toMinute(1);
    const [lifted] = await db().select().from(hpcPools).where(eq(hpcPools.resourceId, pool.poolId));
    expect(lifted!.heldReason).toBeNull();
    expect((await cluster.getAccount(pool.account))!.limits).toEqual(lifted!.limits);
    await submit(pool.account, { user: "alice", partition: "cpu", cpus: 1, gpus: 0, runtime: 60 });
    const messages = await db()
      .select({ purpose: outboxMessages.purpose })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, pool.tenant.email));
    expect(messages.filter((m) => m.purpose === "hpc.pool.held")).toHaveLength(1);
    expect(messages.filter((m) => m.purpose === "hpc.pool.lifted")).toHaveLength(1);
    const [paid] = await db().select().from(resources).where(eq(resources.id, pool.poolId));
    expect(paid!.arrearsSince).toBeNull();
    expect(await cashOf(db(), pool.orgId)).toBe(y("96.2"));
    expect(await verifyLedger(db())).toEqual([]);
  });

  it(
    "after the grace period still owing, the pool is frozen: its running job cancelled, charged up to the cancel",
    async () => {
      const pool = await tenantWithPool("1");
      await toMinute(0, 30);
      const { jobId } = await submit(pool.account, {
        user: "alice",
        partition: "cpu",
        cpus: 64,
        gpus: 0,
        runtime: 40 * 3600,
      });
      for (let h = 0; h < t.config.lifecycle.arrearsGraceHours + 3; h++) await toMinute(1);
      const [row] = await db().select().from(resources).where(eq(resources.id, pool.poolId));
      expect(row!.status).toBe("frozen");
      expect(row!.frozenReason).toBe("arrears");
      const [held] = await db().select().from(hpcPools).where(eq(hpcPools.resourceId, pool.poolId));
      expect(held!.heldReason).toBe("frozen");
      const [job] = (
        await cluster.jobs({ accounts: [pool.account], from: row!.createdAt, to: t.clock.now() })
      ).filter((j) => j.jobId === jobId);
      expect(job!.state).toBe("cancelled");
      // Every second it ran is charged (owed), and nothing after the cancel.
      await toMinute(1);
      await toMinute(1);
      const elapsed = seconds(job!.startedAt!, job!.endedAt!);
      const due = rateJobSpan(
        NO_USAGE,
        { cpus: 64, gpus: 0, seconds: elapsed },
        {
          coreHour: y(PRICES.coreHour),
          gpuHour: y(PRICES.gpuHour),
        },
      ).amount;
      expect(sum((await poolBills(pool.orgId)).map((b) => b.actualAmount))).toBe(due);
      expect(await verifyLedger(db())).toEqual([]);
    },
    LONG_TEST_MS,
  );
});
