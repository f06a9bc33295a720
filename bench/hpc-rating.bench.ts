// `npm run bench:hpc-rating`: N accounting records (default 1 000 000) rated and charged by the HPC
// accounting step (modules/hpc/accounting), hour by hour as the lifecycle runs it: for every pool,
// the jobs of its account are read from the cluster (a synthetic cluster in memory, answering like
// sacct, with the 15-minute overlap re-reading the last hour's tail), each job's span is rated, and
// the pool is charged one bill through the deduction order with one line per job, the marks of the
// jobs the next run can still read (those ending in the overlap) and the pool's mark in the same
// transaction. Against it, in the same run, a plain SQL insert of the
// same rows (the bill lines), in the same batches and transactions. Printed: records per second, the
// ratio to the plain insert, and the memory sampled along the way (with --expose-gc a full
// collection runs after every hour, so the heap after it shows what the step keeps: flat when
// batches are released). The bills are checked against amounts computed independently per job, and
// the ledger is verified. PGlite in a temporary directory, or a fresh database on DATABASE_URL.
// BENCH_HPC_RECORDS sets N (e.g. 100000 for a quick run).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NO_USAGE, rateJobSpan } from "@skyledger/billing";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import {
  productCategories,
  productPrices,
  products,
} from "../apps/server/src/modules/catalog/catalog.schema";
import { createHpcAccounting } from "../apps/server/src/modules/hpc/accounting/hpc-accounting.service";
import { hpcClusters, hpcPools } from "../apps/server/src/modules/hpc/hpc.schema";
import { organizations } from "../apps/server/src/modules/iam/iam.schema";
import { bills } from "../apps/server/src/modules/ledger/ledger.schema";
import { creditIncoming, PLATFORM } from "../apps/server/src/modules/ledger/ledger.service";
import { verifyLedger } from "../apps/server/src/modules/ledger/ledger.verify";
import { resources } from "../apps/server/src/modules/resources/resources.schema";
import { type Database, openDatabase, rowsOf } from "../apps/server/src/platform/db/client";
import type { HpcCluster, JobRecord } from "../apps/server/src/providers/hpc/hpc-cluster";
import { seed } from "../apps/server/src/seed";

const N = Number(process.env.BENCH_HPC_RECORDS ?? 1_000_000);
/** Pools rated each hour, and jobs of each pool in one hour: one pool's run is one batch. */
const POOLS = 20;
const JOBS_PER_POOL_HOUR = 2_500;
const HOURS = Math.ceil(N / (POOLS * JOBS_PER_POOL_HOUR));
const HOUR_MS = 3_600_000;
const START = Date.UTC(2026, 10, 22, 0, 0, 0);
const PRICES = { coreHour: 5_000n, gpuHour: 300_000n, discount: { hundredths: 90n } };
const SAMPLE_MS = 200;

const workDir = mkdtempSync(path.join(tmpdir(), "skyledger-bench-hpc-"));

async function open(): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: path.join(workDir, "db") });
    return { database, drop: async () => undefined };
  }
  const name = `skyledger_bench_hpc_${randomBytes(6).toString("hex")}`;
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

/** The jobs account `a` ran in hour `h`: deterministic, each inside its hour, some with GPUs. */
function jobOf(a: number, h: number, i: number): JobRecord {
  const hourStart = START + h * HOUR_MS;
  const startedAt = new Date(hourStart + ((i * 13) % 2000) * 1000);
  const gpus = i % 10 === 0 ? 1 + (i % 4) : 0;
  const cpus = 1 + ((i * 7) % 64);
  return {
    jobId: `${a}.${h}.${i}`,
    name: `bench-${i}`,
    account: `bench_${a}`,
    user: i % 2 === 0 ? "alice" : "bob",
    partition: gpus > 0 ? "gpu" : "cpu",
    state: "completed",
    cpus,
    gpus,
    requestedCpus: cpus,
    requestedGpus: gpus,
    submittedAt: startedAt,
    startedAt,
    endedAt: new Date(startedAt.getTime() + (60 + ((i * 37) % 1200)) * 1000),
    timeLimitMinutes: 30,
    exitCode: 0,
  };
}

/** Hours whose jobs the run of hour h+1 charges (the last hour may be partial). */
const jobsIn = (h: number) =>
  Math.min(JOBS_PER_POOL_HOUR, Math.max(0, Math.ceil(N / POOLS) - h * JOBS_PER_POOL_HOUR));

