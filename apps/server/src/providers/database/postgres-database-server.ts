// Tenants' databases on a PostgreSQL server (RDS_POSTGRES_URL, decision 0022): a login role with
// the generated password owning a database of its own, which PUBLIC may not connect to — so one
// tenant's role cannot even open another's database. DDL takes no parameters: identifiers are
// generated (database-server.ts) and quoted, the password escaped by the driver.
import pg from "pg";
import { type DatabaseNames, type DatabaseServer, DatabaseServerError, onServer } from "./database-server";

export function createPostgresDatabaseServer(url: string): DatabaseServer {
  const parsed = new URL(url);
  // One connection per call: these are rare operator-side changes, never on a hot path.
  async function withClient<T>(what: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
    return onServer(what, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await run(client);
      } finally {
        await client.end().catch(() => undefined);
      }
    });
  }
  const exists = async (c: pg.Client, sql: string, name: string) =>
    ((await c.query(sql, [name])).rowCount ?? 0) > 0;

  async function dropWith(c: pg.Client, names: DatabaseNames) {
    const db = c.escapeIdentifier(names.database);
    // WITH (FORCE) closes the tenant's open sessions (PostgreSQL 13 and later).
    await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await c.query(`DROP ROLE IF EXISTS ${c.escapeIdentifier(names.user)}`);
  }

  return {
    engine: "postgresql",
    simulated: false,
    host: parsed.hostname,
    port: Number(parsed.port || 5432),

    create: (names, password) =>
      withClient("create database", async (c) => {
        const role = c.escapeIdentifier(names.user);
        const db = c.escapeIdentifier(names.database);
        try {
          if (!(await exists(c, "SELECT 1 FROM pg_roles WHERE rolname = $1", names.user)))
            await c.query(`CREATE ROLE ${role} LOGIN PASSWORD ${c.escapeLiteral(password)}`);
          else await c.query(`ALTER ROLE ${role} LOGIN PASSWORD ${c.escapeLiteral(password)}`);
          if (!(await exists(c, "SELECT 1 FROM pg_database WHERE datname = $1", names.database)))
            await c.query(`CREATE DATABASE ${db} OWNER ${role}`);
          await c.query(`REVOKE CONNECT, TEMPORARY ON DATABASE ${db} FROM PUBLIC`);
        } catch (err) {
          // Nothing half-made stays on the server: the role without its database goes too.
          await dropWith(c, names).catch(() => undefined);
          throw err;
        }
      }),

    setPassword: (names, password) =>
      withClient("reset password", async (c) => {
        if (!(await exists(c, "SELECT 1 FROM pg_roles WHERE rolname = $1", names.user)))
          throw new DatabaseServerError(`no role ${names.user}`);
        await c.query(`ALTER ROLE ${c.escapeIdentifier(names.user)} PASSWORD ${c.escapeLiteral(password)}`);
      }),

    setLogin: (names, enabled) =>
      withClient(enabled ? "unlock login" : "lock login", async (c) => {
        const role = c.escapeIdentifier(names.user);
        await c.query(`ALTER ROLE ${role} ${enabled ? "LOGIN" : "NOLOGIN"}`);
        // NOLOGIN refuses new sessions only: the open ones are ended too.
        if (!enabled)
          await c.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1", [
            names.user,
          ]);
      }),

    drop: (names) => withClient("drop database", (c) => dropWith(c, names)),

    async close() {},
  };
}
