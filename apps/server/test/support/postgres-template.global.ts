// Vitest global setup of the server project on PostgreSQL (TEST_DATABASE_URL): one database is
// migrated and seeded once per run, and every test file's database is a copy of it
// (`create database … template …`, a file copy inside the server) instead of migrating and seeding
// its own. Dropped when the run ends. On PGlite (no TEST_DATABASE_URL) it does nothing: the harness
// clones an in-process template there.
import type { TestProject } from "vitest/node";
import { loadConfig } from "../../src/platform/config";
import { openDatabase } from "../../src/platform/db/client";
import { seed } from "../../src/seed";
import { FakeClock } from "./fake-clock";
import { createDatabase, dropDatabase, type PostgresTemplate } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    postgresTemplate: PostgresTemplate | null;
  }
}

let made: { adminUrl: string; name: string } | null = null;

export async function setup(project: TestProject): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    project.provide("postgresTemplate", null);
    return;
  }
  const { name, url } = await createDatabase(adminUrl, "skyledger_tpl");
  made = { adminUrl, name };
  // The harness's own configuration, without a test's overrides: the seed reads only the session
  // lifetime, and a file that changes it gets a database of its own (harness.ts).
  const { sessionTtlMinutes } = loadConfig({ WEB_DIST_DIR: "/nonexistent-web-dist" });
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    await seed(database.db, new FakeClock(), { sessionTtlMinutes, demo: true });
  } finally {
    // A template must have no connection left when a copy of it is made.
    await database.close();
  }
  project.provide("postgresTemplate", { name, sessionTtlMinutes });
}

export async function teardown(): Promise<void> {
  if (made) await dropDatabase(made.adminUrl, made.name);
}