/** A cluster answering like sacct: every job that ran in [from, to), generated on demand. */
const syntheticCluster: HpcCluster = {
  name: "simulator",
  async jobs({ accounts, from, to }) {
    const out: JobRecord[] = [];
    for (const account of accounts) {
      const a = Number(account.slice("bench_".length));
      const first = Math.max(0, Math.floor((from.getTime() - START) / HOUR_MS));
      const last = Math.ceil((to.getTime() - START) / HOUR_MS) - 1;
      for (let h = first; h <= last; h++)
        for (let i = 0; i < jobsIn(h); i++) {
          const job = jobOf(a, h, i);
          if (job.endedAt! > from && job.startedAt! < to) out.push(job);
        }
    }
    return out;
  },
  health: () => Promise.reject(new Error("not used")),
  ensureAccount: () => Promise.reject(new Error("not used")),
  setLimits: async () => undefined,
  getAccount: async () => null,
  removeAccount: () => Promise.reject(new Error("not used")),
  ensureUser: () => Promise.reject(new Error("not used")),
  removeUser: () => Promise.reject(new Error("not used")),
  submitJob: () => Promise.reject(new Error("not used")),
  cancelJob: () => Promise.reject(new Error("not used")),
  jobOutput: () => Promise.reject(new Error("not used")),
  createReservation: () => Promise.reject(new Error("not used")),
  removeReservation: () => Promise.reject(new Error("not used")),
  reservations: async () => [],
};

async function setUp(database: Database) {
  const db = database.db;
  await database.migrate();
  const now = new Date(START);
  await seed(db, { now: () => now }, { sessionTtlMinutes: 60, demo: false });
  const [category] = await db.select({ id: productCategories.id }).from(productCategories).limit(1);
  const categoryId =
    category?.id ??
    (
      await db
        .insert(productCategories)
        .values({
          id: "bench-cat",
          code: "bench",
          nameZh: "基准",
          nameEn: "Bench",
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: productCategories.id })
    )[0]!.id;
  await db.insert(products).values({
    id: "bench-hpc",
    code: "bench-hpc",
    nameZh: "基准 HPC",
    nameEn: "Bench HPC",
    categoryId,
    spec: { kind: "capacity", options: [] } as never,
    prepaidPeriods: [],
    postpaid: true,
    billingPolicyIds: [],
    createdAt: now,
    updatedAt: now,
  });
  for (const [dimension, unitPrice] of [
    ["coreHour", PRICES.coreHour],
    ["gpuHour", PRICES.gpuHour],
  ] as const) {
    await db.insert(productPrices).values({
      id: `bench-${dimension}`,
      productId: "bench-hpc",
      dimension,
      model: "unit",
      unitPrice,
      createdAt: now,
      updatedAt: now,
    });
  }
  await db.insert(hpcClusters).values({
    id: "bench-cluster",
    name: "bench",
    backend: "simulator",
    restUrl: "simulator",
    secretKind: "token",
    secret: "",
    adminUser: "slurm",
    parentAccount: "skyledger",
    clusterName: "bench",
    createdAt: now,
    updatedAt: now,
  });
  for (let a = 0; a < POOLS; a++) {
    const orgId = `bench-org-${a}`;
    await db.insert(organizations).values({ id: orgId, name: `Bench ${a}`, createdAt: now });
    await db.transaction((tx) =>
      creditIncoming(tx, {
        orgId,
        amount: 10n ** 14n,
        fromAccount: PLATFORM.gatewayClearing,
        kind: "topup",
        referenceType: "bench",
        referenceId: orgId,
        now,
      }),
    );
    await db.insert(resources).values({
      id: `bench-pool-${a}`,
      orgId,
      productId: "bench-hpc",
      productCode: "bench-hpc",
      kind: "hpcPool",
      name: `bench-pool-${a}`,
      spec: {},
      status: "available",
      paymentType: "postpaid",
      discountHundredths: Number(PRICES.discount.hundredths),
      createdAt: now,
      updatedAt: now,
    });
    await db.insert(hpcPools).values({
      resourceId: `bench-pool-${a}`,
      clusterId: "bench-cluster",
      account: `bench_${a}`,
      partition: "cpu",
      poolType: "hpcShared",
      limits: { cpus: null, gpus: null, runningJobs: null, maxSubmitJobs: null, cpuMinutes: null },
      createdAt: now,
      updatedAt: now,
    });
  }
  await db.execute(sql`create table bench_plain_lines (like hpc_charge_lines including all)`);
}

/**
 * Samples RSS while `work` runs (PGlite runs on this thread, so samples are also taken at each
 * hour's end); with --expose-gc, `settle` collects and records the JS heap kept after each hour.
 */
