// `npm run bench:ledger`: charges per second through the ledger service (`charge`: lock the
// organisation's money sources, allocate, post a balanced entry) and over HTTP (a signed operator
// debit, POST /api/ops/adjustments with an Idempotency-Key: entry, bill, audit), against a plain SQL
// transfer of the same shape (a transaction of two balance updates and one insert) in the same run,
// printed as ratios: the machines are noisy, absolute numbers are not comparable between runs.
// Spread over many accounts and on a single hot account. Each path also prints the p50 and p99
// latency of one call under that load (issue 3's budget: HTTP p99 < 50 ms); over HTTP that is from
// sending the request to reading the answer, with the client in this process. PGlite in a temporary
// data directory by default, PostgreSQL when DATABASE_URL is set. BENCH_CHARGES sets the charges
// per measurement.
import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { canonicalString } from "@skyledger/contracts";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app";
import { organizations } from "../apps/server/src/modules/iam/iam.schema";
import { charge, creditIncoming, PLATFORM } from "../apps/server/src/modules/ledger/ledger.service";
import { verifyLedger } from "../apps/server/src/modules/ledger/ledger.verify";
import { systemClock } from "../apps/server/src/platform/clock";
import { loadConfig } from "../apps/server/src/platform/config";
import { openDatabase } from "../apps/server/src/platform/db/client";
import { seed } from "../apps/server/src/seed";

const N = Number(process.env.BENCH_CHARGES ?? 300);
const ACCOUNTS = 50;
const AMOUNT = 1_000n; // 0.01 yuan
const FUNDS = 1_000_000_000n; // 10 000 yuan per account: never runs out

const dataDir = mkdtempSync(path.join(tmpdir(), "skyledger-bench-ledger-"));
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir });
const db = database.db;
// Several workers on PostgreSQL, where transactions run side by side; PGlite runs one at a time.
const WORKERS = database.kind === "postgres" ? 8 : 1;
const run = randomUUID().slice(0, 8);

async function setUp() {
  await database.migrate();
  await seed(db, systemClock, { sessionTtlMinutes: 60, demo: true });
  const now = new Date();
  const orgs: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const id = `bench-${run}-${i}`;
    await db.insert(organizations).values({ id, name: `Bench ${run} ${i}`, createdAt: now });
    await db.transaction((tx) =>
      creditIncoming(tx, {
        orgId: id,
        amount: FUNDS,
        fromAccount: PLATFORM.gatewayClearing,
        kind: "topup",
        referenceType: "bench",
        referenceId: id,
        now,
      }),
    );
    orgs.push(id);
  }
  // The plain baseline: the same rows (a guarded debit, a credit, a journal row), no ledger code.
  await db.execute(
    sql.raw(`create table bench_plain_accounts_${run} (
    id text primary key, balance bigint not null check (balance >= 0))`),
  );
  await db.execute(
    sql.raw(`create table bench_plain_transfers_${run} (
    id bigserial primary key, from_id text not null, to_id text not null, amount bigint not null,
    reference text not null, created_at timestamptz not null)`),
  );
  await db.execute(
    sql.raw(`insert into bench_plain_accounts_${run} (id, balance)
      select 'plain-' || g, ${FUNDS} from generate_series(0, ${ACCOUNTS - 1}) g
      union all select 'plain-revenue', 0`),
  );
  return orgs;
}

async function plainTransfer(from: string, reference: string) {
  await db.transaction(async (tx) => {
    const debited = await tx.execute(
      sql`update ${sql.raw(`bench_plain_accounts_${run}`)} set balance = balance - ${AMOUNT}
          where id = ${from} and balance >= ${AMOUNT} returning balance`,
    );
    if ((debited as unknown as { rows: unknown[] }).rows.length !== 1) throw new Error("insufficient");
    await tx.execute(
      sql`update ${sql.raw(`bench_plain_accounts_${run}`)} set balance = balance + ${AMOUNT} where id = 'plain-revenue'`,
    );
    await tx.execute(
      sql`insert into ${sql.raw(`bench_plain_transfers_${run}`)} (from_id, to_id, amount, reference, created_at)
          values (${from}, 'plain-revenue', ${AMOUNT}, ${reference}, ${new Date()})`,
    );
  });
}

async function serviceCharge(orgId: string, reference: string) {
  await db.transaction((tx) =>
    charge(tx, { orgId, amount: AMOUNT, referenceType: "bench", referenceId: reference, now: new Date() }),
  );
}

type Measured = { perSecond: number; p50: number; p99: number };

