// `npm run bench:metering`: one hour's postpaid metering at provider scale (issue 18). Seeds
// BENCH_TENANTS organisations (default 5,000) holding BENCH_RESOURCES postpaid hosts between them
// (default 100,000) in a PostgreSQL database of its own on the server of DATABASE_URL (default the
// local test server), then:
//   batched      the real metering (meterDue: one transaction per organisation, one journal entry
//                per organisation, bills written together), timed, with the process's memory;
//   plain SQL    the same writes without any rule, in the same run: per organisation a transaction
//                that moves the money of two accounts, inserts an entry, its two lines and one bill
//                per resource, and marks its resources metered (copies of the tables);
//   one by one   metering as it was before batching (one transaction per resource), on a sample of
//                BENCH_ONE_BY_ONE resources (default 2,000) an hour later, extrapolated.
// It prints seconds, rows per second and the ratios, checks that every resource was charged its hour
// once (one bill each) and that the ledger verifies, and drops the database. The goal of issue 18:
// batched under 60 s on two cores with the process's memory growing by less than 200 MB.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { creditIncoming, PLATFORM } from "../apps/server/src/modules/ledger/ledger.service";
import { verifyLedger } from "../apps/server/src/modules/ledger/ledger.verify";
import { meter, meterDue } from "../apps/server/src/modules/subscriptions/lifecycle/metering";
import { findResource } from "../apps/server/src/modules/subscriptions/subscriptions.repo";
import { systemClock } from "../apps/server/src/platform/clock";
import { type Db, openDatabase, rowsOf } from "../apps/server/src/platform/db/client";
import { seed } from "../apps/server/src/seed";
import { createDatabase, dropDatabase } from "../apps/server/test/support/postgres";

const TENANTS = Number(process.env.BENCH_TENANTS ?? 5_000);
const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 100_000);
const ONE_BY_ONE = Number(process.env.BENCH_ONE_BY_ONE ?? 2_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const HOUR = 3_600_000;
const FUNDS = 100_000_000_000n; // 1,000,000 yuan each: the hour never runs out of money
const MONTHLY = 72_000_000n; // 720 yuan a month: 1 yuan an hour
const TIME_ZONE = "Asia/Shanghai";
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const { name, url } = await createDatabase(adminUrl, "skyledger_bench_metering");
const database = await openDatabase({ url });
const db = database.db;
const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: string }>(await db.execute(query))[0]!.n);

/** Runs `work` and answers its seconds and the largest growth of this process's resident memory. */
async function timed<T>(
  work: () => Promise<T>,
): Promise<{ seconds: number; rssGrowthMb: number; result: T }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  const started = process.hrtime.bigint();
  const result = await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds, rssGrowthMb: (peak - before) / 2 ** 20, result };
}

/** Runs `one(i)` for i in [0, n) by `workers` loops. */
async function inParallel(n: number, workers: number, one: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < n) await one(next++);
    }),
  );
}

async function setUp(now: Date): Promise<void> {
  await database.migrate();
  await seed(db, systemClock, { sessionTtlMinutes: 60, demo: false });
  await db.execute(sql`insert into organizations (id, name, created_at)
    select 'mb-' || g, 'Metering bench ' || g, ${now.toISOString()}::timestamptz from generate_series(1, ${TENANTS}) g`);
  // Funded through the ledger, as a paid top-up is, so that the ledger verifies at the end.
  await inParallel(TENANTS, 4, (i) =>
    db
      .transaction((tx) =>
        creditIncoming(tx, {
          orgId: `mb-${i + 1}`,
          amount: FUNDS,
          fromAccount: PLATFORM.gatewayClearing,
          kind: "topup",
          referenceType: "bench",
          referenceId: `mb-${i + 1}`,
          now,
        }),
      )
      .then(() => undefined),
  );
  // Hosts spread evenly over the organisations, each metered up to an hour ago.
  await db.execute(sql`insert into resources (id, org_id, kind, product_code, name, spec, status, payment_type,
      monthly_price, metered_until, created_at, updated_at)
    select 'mbr-' || lpad(g::text, 7, '0'), 'mb-' || (1 + g % ${TENANTS}), 'host', 'ecs-standard', 'bench-host-' || g,
      '{}'::jsonb, 'running', 'postpaid', ${MONTHLY.toString()}::bigint,
      ${new Date(now.getTime() - HOUR).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz
    from generate_series(1, ${RESOURCES}) g`);
  await db.execute(sql`analyze`);
}