async function sampled<T>(work: (settle: () => void) => Promise<T>) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  const keptHeap: number[] = [];
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, SAMPLE_MS);
  const started = process.hrtime.bigint();
  try {
    const result = await work(() => {
      sample();
      if (!gc) return;
      gc();
      keptHeap.push(process.memoryUsage().heapUsed - base.heapUsed);
    });
    sample();
    return {
      result,
      seconds: Number(process.hrtime.bigint() - started) / 1e9,
      startRss: base.rss,
      peakRss,
      keptHeap,
    };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const { database, drop } = await open();
  try {
    await setUp(database);
    const db = database.db;
    let now = new Date(START);
    const clock = { now: () => now };
    const accounting = createHpcAccounting({
      db,
      clock,
      timeZone: "Asia/Shanghai",
      messaging: {
        notify: async () => {},
        queueEmail: async () => {},
        queueSms: async () => {},
        list: async () => ({}) as never,
      },
      clusterOf: async () => syntheticCluster,
      arrearsGraceHours: 24,
    });

    // The step: one pass per hour, every pool rated up to the hour (the clock one minute past it).
    const rated = await sampled(async (settle) => {
      for (let h = 1; h <= HOURS; h++) {
        now = new Date(START + h * HOUR_MS + 60_000);
        await accounting.run();
        settle();
      }
    });

    // The plain baseline: the same lines, the same batches (a pool's hour), one transaction each.
    const plain = await sampled(async (settle) => {
      for (let h = 0; h < HOURS; h++) {
        for (let a = 0; a < POOLS; a++) {
          const rows = Array.from({ length: jobsIn(h) }, (_, i) => {
            const j = jobOf(a, h, i);
            const seconds = (j.endedAt!.getTime() - j.startedAt!.getTime()) / 1000;
            const c = rateJobSpan(NO_USAGE, { cpus: j.cpus, gpus: j.gpus, seconds }, PRICES);
            return {
              id: `plain-${j.jobId}`,
              bill_no: `P${a}-${h}`,
              org_id: `bench-org-${a}`,
              pool_id: `bench-pool-${a}`,
              job_id: j.jobId,
              job_name: j.name,
              cluster_user: j.user,
              partition: j.partition,
              cpus: j.cpus,
              gpus: j.gpus,
              usage_start: j.startedAt!.toISOString(),
              usage_end: j.endedAt!.toISOString(),
              seconds,
              core_seconds: String(c.coreSeconds),
              gpu_seconds: String(c.gpuSeconds),
              // Written as the step writes them: `select *` from the JSON takes no column default.
              package_core_seconds: "0",
              package_gpu_seconds: "0",
              amount: String(c.amount),
              original: String(c.original),
              created_at: now.toISOString(),
            };
          });
          await db.transaction(async (tx) => {
            for (let i = 0; i < rows.length; i += 1000) {
              await tx.execute(
                sql`insert into bench_plain_lines select * from json_populate_recordset(null::bench_plain_lines, ${JSON.stringify(rows.slice(i, i + 1000))}::json)`,
              );
            }
          });
        }
        settle();
      }
    });

    // Correctness: every record charged once, to the 0.00001 yuan of its own figures.
    let expected = 0n;
    for (let a = 0; a < POOLS; a++)
      for (let h = 0; h < HOURS; h++)
        for (let i = 0; i < jobsIn(h); i++) {
          const j = jobOf(a, h, i);
          const seconds = (j.endedAt!.getTime() - j.startedAt!.getTime()) / 1000;
          expected += rateJobSpan(NO_USAGE, { cpus: j.cpus, gpus: j.gpus, seconds }, PRICES).amount;
        }
    const [billed] = await db
      .select({
        total: sql<string>`coalesce(sum(${bills.actualAmount}), 0)::text`,
        n: sql<number>`count(*)::int`,
      })
      .from(bills)
      .where(eq(bills.chargeType, "postpaid"));
    const [lines] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from hpc_charge_lines`),
    );
    const [marks] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from hpc_job_charges`),
    );
    const problems = await verifyLedger(db);

    const records = POOLS * Array.from({ length: HOURS }, (_, h) => jobsIn(h)).reduce((s, n) => s + n, 0);
    const mb = (b: number) => `${(b / 1_048_576).toFixed(0)} MB`;
    const perSecond = (s: number) => (records / s).toFixed(0).padStart(8);
    const kept = (k: number[]) =>
      k.length
        ? `heap kept after GC: first hour ${mb(k[0]!)}, last hour ${mb(k[k.length - 1]!)}`
        : "(run with --expose-gc for the heap kept)";
    const out = [
      `${records} accounting records: ${POOLS} pools × ${HOURS} hourly runs × up to ${JOBS_PER_POOL_HOUR} jobs; database: ${database.kind}`,
      `  HPC accounting (read, rate, charge, lines)  ${perSecond(rated.seconds)} records/s  ${rated.seconds.toFixed(1)} s  RSS ${mb(rated.startRss)} → peak ${mb(rated.peakRss)}  ${kept(rated.keptHeap)}`,
      `  plain SQL insert of the same lines          ${perSecond(plain.seconds)} records/s  ${plain.seconds.toFixed(1)} s  RSS ${mb(plain.startRss)} → peak ${mb(plain.peakRss)}`,
      `  ratio to plain insert                       ${(plain.seconds / rated.seconds).toFixed(3)}`,
      `  bills ${billed!.n}, lines ${lines!.n}, job marks ${marks!.n}, charged ${billed!.total} units, expected ${expected}: ${BigInt(billed!.total) === expected ? "every record charged once, to the unit" : "MISMATCH"}`,
      problems.length ? `  ledger verification FAILED: ${JSON.stringify(problems)}` : "  ledger verifies",
    ];
    process.stdout.write(`${out.join("\n")}\n`);
    if (problems.length || BigInt(billed!.total) !== expected || lines!.n !== records) process.exitCode = 1;
  } finally {
    await database.close();
    await drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
