// Builds the real application on a fresh database: in-memory PGlite by default, or a database of
// its own on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped in close()).
// The server's error-level log goes to a collector; close() fails the file on any such line that
// the test did not declare with expectErrorLog() (see LogCollector).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../../src/app";
import { verifyLedger } from "../../src/modules/ledger/ledger.verify";
import { type AppConfig, loadConfig } from "../../src/platform/config";
import { type Database, openDatabase } from "../../src/platform/db/client";
import { createSecrets, loadSecretsKey, type Secrets } from "../../src/platform/secrets";
import { seed } from "../../src/seed";
import { FakeClock } from "./fake-clock";
import { createDatabase, dropDatabase, type PostgresTemplate } from "./postgres";

/**
 * The time limit of a test that makes hundreds of requests or rates many hours of many jobs: it
 * takes a few seconds alone, but in CI the browser tests, the Slurm cluster and OpenStack share the
 * two cores with it and it has taken over the default 30 s there.
 */
export const LONG_TEST_MS = 180_000;

export type TestApp = {
  app: FastifyInstance;
  clock: FakeClock;
  database: Database;
  config: AppConfig;
  /** The installation's secrets key (the one the app made in its DATA_DIR), to seal or open rows. */
  secrets: Secrets;
  /**
   * Declares that the server may log error-level lines matching `pattern` (their message, error
   * type or error message) in this file: close() fails the file on any other error-level line.
   */
  expectErrorLog(pattern: RegExp): void;
  /** The error-level lines the server has logged so far (to assert that a failure was logged). */
  errorLogs(): LogLine[];
  close(): Promise<void>;
};

/** One line of the server's JSON log (pino). Levels: 40 warn, 50 error, 60 fatal. */
export type LogLine = {
  level: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
};

const ERROR_LEVEL = 50;

/**
 * The server's log in a test: the app logs at error level into this collector instead of stdout.
 * An error-level line is a bug (a 500, a failed background job) unless the test said it expected
 * it, so check() — called by TestApp.close() — fails the test file on any line no expect() pattern
 * matches.
 */
export class LogCollector {
  readonly lines: LogLine[] = [];
  private readonly expected: RegExp[] = [];

  /** Fastify's `logger` option that writes here. */
  readonly logger = {
    level: "error",
    stream: { write: (chunk: string) => this.write(chunk) },
  };

  private write(chunk: string): void {
    for (const text of chunk.split("\n")) {
      if (!text.trim()) continue;
      try {
        this.lines.push(JSON.parse(text) as LogLine);
      } catch {
        this.lines.push({ level: ERROR_LEVEL, msg: `unparsable log line: ${text}` });
      }
    }
  }

  expect(pattern: RegExp): void {
    this.expected.push(pattern);
  }

  errors(): LogLine[] {
    return this.lines.filter((line) => line.level >= ERROR_LEVEL);
  }

  /** Throws when an error-level line was logged that no expected pattern matches. */
  check(): void {
    const unexpected = this.errors().filter((line) => {
      const text = [line.msg, line.err?.type, line.err?.message].filter(Boolean).join(" ");
      return !this.expected.some((pattern) => pattern.test(text));
    });
    if (unexpected.length === 0) return;
    const shown = unexpected
      .slice(0, 10)
      .map((line) => JSON.stringify({ msg: line.msg, err: line.err, reqId: line.reqId }));
    throw new Error(
      `the server logged ${unexpected.length} error-level line(s) that no test expected (declare one with t.expectErrorLog(/pattern/) if it is meant):\n${shown.join("\n")}`,
    );
  }
}

/**
 * A database of its own on the PostgreSQL server: a copy of the run's migrated, seeded template
 * when `template` is given (`seeded` then says so), else empty.
 */
export async function freshPostgres(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; seeded: boolean; drop(): Promise<void> }> {
  const { name, url } = await createDatabase(adminUrl, "skyledger_test", template);
  return { url, seeded: template !== undefined, drop: () => dropDatabase(adminUrl, name) };
}

/** The run's PostgreSQL template when it was seeded for this session lifetime. */
function postgresTemplateFor(sessionTtlMinutes: number): string | undefined {
  // Undefined outside the server project's run (the Slurm suite has no global setup).
  const template = inject("postgresTemplate") as PostgresTemplate | null | undefined;
  return template && template.sessionTtlMinutes === sessionTtlMinutes ? template.name : undefined;
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

export async function startTestApp(
  env: Record<string, string> = {},
  options: { clockStart?: Date } = {},
): Promise<TestApp> {
  // A real backend that stamps what it records with its own time (an access log) needs the
  // test's clock to start at the real time.
  const clock = new FakeClock(options.clockStart);
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
  const pgdb = adminUrl
    ? await freshPostgres(adminUrl, postgresTemplateFor(config.sessionTtlMinutes))
    : undefined;
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
  // An embedded clone and a copy of the PostgreSQL template are migrated and seeded already.
  if (pgdb && !pgdb.seeded) {
    await database.migrate();
    await seed(database.db, clock, { sessionTtlMinutes: config.sessionTtlMinutes, demo: true });
  }
  const log = new LogCollector();
  const app = await buildApp({ database, clock, config, logger: log.logger });
  await app.ready();
  return {
    app,
    clock,
    database,
    config,
    secrets: createSecrets(loadSecretsKey(config)),
    expectErrorLog: (pattern) => log.expect(pattern),
    errorLogs: () => log.errors(),
    async close() {
      await app.close();
      // The ledger's invariants are checked after every test file, whatever it did.
      const problems = await verifyLedger(database.db);
      closing = true;
      await database.close();
      await pgdb?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (problems.length) throw new Error(`ledger verification failed: ${JSON.stringify(problems)}`);
      log.check();
    },
  };
}
