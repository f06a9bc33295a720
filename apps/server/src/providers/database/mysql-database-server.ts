// Tenants' databases on a MySQL or MariaDB server (RDS_MYSQL_URL, decision 0022): a database and a
// user of its own granted everything on that database only, so one tenant's user sees no other
// database. Identifiers are generated (database-server.ts); the password goes as a parameter.
import mysql from "mysql2/promise";
import { type DatabaseNames, type DatabaseServer, onServer } from "./database-server";

export function createMysqlDatabaseServer(url: string): DatabaseServer {
  const parsed = new URL(url);
  async function withConnection<T>(what: string, run: (c: mysql.Connection) => Promise<T>): Promise<T> {
    return onServer(what, async () => {
      const c = await mysql.createConnection(url);
      try {
        return await run(c);
      } finally {
        await c.end().catch(() => undefined);
      }
    });
  }
  // The names are `rds_` and hex digits: quoting them is enough.
  const account = (names: DatabaseNames) => `'${names.user}'@'%'`;

  async function endSessions(c: mysql.Connection, names: DatabaseNames) {
    const [rows] = await c.query("SELECT ID FROM information_schema.PROCESSLIST WHERE USER = ?", [
      names.user,
    ]);
    for (const r of rows as { ID: number }[]) await c.query(`KILL ${Number(r.ID)}`).catch(() => undefined);
  }

  async function dropWith(c: mysql.Connection, names: DatabaseNames) {
    await c.query(`DROP DATABASE IF EXISTS \`${names.database}\``);
    await c.query(`DROP USER IF EXISTS ${account(names)}`);
  }

  return {
    engine: "mysql",
    simulated: false,
    host: parsed.hostname,
    port: Number(parsed.port || 3306),

    create: (names, password) =>
      withConnection("create database", async (c) => {
        try {
          await c.query(`CREATE DATABASE IF NOT EXISTS \`${names.database}\``);
          await c.query(`CREATE USER IF NOT EXISTS ${account(names)} IDENTIFIED BY ?`, [password]);
          await c.query(`ALTER USER ${account(names)} IDENTIFIED BY ?`, [password]);
          await c.query(`GRANT ALL ON \`${names.database}\`.* TO ${account(names)}`);
        } catch (err) {
          // Nothing half-made stays on the server.
          await dropWith(c, names).catch(() => undefined);
          throw err;
        }
      }),

    setPassword: (names, password) =>
      withConnection("reset password", async (c) => {
        await c.query(`ALTER USER ${account(names)} IDENTIFIED BY ?`, [password]);
      }),

    setLogin: (names, enabled) =>
      withConnection(enabled ? "unlock login" : "lock login", async (c) => {
        await c.query(`ALTER USER ${account(names)} ACCOUNT ${enabled ? "UNLOCK" : "LOCK"}`);
        // A lock refuses new sessions only: the open ones are ended too.
        if (!enabled) await endSessions(c, names);
      }),

    drop: (names) =>
      withConnection("drop database", async (c) => {
        // The user's open sessions are ended first, so nothing keeps using what is dropped.
        await endSessions(c, names);
        await dropWith(c, names);
      }),

    async close() {},
  };
}
