// Builds the real application on a fresh database: in-memory PGlite by default, or a database of
// its own on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped in close()).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../../src/app";
import { verifyLedger } from "../../src/modules/ledger/ledger.verify";
import { type AppConfig, loadConfig } from "../../src/platform/config";
import { type Database, openDatabase } from "../../src/platform/db/client";
import { seed } from "../../src/seed";
import { FakeClock } from "./fake-clock";

export type TestApp = {
  app: FastifyInstance;
  clock: FakeClock;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
};

export async function freshPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `skyledger_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

// Opening an embedded PGlite, migrating and seeding it takes about 1.7 s; cloning one that was
// takes about 0.7 s. Each test process keeps one migrated, seeded template per seed setting and
// gives every app a clone of it, exactly what a fresh start would have built (the seed reads only
// the session lifetime and the FakeClock's fixed start).
const templates = new Map<number, Promise<PGlite>>();

function seededTemplate(sessionTtlMinutes: number): Promise<PGlite> {
  let template = templates.get(sessionTtlMinutes);
  if (!template) {
    template = (async () => {
      const client = new PGlite();
      const database = await openDatabase({ pglite: client });
      await database.migrate();
      await seed(database.db, new FakeClock(), { sessionTtlMinutes, demo: true });
      return client;
    })();
    templates.set(sessionTtlMinutes, template);
  }
  return template;
}

async function freshEmbedded(sessionTtlMinutes: number): Promise<Database> {
  const template = await seededTemplate(sessionTtlMinutes);
  return openDatabase({ pglite: (await template.clone()) as PGlite });
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const clock = new FakeClock();
  // Uploads and exports go to a directory of this test file's own, never into the repository.
  const dataDir = env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), "skyledger-test-"));
  const config = loadConfig({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    RATE_LIMIT_IP_PER_MINUTE: "100000",
    RATE_LIMIT_ACCOUNT_PER_MINUTE: "100000",
    RATE_LIMIT_AUTH_PER_MINUTE: "100000",
    WEB_DIST_DIR: "/nonexistent-web-dist",
    // Tests move the clock and run the lifecycle step themselves (app.services.tick()).
    LIFECYCLE_TICK_SECONDS: "0",
    ...env,
  });
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgdb = adminUrl ? await freshPostgres(adminUrl) : undefined;
  const database = pgdb
    ? await openDatabase({ url: pgdb.url })
    : await freshEmbedded(config.sessionTtlMinutes);
  // pool.end() resolves once it has asked every connection to close, not once they are gone: the
  // forced drop in close() may terminate one still closing (57P01), which is expected then.
  let closing = false;
  const pool = (database.db as { $client?: { on?(e: "error", f: (err: unknown) => void): void } }).$client;
  pool?.on?.("error", (err) => {
    if (!closing || (err as { code?: string }).code !== "57P01") throw err;
  });
  // An embedded clone is migrated and seeded already.
  if (pgdb) {
    await database.migrate();
    await seed(database.db, clock, { sessionTtlMinutes: config.sessionTtlMinutes, demo: true });
  }
  const app = await buildApp({ database, clock, config, logger: false });
  await app.ready();
  return {
    app,
    clock,
    database,
    config,
    async close() {
      await app.close();
      // The ledger's invariants are checked after every test file, whatever it did.
      const problems = await verifyLedger(database.db);
      closing = true;
      await database.close();
      await pgdb?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (problems.length) throw new Error(`ledger verification failed: ${JSON.stringify(problems)}`);
    },
  };
}
