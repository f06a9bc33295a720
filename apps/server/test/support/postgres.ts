// Databases of their own for tests on the PostgreSQL server named by TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** A migrated, seeded database that test databases are copied from (postgres-template.global.ts). */
export type PostgresTemplate = { name: string; sessionTtlMinutes: number };

async function onAdmin(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates a database with a fresh name (a copy of `template` when given) and returns its URL. */
export async function createDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await onAdmin(adminUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return onAdmin(adminUrl, `drop database if exists ${name} with (force)`);
}