/** The same writes as one hour's batched metering, with no rule: the floor of what it can cost. */
async function plainSql(now: Date): Promise<void> {
  await db.execute(sql`create table plain_accounts (id text primary key, balance bigint not null)`);
  await db.execute(sql`insert into plain_accounts select id, balance from ledger_accounts`);
  await db.execute(sql`create table plain_entries (like journal_entries including all)`);
  await db.execute(sql`create table plain_lines (like journal_lines including all)`);
  await db.execute(sql`create table plain_bills (like bills including all)`);
  await db.execute(sql`create table plain_resources as select id, org_id, metered_until from resources`);
  await db.execute(sql`alter table plain_resources add primary key (id)`);
  await db.execute(sql`create index on plain_resources (org_id)`);
  for (let i = 1; i <= TENANTS; i++) {
    const orgId = `mb-${i}`;
    const cash = `cash:${orgId}`;
    await db.transaction(async (tx) => {
      const ids = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from plain_resources where org_id = ${orgId} order by id for update`),
      ).map((r) => r.id);
      const total = BigInt(ids.length) * 100_000n;
      await tx.execute(sql`update plain_accounts set balance = balance + case when id = ${cash} then ${(-total).toString()}::bigint else ${total.toString()}::bigint end
        where id in (${cash}, ${PLATFORM.revenue})`);
      const [entry] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into plain_entries (org_id, kind, reference_type, reference_id, created_at)
          values (${orgId}, 'charge', 'metering', ${now.toISOString()}, ${now.toISOString()}::timestamptz) returning id`),
      );
      await tx.execute(sql`insert into plain_lines (entry_id, account_id, amount, balance_after)
        values (${entry!.id}::bigint, ${cash}, ${(-total).toString()}::bigint, 0), (${entry!.id}::bigint, ${PLATFORM.revenue}, ${total.toString()}::bigint, 0)`);
      if (ids.length === 0) return;
      const values = sql.join(
        ids.map(
          (id, k) =>
            sql`(${randomUUID()}, ${`P${i}-${k}`}, ${orgId}, '2026-11', 'charge', 'ecs-standard', ${id}, ${id}, ${id}, 'postpaid', 100000, 0, 0, 0, 100000, 100000, 0, 0, 0, 0, 0, ${entry!.id}::bigint, ${now.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`insert into plain_bills (id, bill_no, org_id, billing_cycle, type, product_code, product_name,
          product_name_en, order_no, charge_type, original_amount, discount_amount, contract_discount, coupon_deduction,
          actual_amount, cash_amount, credit_amount, voucher_amount, arrears_amount, refund_amount, adjustment_amount,
          entry_id, created_at) values ${values}`);
      await tx.execute(
        sql`update plain_resources set metered_until = ${now.toISOString()}::timestamptz where org_id = ${orgId}`,
      );
    });
  }
}

/** Metering as it was before batching: one transaction per resource, on the first `n` resources. */
async function oneByOne(tx: Db, n: number, now: Date): Promise<void> {
  const ids = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from resources order by id limit ${n}`),
  ).map((r) => r.id);
  for (const id of ids) {
    await tx.transaction(async (t) => {
      const locked = (await findResource(t, id, true))!;
      await meter(t, locked, now, { roundUp: false, now, timeZone: TIME_ZONE });
    });
  }
}

try {
  const now = new Date(Math.floor(Date.now() / HOUR) * HOUR);
  const seeding = await timed(() => setUp(now));
  process.stdout.write(
    `seeded ${TENANTS} organisations, ${RESOURCES} postpaid hosts on PostgreSQL in ${seeding.seconds.toFixed(1)} s\n`,
  );

  const plain = await timed(() => plainSql(now));
  const batched = await timed(() => meterDue(db, { now, timeZone: TIME_ZONE, workers: WORKERS }));

  const bills = await count(
    sql`select count(*)::text as n from bills where type = 'charge' and charge_type = 'postpaid'`,
  );
  const metered = await count(
    sql`select count(*)::text as n from resources where metered_until = ${now.toISOString()}::timestamptz`,
  );
  if (bills !== RESOURCES || metered !== RESOURCES)
    throw new Error(`expected ${RESOURCES} bills and metered resources, got ${bills} and ${metered}`);
  if (batched.result.charged !== BigInt(RESOURCES) * 100_000n)
    throw new Error("the hour was not charged exactly once");

  const later = new Date(now.getTime() + HOUR);
  const sample = Math.min(ONE_BY_ONE, RESOURCES);
  const single = await timed(() => oneByOne(db, sample, later));
  const problems = await verifyLedger(db);

  const rate = (n: number, s: number) => `${Math.round(n / s).toLocaleString("en-US")} resources/s`;
  const line = (label: string, seconds: number, n: number, extra = "") =>
    process.stdout.write(
      `${label.padEnd(14)} ${seconds.toFixed(1).padStart(7)} s  ${rate(n, seconds).padStart(20)}${extra}\n`,
    );
  process.stdout.write(`\none hour of ${RESOURCES} resources across ${TENANTS} organisations:\n`);
  line("plain SQL", plain.seconds, RESOURCES);
  line(
    "batched",
    batched.seconds,
    RESOURCES,
    `  ratio to plain SQL ${(plain.seconds / batched.seconds).toFixed(2)}  memory +${batched.rssGrowthMb.toFixed(0)} MB`,
  );
  const extrapolated = (single.seconds / sample) * RESOURCES;
  line(
    "one by one",
    single.seconds,
    sample,
    `  (${sample} resources; ${extrapolated.toFixed(0)} s for all, ${(extrapolated / batched.seconds).toFixed(1)}× the batched run)`,
  );
  process.stdout.write(
    `goal: batched under 60 s (${batched.seconds < 60 ? "met" : "NOT met"}), memory growth under 200 MB (${batched.rssGrowthMb < 200 ? "met" : "NOT met"})\n`,
  );
  process.stdout.write(`ledger verification: ${problems.length} problems\n`);
  if (problems.length > 0) process.exitCode = 1;
} finally {
  await database.close();
  await dropDatabase(adminUrl, name);
}
