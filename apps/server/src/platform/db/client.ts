// One Drizzle handle over either the embedded PGlite (default) or a PostgreSQL server
// (DATABASE_URL). Both speak the same dialect and run the same committed migrations.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder } from "./paths";

/**
 * A database handle or an open transaction: repositories take either, so a service can run several
 * repositories' writes in one transaction. No relational (`db.query`) API is used, so the handle
 * carries no table list and the platform layer needs no module's schema.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** What repository methods take: an open transaction, or the handle itself outside one. */
export type Tx = Db;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Brings the schema up to date, then runs `then` (the first seed of an empty database) while
   * still holding the migration lock on PostgreSQL, so that instances started together neither
   * migrate nor seed at the same time.
   */
  migrate(then?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
};

/**
 * `dataDir` undefined with no URL gives an in-memory PGlite (tests); `pglite` wraps an embedded
 * instance the caller opened (tests pass clones of one migrated and seeded instance).
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  pglite?: PGlite;
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server closes (restart, failover, a dropped database) must not crash
    // the process: the pool discards it and opens a new one on the next query.
    pool.on("error", () => undefined);
    const db = drizzlePg(pool);
    return {
      db,
      kind: "postgres",
      async migrate(then) {
        // Several instances may start at once: one migrates (and seeds an empty database) while
        // the others wait on the lock, and then find it migrated and seeded.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock(727274)");
          await migratePg(db, { migrationsFolder });
          await then?.();
        } finally {
          await client.query("select pg_advisory_unlock(727274)").catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.pglite ?? (options.dataDir ? new PGlite(options.dataDir) : new PGlite());
  await client.waitReady;
  const db = drizzlePglite(client);
  return {
    db,
    kind: "pglite",
    async migrate(then) {
      await migratePglite(db, { migrationsFolder });
      await then?.();
    },
    close: () => client.close(),
  };
}

/** Rows of a raw `db.execute` result: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
