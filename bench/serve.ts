// The server side of the API benchmark, in its own process so that the load generator does not
// share its CPU: Skyledger on a fresh embedded database, and a bare Fastify route beside it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { buildApp } from "../apps/server/src/app";
import { systemClock } from "../apps/server/src/platform/clock";
import { loadConfig } from "../apps/server/src/platform/config";
import { openDatabase } from "../apps/server/src/platform/db/client";
import { seed } from "../apps/server/src/seed";

const dataDir = mkdtempSync(path.join(tmpdir(), "skyledger-bench-"));
const config = loadConfig({
  DATA_DIR: dataDir,
  RATE_LIMIT_IP_PER_MINUTE: "0",
  RATE_LIMIT_ACCOUNT_PER_MINUTE: "0",
  RATE_LIMIT_AUTH_PER_MINUTE: "0",
  WEB_DIST_DIR: "/nonexistent",
});
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir });
await database.migrate();
await seed(database.db, systemClock, { sessionTtlMinutes: 60, demo: true });
const app = await buildApp({ database, clock: systemClock, config, logger: false });
await app.listen({ port: 0, host: "127.0.0.1" });

const bare = Fastify({ logger: false });
bare.get("/bare", async () => ({ code: 200, message: "", data: { ok: true } }));
await bare.listen({ port: 0, host: "127.0.0.1" });

const port = (s: typeof app.server) => (s.address() as { port: number }).port;
process.stdout.write(
  `${JSON.stringify({ app: port(app.server), bare: port(bare.server), db: database.kind })}\n`,
);

process.once("SIGTERM", async () => {
  await app.close();
  await bare.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
