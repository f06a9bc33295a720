// `npm run bench:ledger-fuzz`: the randomized ledger run (issue 18, item 7) at full size: FUZZ_OPS
// random money operations (default 1 000 000) through the real services, several in flight at once
// and often on one organisation, money calls retried with their idempotency key, the ledger verified
// after every FUZZ_BATCH operations (default 1 000) and once whole at the end. On PostgreSQL
// (DATABASE_URL: a database of its own is created on that server for the run and dropped after it);
// without DATABASE_URL on an in-memory PGlite. It prints the seed (FUZZ_SEED=… draws the same
// operations again), the count of each kind, operations per second and the violations, and exits 1
// on any. The implementation is shared with apps/server/test/ledger-fuzz.test.ts (20 000 in CI).
import { loadConfig } from "../apps/server/src/platform/config";
import { type Database, openDatabase } from "../apps/server/src/platform/db/client";
import { seed } from "../apps/server/src/seed";
import { FakeClock } from "../apps/server/test/support/fake-clock";
import { formatReport, runLedgerFuzz } from "../apps/server/test/support/ledger-fuzz";
import { createDatabase, dropDatabase } from "../apps/server/test/support/postgres";

const ops = Number(process.env.FUZZ_OPS ?? 1_000_000);
const fuzzSeed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const adminUrl = process.env.DATABASE_URL;

const made = adminUrl ? await createDatabase(adminUrl, "skyledger_fuzz") : null;
let database: Database | undefined;
try {
  database = await openDatabase(made ? { url: made.url } : {});
  await database.migrate();
  const clock = new FakeClock();
  await seed(database.db, clock, { sessionTtlMinutes: 60, demo: false });
  process.stdout.write(
    `${ops} operations on ${made ? `PostgreSQL, database ${made.name}` : "in-memory PGlite"}, seed ${fuzzSeed}\n`,
  );
  const report = await runLedgerFuzz({
    db: database.db,
    clock,
    timeZone: loadConfig({ WEB_DIST_DIR: "/nonexistent" }).businessTimeZone,
    ops,
    seed: fuzzSeed,
    batchSize: Number(process.env.FUZZ_BATCH ?? 1_000),
    inFlight: Number(process.env.FUZZ_IN_FLIGHT ?? 8),
    progress: (line) => process.stdout.write(`  ${line}\n`),
  });
  process.stdout.write(`${formatReport(report, database.kind)}\n`);
  if (report.violations.length) process.exitCode = 1;
} finally {
  await database?.close();
  if (made && adminUrl) await dropDatabase(adminUrl, made.name);
}
