// `npm run bench:export`: a bill export (.xlsx, streamed to disk) of N lines for one organisation,
// run in-process the way `startExport` runs it, while `process.memoryUsage()` is sampled every
// 200 ms. It prints lines per second and the peak growth of RSS and heap over the baseline taken
// just before the export, for N and for N/10: memory that stays flat shows as similar peaks. Peaks
// include garbage not yet collected, so with --expose-gc (as the npm script runs it) every fifth
// sample follows a full collection and the largest heap growth after one is printed too: the
// memory the export actually holds.
// BENCH_BILLS sets N (default 1 000 000; e.g. BENCH_BILLS=100000 for a quick run). PGlite in a
// temporary data directory by default; with DATABASE_URL, a fresh database on that PostgreSQL
// server (created here, dropped at the end).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createBillsService } from "../apps/server/src/modules/finance/bills.service";
import { downloadTasks } from "../apps/server/src/modules/finance/finance.schema";
import { createExportRunner } from "../apps/server/src/modules/finance/streamed-export";
import { systemClock } from "../apps/server/src/platform/clock";
import { type Database, openDatabase } from "../apps/server/src/platform/db/client";
import { contextFor } from "../apps/server/test/support/request-context";

const N = Number(process.env.BENCH_BILLS ?? 1_000_000);
const CYCLE = "2026-11";
const SEED_BATCH = 100_000;
const SAMPLE_MS = 200;

const workDir = mkdtempSync(path.join(tmpdir(), "skyledger-bench-export-"));

/** A database of its own: a temporary PGlite directory, or a fresh database on the server. */
async function open(): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: path.join(workDir, "db") });
    return { database, drop: async () => undefined };
  }
  const name = `skyledger_bench_export_${randomBytes(6).toString("hex")}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return { database, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** `count` bills of one organisation in one billing cycle, inserted in large set-based batches. */
async function seedBills(database: Database, orgId: string, prefix: string, count: number) {
  for (let from = 1; from <= count; from += SEED_BATCH) {
    const to = Math.min(count, from + SEED_BATCH - 1);
    await database.db.execute(sql`
      insert into bills (id, bill_no, org_id, billing_cycle, type, product_code, product_name, product_name_en, order_no,
        charge_type, original_amount, discount_amount, coupon_deduction, actual_amount, cash_amount,
        credit_amount, voucher_amount, refund_amount, adjustment_amount, entry_id, created_at)
      select ${prefix} || '-' || g, ${prefix} || lpad(g::text, 9, '0'), ${orgId}, ${CYCLE}, 'charge',
        'gpu_a100', 'GPU A100 实例', 'GPU A100 instance', 'O' || g, 'postpaid', 123456 + g, 0, 0, 123456 + g,
        123456 + g, 0, 0, 0, 0, null, timestamptz '2026-11-01 00:00:00+00' + g * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g`);
  }
  // Statistics as autovacuum would gather after such an insert: without them the planner expects a
  // handful of rows and sorts the whole organisation's bills for every page of the export.
  await database.db.execute(sql`analyze bills`);
}

type Result = {
  lines: number;
  seconds: number;
  rssGrowth: number;
  heapGrowth: number;
  /** Largest heap growth right after a forced full collection; undefined without --expose-gc. */
  heapAfterGcGrowth: number | undefined;
  /** Buffers outside the JavaScript heap (`external`): output waiting to be compressed or written. */
  externalGrowth: number;
  fileBytes: number;
};

/** Exports one organisation's bills as `startExport` does, sampling memory while it runs. */
async function exportOnce(database: Database, orgId: string): Promise<Result> {
  const exportDir = path.join(workDir, "exports");
  let job: Promise<void> | undefined;
  const exports = createExportRunner(database.db, systemClock, exportDir, (run) => {
    job = run();
  });
  const bills = createBillsService(database.db, systemClock, exportDir, exports);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  let peakExternal = baseline.external;
  let peakHeapAfterGc = baseline.heapUsed;
  let samples = 0;
  const sampler = setInterval(() => {
    if (gc && ++samples % 5 === 0) {
      gc();
      peakHeapAfterGc = Math.max(peakHeapAfterGc, process.memoryUsage().heapUsed);
    }
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakExternal = Math.max(peakExternal, m.external);
  }, SAMPLE_MS);
  const started = process.hrtime.bigint();
  const task = await bills.exportOwn(contextFor({ userId: "bench", orgId }), {
    startCycle: CYCLE,
    endCycle: CYCLE,
  });
  await job;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  const [done] = await database.db.select().from(downloadTasks).where(sql`${downloadTasks.id} = ${task.id}`);
  if (done?.status !== "succeeded") throw new Error(`export failed: ${done?.error ?? "no task"}`);
  return {
    lines: done.rows,
    seconds,
    rssGrowth: peakRss - baseline.rss,
    heapGrowth: peakHeap - baseline.heapUsed,
    heapAfterGcGrowth: gc ? peakHeapAfterGc - baseline.heapUsed : undefined,
    externalGrowth: peakExternal - baseline.external,
    fileBytes: statSync(path.join(exportDir, `${task.id}.xlsx`)).size,
  };
}

async function main() {
  const { database, drop } = await open();
  const results: [number, Result][] = [];
  try {
    await database.migrate();
    const sizes = [Math.max(1, Math.round(N / 10)), N];
    for (const [i, size] of sizes.entries()) {
      const orgId = `bench-export-${i}`;
      const seeding = process.hrtime.bigint();
      await seedBills(database, orgId, `B${i}`, size);
      const seedSeconds = Number(process.hrtime.bigint() - seeding) / 1e9;
      process.stderr.write(`seeded ${size} bills in ${seedSeconds.toFixed(1)} s\n`);
      results.push([size, await exportOnce(database, orgId)]);
    }
  } finally {
    await database.close();
    await drop();
    rmSync(workDir, { recursive: true, force: true });
  }
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`.padStart(9);
  const out = [`bill export, database: ${database.kind}; memory sampled every ${SAMPLE_MS} ms`];
  for (const [size, r] of results) {
    out.push(
      `${String(size).padStart(9)} lines: ${(r.lines / r.seconds).toFixed(0).padStart(7)} lines/s ` +
        `(${r.seconds.toFixed(1)} s, file ${mb(r.fileBytes)}), peak growth RSS ${mb(r.rssGrowth)}, ` +
        `heap ${mb(r.heapGrowth)}, external ${mb(r.externalGrowth)}; heap after GC ` +
        (r.heapAfterGcGrowth === undefined ? "(run with --expose-gc)" : mb(r.heapAfterGcGrowth)),
    );
    if (r.lines !== size) throw new Error(`exported ${r.lines} lines of ${size}`);
  }
  process.stdout.write(`${out.join("\n")}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