/** Nearest-rank percentile of sorted milliseconds. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Charges per second of `n` calls of `one(i)` spread over the workers, and each call's latency. */
async function measure(one: (i: number) => Promise<void>, n = N, workers = WORKERS): Promise<Measured> {
  let next = 0;
  const latencies: number[] = [];
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let i = next++; i < n; i = next++) {
        const callStarted = process.hrtime.bigint();
        await one(i);
        latencies.push(Number(process.hrtime.bigint() - callStarted) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return { perSecond: n / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function httpClient(base: string) {
  const xsrf = "bench-xsrf-token-0123456789";
  const common = { "content-type": "application/json", cookie: `XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf };
  const login = await fetch(`${base}/api/users/login`, {
    method: "POST",
    headers: common,
    body: JSON.stringify({ account: "admin", password: "Admin@2026" }),
  });
  const session = ((await login.json()) as { data: { token: string; signSecret: string } }).data;
  return async (orgId: string, reference: string) => {
    const body = { orgId, amount: "-0.01", reason: `bench ${reference}` };
    const timestamp = String(Date.now());
    const nonce = randomUUID();
    const requestId = randomUUID();
    const canonical = canonicalString({
      method: "POST",
      path: "/api/ops/adjustments",
      body,
      timestamp,
      nonce,
      requestId,
    });
    const res = await fetch(`${base}/api/ops/adjustments`, {
      method: "POST",
      headers: {
        ...common,
        authorization: `Bearer ${session.token}`,
        "idempotency-key": `bench-${reference}`,
        "x-timestamp": timestamp,
        "x-nonce": nonce,
        "x-request-id": requestId,
        "x-sign": createHmac("sha256", session.signSecret).update(canonical).digest("hex"),
      },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { code: number; data: { status: string } };
    if (answer.code !== 200 || answer.data.status !== "applied")
      throw new Error(`HTTP charge failed: ${JSON.stringify(answer)}`);
  };
}

async function main() {
  const orgs = await setUp();
  const config = loadConfig({
    DATA_DIR: dataDir,
    RATE_LIMIT_IP_PER_MINUTE: "0",
    RATE_LIMIT_ACCOUNT_PER_MINUTE: "0",
    RATE_LIMIT_AUTH_PER_MINUTE: "0",
    WEB_DIST_DIR: "/nonexistent",
  });
  const app = await buildApp({ database, clock: systemClock, config, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const http = await httpClient(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);

  // A short warm-up of each path (JIT, prepared plans, connections).
  await measure((i) => plainTransfer(`plain-${i % ACCOUNTS}`, `warm-${i}`), 20);
  await measure((i) => serviceCharge(orgs[i % ACCOUNTS]!, `warm-${run}-${i}`), 20);
  await measure((i) => http(orgs[i % ACCOUNTS]!, `warm-${run}-${i}`), 20);

  const rows: [string, Measured, Measured, Measured, Measured | undefined][] = [];
  for (const [label, pick] of [
    [`spread over ${ACCOUNTS} accounts`, (i: number) => i % ACCOUNTS],
    ["one hot account", () => 0],
  ] as const) {
    const plain = await measure((i) => plainTransfer(`plain-${pick(i)}`, `${label}-${i}`));
    const service = await measure((i) => serviceCharge(orgs[pick(i)]!, `${run}-${label}-${i}`));
    const key = `${run}-${label.replaceAll(" ", "-")}`;
    const overHttp = await measure((i) => http(orgs[pick(i)]!, `${key}-${i}`));
    // With several workers the calls queue behind each other (8 in flight at saturation), so the
    // latency of one request on its own is measured too.
    const alone =
      WORKERS > 1 ? await measure((i) => http(orgs[pick(i)]!, `${key}-alone-${i}`), N, 1) : undefined;
    rows.push([label, plain, service, overHttp, alone]);
  }

  const problems = await verifyLedger(db);
  await app.close();
  await db.execute(sql.raw(`drop table bench_plain_transfers_${run}`));
  await db.execute(sql.raw(`drop table bench_plain_accounts_${run}`));
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });

  const f = (n: number) => n.toFixed(0).padStart(7);
  const ms = (m: Measured) =>
    `p50 ${m.p50.toFixed(1).padStart(5)} ms  p99 ${m.p99.toFixed(1).padStart(5)} ms`;
  const ratio = (a: Measured, b: Measured) => (a.perSecond / b.perSecond).toFixed(3);
  const out = [
    `${N} charges per measurement, ${WORKERS} worker(s), database: ${database.kind}; HTTP client and server in this process`,
  ];
  for (const [label, plain, service, overHttp, alone] of rows) {
    out.push(`${label}:`);
    out.push(`  plain SQL transfer (2 updates + insert)  ${f(plain.perSecond)} /s  ${ms(plain)}`);
    out.push(
      `  ledger service charge()                  ${f(service.perSecond)} /s  ${ms(service)}  ratio to plain ${ratio(service, plain)}`,
    );
    out.push(
      `  over HTTP (signed debit, idempotent)     ${f(overHttp.perSecond)} /s  ${ms(overHttp)}  ratio to plain ${ratio(overHttp, plain)}  to service ${ratio(overHttp, service)}`,
    );
    if (alone) out.push(`  over HTTP, one request at a time         ${f(alone.perSecond)} /s  ${ms(alone)}`);
  }
  out.push(problems.length ? `ledger verification FAILED: ${JSON.stringify(problems)}` : "ledger verifies");
  process.stdout.write(`${out.join("\n")}\n`);
  if (problems.length) process.exitCode = 1;
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
