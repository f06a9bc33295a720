// Composition root: configuration → database (migrate, seed) → HTTP → listen.
import { buildApp } from "./app";
import { clockStartingAt, systemClock } from "./platform/clock";
import { ConfigError, loadConfig } from "./platform/config";
import { openDatabase } from "./platform/db/client";
import { SecretsKeyError } from "./platform/secrets";
import { DEMO_ACCOUNTS, DEMO_INVITATION_CODES, seed } from "./seed";

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const clock = config.clockStartAt ? clockStartingAt(config.clockStartAt) : systemClock;
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  await seed(database.db, clock, {
    sessionTtlMinutes: config.sessionTtlMinutes,
    demo: config.seedDemo,
  });
  const app = await buildApp({ database, clock, config });
  await app.listen({ port: config.port, host: config.host });

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
