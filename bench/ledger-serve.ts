// The server side of the ledger benchmark (bench/ledger.bench.ts), in its own process so that the
// HTTP client does not share its CPU: it opens the database (PGlite in a temporary directory, or
// DATABASE_URL), sets up the organisations and the plain baseline's tables, serves Skyledger over
// HTTP, and measures the in-process paths (plain SQL transfer, ledger service charge()) when the
// parent asks over the IPC channel. The parent only generates HTTP load.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app";
import { organizations } from "../apps/server/src/modules/iam/iam.schema";
import { charge, creditIncoming, PLATFORM } from "../apps/server/src/modules/ledger/ledger.service";
import { verifyLedger } from "../apps/server/src/modules/ledger/ledger.verify";
import { systemClock } from "../apps/server/src/platform/clock";
import { loadConfig } from "../apps/server/src/platform/config";
import { openDatabase } from "../apps/server/src/platform/db/client";
import { seed } from "../apps/server/src/seed";
import { type Measured, measure } from "./measure";

export const ACCOUNTS = 50;
const AMOUNT = 1_000n; // 0.01 yuan
const FUNDS = 1_000_000_000n; // 10 000 yuan per account: never runs out

/** What the parent asks for, and what this process answers. */
export type Ask =
  | { id: number; what: "plain" | "service"; hot: boolean; n: number; workers: number; label: string }
  | { id: number; what: "verify" };
export type Answer = { id: number; measured?: Measured; problems?: unknown[] };
export type Ready = { ready: true; port: number; db: "pglite" | "postgres"; orgs: string[]; run: string };

const dataDir = mkdtempSync(path.join(tmpdir(), "skyledger-bench-ledger-"));
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir });
const db = database.db;
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

const send = (message: Answer | Ready) => process.send!(message);

process.on("message", async (ask: Ask) => {
  if (ask.what === "verify") {
    send({ id: ask.id, problems: await verifyLedger(db) });
    return;
  }
  const pick = (i: number) => (ask.hot ? 0 : i % ACCOUNTS);
  const one =
    ask.what === "plain"
      ? (i: number) => plainTransfer(`plain-${pick(i)}`, `${ask.label}-${i}`)
      : (i: number) => serviceCharge(orgs[pick(i)]!, `${run}-${ask.label}-${i}`);
  send({ id: ask.id, measured: await measure(one, ask.n, ask.workers) });
});

process.once("disconnect", async () => {
  await app.close();
  await db.execute(sql.raw(`drop table bench_plain_transfers_${run}`));
  await db.execute(sql.raw(`drop table bench_plain_accounts_${run}`));
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});

send({ ready: true, port: (app.server.address() as { port: number }).port, db: database.kind, orgs, run });
