// Composition root: configuration → database (migrate; seed an empty one) → HTTP → listen → seed a
// database an earlier start seeded (lazy: nothing the first request needs waits for it).
import { buildApp } from "./app";
import { clockStartingAt, systemClock } from "./platform/clock";
import { ConfigError, loadConfig } from "./platform/config";
import { openDatabase } from "./platform/db/client";
import { SecretsKeyError } from "./platform/secrets";
import { DEMO_ACCOUNTS, DEMO_INVITATION_CODES, hasBeenSeeded, seed } from "./seed";

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const clock = config.clockStartAt ? clockStartingAt(config.clockStartAt) : systemClock;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const seedOptions = { sessionTtlMinutes: config.sessionTtlMinutes, demo: config.seedDemo };
  // An empty database is seeded before the first request, under the migration lock: instances
  // started together on an empty PostgreSQL database would otherwise all insert the demo rows and
  // all but one fail to start. One seeded by an earlier start already answers as it should; its
  // seed (idempotent, adding what a new release brings) runs after listen: on a restart it took
  // about a second of upserts that changed nothing (docs/performance.md).
  let seededBefore = true;
  await database.migrate(async () => {
    seededBefore = await hasBeenSeeded(database.db);
    if (!seededBefore) await seed(database.db, clock, seedOptions);
  });
  const app = await buildApp({ database, clock, config });
  await app.listen({ port: config.port, host: config.host });
  const seeding = seededBefore
    ? seed(database.db, clock, seedOptions).catch((err: unknown) =>
        app.log.error({ err }, "seeding after start failed; the data seeded earlier stays as it was"),
      )
    : Promise.resolve();

  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    "",
    `Skyledger is running at ${config.publicUrl}  (started in ${Date.now() - started} ms, database: ${where})`,
    `API documentation: ${config.publicUrl}/docs`,
  ];
  if (config.seedDemo) {
    lines.push("Demo accounts:");
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.account.padEnd(12)} ${a.password.padEnd(14)} ${a.role}`);
    lines.push(`Invitation codes: ${DEMO_INVITATION_CODES.join(", ")}`, "");
  }
  if (config.clockStartAt) {
    lines.push(`Moved clock (CLOCK_START_AT): it read ${config.clockStartAt.toISOString()} at start-up.`, "");
  }
  if (config.sandboxPayments) {
    lines.push(
      "Sandbox payment gateway on (no real money): set PAYMENT_SANDBOX=false on a real installation.",
      "",
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);

  const stop = async () => {
    // The database is not closed under a seed still running.
    await seeding;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((err) => {
  // A bad variable or key is the operator's to fix: its lines say which and how, a stack trace would not.
  const why =
    err instanceof ConfigError || err instanceof SecretsKeyError
      ? err.message
      : err instanceof Error
        ? (err.stack ?? err.message)
        : String(err);
  process.stderr.write(`Skyledger failed to start: ${why}\n`);
  process.exit(1);
});
