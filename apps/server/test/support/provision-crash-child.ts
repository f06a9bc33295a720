// The server process provision-crash.test.ts kills: main.ts's start-up (configuration from the
// environment, migrate, seed, the real application listening on a port) with a clock the test
// fixes and the lifecycle timer off, so nothing moves unless the test asks.
// Two points where the parent's SIGKILL lands, both certain rather than timed:
//   PC_STOP_AFTER_KEY  the transaction that stores this Idempotency-Key (an order submission,
//                      charge included) commits, the process says `charged` and stops there for
//                      good: the HTTP handler never goes on to start provisioning.
//   `idle` on stdin    waits until the background work (provisioning started by an order) has
//                      gone as far as it can at the fixed time, then says `idle`.
// Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), PC_NOW (the clock, epoch ms),
// PC_STOP_AFTER_KEY (optional). Prints `listening <port>` once it answers.
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { like } from "drizzle-orm";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/platform/config";
import { type Database, openDatabase } from "../../src/platform/db/client";
import { idempotencyKeys } from "../../src/platform/db/platform.schema";
import { seed } from "../../src/seed";
import { FakeClock } from "./fake-clock";

const say = (line: string) =>
  new Promise<void>((resolve) => process.stdout.write(`${line}\n`, () => resolve()));

/** After the transaction that stores `key` commits, says `charged` and never returns. */
function stopAfterCommitOf(database: Database, key: string): void {
  const db = database.db;
  const transaction = db.transaction.bind(db);
  const committed = async () =>
    (
      await db
        .select({ scopeKey: idempotencyKeys.scopeKey })
        .from(idempotencyKeys)
        .where(like(idempotencyKeys.scopeKey, `%|${key}`))
    ).length > 0;
  db.transaction = (async (...args: Parameters<typeof transaction>) => {
    const result = await transaction(...args);
    if (await committed()) {
      await say("charged");
      await new Promise(() => undefined);
    }
    return result;
  }) as typeof db.transaction;
}

const config = loadConfig({
  ...process.env,
  PORT: "0",
  HOST: "127.0.0.1",
  LIFECYCLE_TICK_SECONDS: "0",
  WEB_DIST_DIR: "/nonexistent-web-dist",
  LOG_LEVEL: "silent",
});
const clock = new FakeClock(new Date(Number(process.env.PC_NOW)));
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seed(database.db, clock, { sessionTtlMinutes: config.sessionTtlMinutes, demo: true });
if (process.env.PC_STOP_AFTER_KEY) stopAfterCommitOf(database, process.env.PC_STOP_AFTER_KEY);
// Error-level lines go to stderr as JSON; the parent fails the test on any.
const app = await buildApp({ database, clock, config, logger: { level: "error", stream: process.stderr } });
await app.listen({ port: config.port, host: config.host });
createInterface({ input: process.stdin }).on("line", async (line) => {
  if (line === "idle") {
    await app.services.idle();
    await say("idle");
  }
});
await say(`listening ${(app.server.address() as AddressInfo).port}`);
