// Relational databases on real servers (issue 16 item 4, decision 0022): the machine's PostgreSQL
// and MariaDB stand in for the provider's database servers (both run here and in CI; override
// with RDS_TEST_POSTGRES_URL / RDS_TEST_MYSQL_URL). For each engine: a client connects with the
// credentials the pages show and the password a reset answered; another tenant's login cannot
// open this database; while it is frozen its login is locked (an open session ended) and its data
// kept; after the unsubscribe the login is refused. Names come from the resource
// ids, so parallel runs never collide.
import type { RdsConnection, RdsEngine } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import mysql from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../src/schema";
import { DEMO, signedIn, type TestClient } from "../support/client";
import { startTestApp, type TestApp } from "../support/harness";
import { answerStepUps } from "../support/iam";
import { advance, unsubscribe, verifiedTenant } from "../support/orders";
import { databaseOf, orderedDatabase, resetPassword } from "../support/rds";

const POSTGRES_URL = process.env.RDS_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MYSQL_URL = process.env.RDS_TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";

type Login = RdsConnection & { password: string };

/** Connects as `login` to `database` (its own unless said), runs one statement and answers its rows. */
async function query(login: Login, sql: string, database = login.database): Promise<unknown[]> {
  if (login.engine === "postgresql") {
    const client = new pg.Client({
      host: login.host,
      port: login.port,
      user: login.username,
      password: login.password,
      database,
    });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }
  const c = await mysql.createConnection({
    host: login.host,
    port: login.port,
    user: login.username,
    password: login.password,
    database,
  });
  try {
    return (await c.query(sql))[0] as unknown[];
  } finally {
    await c.end();
  }
}

let t: TestApp;
let operator: TestClient;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;
let alice: Tenant;
let bob: Tenant;

beforeAll(async () => {
  t = await startTestApp({ RDS_POSTGRES_URL: POSTGRES_URL, RDS_MYSQL_URL: MYSQL_URL });
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  alice = await verifiedTenant(t, operator, "3000");
  bob = await verifiedTenant(t, operator, "3000");
  answerStepUps(t, alice.client, alice.tenant.mobile);
  answerStepUps(t, bob.client, bob.tenant.mobile);
});
afterAll(() => t.close());

/** Buys a database of `engine` for `tenant` and resets its password: the login as a person has it. */
async function boughtLogin(tenant: Tenant, engine: RdsEngine): Promise<{ id: string; login: Login }> {
  const id = await orderedDatabase(t, tenant.client, {
    engine,
    paymentType: "postpaid",
    name: `${engine}-db`,
  });
  const shown = await databaseOf(tenant.client, id);
  expect(shown.connection).toMatchObject({ simulated: false, engine });
  const { password, username } = await resetPassword(tenant.client, id);
  expect(username).toBe(shown.connection!.username);
  return { id, login: { ...shown.connection!, password } };
}

/** Opens a session as `login` and keeps it: what a tenant's application holds. */
async function session(
  login: Login,
): Promise<{ ask: (sql: string) => Promise<unknown>; end: () => Promise<void> }> {
  if (login.engine === "postgresql") {
    const client = new pg.Client({ ...credentials(login), database: login.database });
    client.on("error", () => undefined); // ended by the server: the next query says so
    await client.connect();
    return { ask: (sql) => client.query(sql), end: () => client.end().catch(() => undefined) };
  }
  const c = await mysql.createConnection({ ...credentials(login), database: login.database });
  c.on("error", () => undefined);
  return { ask: (sql) => c.query(sql), end: () => c.end().catch(() => undefined) };
}

const credentials = (l: Login) => ({ host: l.host, port: l.port, user: l.username, password: l.password });

/** The lifecycle's freeze or thaw as it leaves the resource; the sweep follows it, whatever did it. */
const setStatus = (id: string, status: "frozen" | "available") =>
  t.database.db
    .update(resources)
    .set(
      status === "frozen"
        ? { status, frozenAt: t.clock.now(), frozenReason: "expired", statusBeforeFreeze: "available" }
        : { status, frozenAt: null, frozenReason: null, statusBeforeFreeze: null },
    )
    .where(eq(resources.id, id));

describe.each(["postgresql", "mysql"] as const)("a %s database on its server", (engine) => {
  let mine: { id: string; login: Login };
  let theirs: { id: string; login: Login };

  it("is reached with the shown credentials and keeps what the tenant writes", async () => {
    mine = await boughtLogin(alice, engine);
    theirs = await boughtLogin(bob, engine);
    await query(mine.login, "CREATE TABLE notes (body VARCHAR(40))");
    await query(mine.login, "INSERT INTO notes VALUES ('kept')");
    expect(await query(mine.login, "SELECT body FROM notes")).toEqual([{ body: "kept" }]);
  });

  it("the old password stops working after a reset", async () => {
    // PostgreSQL here trusts loopback logins (pg_hba), so only MariaDB checks the password.
    if (engine !== "mysql") return;
    const { password } = await resetPassword(alice.client, mine.id);
    await expect(query(mine.login, "SELECT 1")).rejects.toThrow(/Access denied/);
    mine.login.password = password;
    expect(await query(mine.login, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });

  it("another tenant's login cannot open it", async () => {
    await expect(query(theirs.login, "SELECT 1", mine.login.database)).rejects.toThrow(
      engine === "postgresql" ? /permission denied for database/ : /Access denied/,
    );
  });

  it("frozen: its login is locked and an open session ended; thawed: it connects again to its data", async () => {
    const open = await session(mine.login);
    await open.ask("SELECT 1");
    await setStatus(mine.id, "frozen");
    await advance(t, 1);
    expect((await databaseOf(alice.client, mine.id)).connection?.loginLocked).toBe(true);
    await expect(open.ask("SELECT 1")).rejects.toThrow();
    await open.end();
    await expect(query(mine.login, "SELECT 1")).rejects.toThrow(
      engine === "postgresql" ? /not permitted to log in/ : /locked/,
    );
    // The other tenant's database is not touched.
    expect(await query(theirs.login, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
    await setStatus(mine.id, "available");
    await advance(t, 1);
    expect((await databaseOf(alice.client, mine.id)).connection?.loginLocked).toBe(false);
    expect(await query(mine.login, "SELECT body FROM notes")).toEqual([{ body: "kept" }]);
  });

  it("is refused once unsubscribed, and the other tenant's stays", async () => {
    const res = await unsubscribe(alice.client, mine.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(t, 5);
    await expect(query(mine.login, "SELECT 1")).rejects.toThrow(
      engine === "postgresql" ? /does not exist/ : /Access denied/,
    );
    expect(await query(theirs.login, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
    const gone = await unsubscribe(bob.client, theirs.id);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    await advance(t, 5);
    await expect(query(theirs.login, "SELECT 1")).rejects.toThrow();
  });
});
