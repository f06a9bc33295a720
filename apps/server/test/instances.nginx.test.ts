// Several instances behind nginx, one of them killed with SIGKILL under load (issue 18 §2;
// docs/operations/scaling-out.md). nginx (Debian's, run here on loopback with the documented
// configuration) balances three instances of the built server on one fresh PostgreSQL database,
// with one SECRETS_KEY, one shared DATA_DIR, TRUST_PROXY and a lifecycle step every second on each.
// Several users drive 2,000 requests through nginx as the console sends them (signed, with keys on
// money calls): sign-ins, price inquiries, top-ups paid on the sandbox gateway's page with its
// notification, host orders prepaid and postpaid, renewals and bill exports. A third of the way in,
// three hours are made due on every running postpaid host (so that all instances race to charge
// them) and one instance is killed with SIGKILL; it starts again 200 requests later. Requests it
// held fail with a 502 and the client sends money calls again with the same key. Once the
// instances are quiet (polled), the database must show every accepted money call applied once,
// every order final, the ledger verifying, each postpaid hour charged once, each e-mail sent once,
// and each session signed in with its user's address (X-Forwarded-For through nginx, TRUST_PROXY).
// The three start together on the empty database; a second case holds one instance's first seed
// open and sees another wait for it on the migration lock.
//
// Needs nginx (scripts/nginx/install.sh), PostgreSQL at TEST_DATABASE_URL (or
// postgres://postgres@127.0.0.1:5432/postgres) and the built server (`npm run build`):
// `npm run test:instances`. .ci/run runs it beside the browser tests.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseYuan } from "@skyledger/billing";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/modules/iam/iam.schema";
import { type Database, openDatabase, rowsOf } from "../src/platform/db/client";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO } from "./support/client";
import { registrationForm } from "./support/flows";
import {
  type Check,
  checkClientAddresses,
  checkExports,
  checkLedger,
  checkMetering,
  checkOrders,
  checkOutbox,
  checkTopUps,
} from "./support/instances/checks";
import { ConsoleClient } from "./support/instances/console-client";
import { createFleet, type Fleet, REPO_ROOT, SERVER_BUNDLE } from "./support/instances/fleet";
import { NGINX_BINARY, type Nginx, startNginx } from "./support/instances/nginx";
import { type DueHours, makeHoursDue, untilQuiet } from "./support/instances/quiescence";
import { Tally } from "./support/instances/tally";
import { type Credentials, createLoad, userAddress } from "./support/instances/workload";
import { DEMO_ORG, fundCash } from "./support/money";
import { createDatabase, dropDatabase } from "./support/postgres";
import { startSmtp, type TestSmtp } from "./support/smtp";

const REQUESTS = Number(process.env.INSTANCES_REQUESTS ?? 2_000);
const WORKERS = 6;
const KILL_AT = Math.round(REQUESTS / 3);
// 200 requests at the default size; a smaller run (INSTANCES_REQUESTS, while developing) restarts sooner.
const RESTART_AFTER = Math.min(200, Math.round(REQUESTS / 6));
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

let work: string;
let dbName: string | undefined;
let database: Database;
let smtp: TestSmtp;
let nginx: Nginx | undefined;
let fleet: Fleet | undefined;
let base: string;
let payer: Credentials & { orgId: string; userId: string };
/** The demo tenant administrator's id (seed.ts). */
const DEMO_TENANT_ID = "00000000-0000-4000-8000-000000000102";

/** The sign-up code SMS (recorded in the outbox: no SMS provider is configured). */
async function registrationCode(phone: string): Promise<string> {
  const rows = await database.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.purpose, "code:register")));
  const code = /\b(\d{6})\b/.exec(rows.at(-1)?.body ?? "")?.[1];
  if (!code) throw new Error(`no sign-up code was sent to ${phone}`);
  return code;
}

/** The payer signs up through nginx as a new tenant would (its code read from the outbox). */
async function signUpPayer(): Promise<Credentials & { orgId: string; userId: string }> {
  const form = registrationForm({ account: `payer${Date.now() % 100_000}` });
  const client = new ConsoleClient(base);
  const sent = await client.open("POST", "/api/common/sms/send_code", {
    body: { phone: form.mobile, purpose: "register" },
  });
  expect(sent.outcome, sent.message).toBe("ok");
  form.smsCode = await registrationCode(form.mobile);
  const registered = await client.open<{ userSid: string }>("POST", "/api/users/register", { body: form });
  expect(registered.outcome, registered.message).toBe("ok");
  const [user] = await database.db
    .update(users)
    .set({ certificationStatus: "authSucceed" })
    .where(eq(users.id, registered.data!.userSid))
    .returning({ orgId: users.orgId });
  return {
    account: form.account,
    password: form.password,
    orgId: user!.orgId!,
    userId: registered.data!.userSid,
  };
}

beforeAll(async () => {
  for (const [what, file] of [
    ["nginx (bash scripts/nginx/install.sh)", NGINX_BINARY],
    ["the built server (npm run build)", SERVER_BUNDLE],
  ] as const) {
    if (!existsSync(file)) throw new Error(`${file} is missing: this test needs ${what}`);
  }
  work = mkdtempSync(path.join(tmpdir(), "skyledger-instances-"));
  const created = await createDatabase(ADMIN_URL, "skyledger_instances");
  dbName = created.name;
  smtp = await startSmtp();
  const [listen, ...ports] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  base = `http://127.0.0.1:${listen}`;
  fleet = createFleet(ports, {
    DATABASE_URL: created.url,
    DATA_DIR: path.join(work, "data"),
    WEB_DIST_DIR: path.join(REPO_ROOT, "apps/web/dist"),
    PUBLIC_URL: base,
    SECRETS_KEY: randomBytes(32).toString("base64"),
    TRUST_PROXY: "true",
    PAYMENT_SANDBOX: "true",
    SEED_DEMO: "true",
    LIFECYCLE_TICK_SECONDS: "1",
    SIMULATOR_DELAY_PERCENT: "5",
    LOG_LEVEL: "warn",
    RATE_LIMIT_IP_PER_MINUTE: "0",
    RATE_LIMIT_ACCOUNT_PER_MINUTE: "0",
    RATE_LIMIT_AUTH_PER_MINUTE: "0",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
  });
  // All three start together on the empty database: one migrates and seeds it, the others wait.
  await Promise.all(fleet.instances.map((i) => fleet!.start(i)));
  nginx = await startNginx(path.join(work, "nginx"), listen, ports);
  database = await openDatabase({ url: created.url });
  // Money for a few hundred hosts and their renewals, and room for them in the quota.
  await fundCash(database.db, DEMO_ORG, parseYuan("500000"), new Date());
  const admin = new ConsoleClient(base);
  expect((await admin.login(DEMO.admin.account, DEMO.admin.password)).outcome).toBe("ok");
  const quota = await admin.call("PUT", "/api/ops/quotas", {
    body: { orgId: DEMO_ORG, projectId: null, limits: { instances: 2_000, vcpu: 8_000, memoryGb: 16_000 } },
  });
  expect(quota.outcome, quota.message).toBe("ok");
  payer = await signUpPayer();
}, 300_000);

afterAll(async () => {
  await nginx?.stop();
  await fleet?.stopAll();
  await database?.close();
  await smtp?.close();
  if (dbName) await dropDatabase(ADMIN_URL, dbName);
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("three instances behind nginx, one killed with SIGKILL under load", () => {
  it("applies every accepted money call once, finishes every order, and charges and mails once", {
    timeout: 600_000,
  }, async () => {
    const started = Date.now();
    const tally = new Tally();
    const due: DueHours = new Map();
    const victim = fleet!.instances[1]!;
    const kill = { at: 0, killedAt: new Date(8.64e15), restartedAt: 0, downMs: 0, madeDue: 0 };
    let killing: Promise<void> | undefined;
    let restarting: Promise<void> | undefined;
    let lateDue: Promise<number> | undefined;
    tally.onRequest((n) => {
      if (n === KILL_AT) {
        kill.at = n;
        // Hours made due a moment before the kill: every instance's next step races to charge them.
        killing = makeHoursDue(database.db, due).then(async (moved) => {
          kill.madeDue = moved;
          kill.killedAt = new Date();
          await fleet!.kill(victim);
        });
      }
      if (n === KILL_AT + RESTART_AFTER) {
        kill.restartedAt = n;
        restarting = (killing ?? Promise.resolve()).then(async () => {
          await fleet!.start(victim);
          kill.downMs = Date.now() - kill.killedAt.getTime();
        });
      }
      // Hosts that came up after the kill get their hours made due under load too.
      if (n === Math.round((REQUESTS * 5) / 6)) lateDue = makeHoursDue(database.db, due);
    });

    const load = createLoad({
      base,
      db: database.db,
      tally,
      budget: REQUESTS,
      workers: WORKERS,
      tenant: DEMO.tenant,
      payer,
    });
    await load.run();
    await restarting;
    const late = (await lateDue) ?? 0;
    const loadMs = Date.now() - started;
    const quiet = await untilQuiet(database.db, due, kill.killedAt, 120_000);

    const checks: Check[] = [
      await checkLedger(database.db),
      await checkTopUps(database.db, payer.orgId, load.record.topUps),
      await checkOrders(database.db, DEMO_ORG, load.record.orders, load.record.renewals),
      await checkMetering(database.db, due),
      await checkOutbox(database.db, smtp.mails, kill.killedAt),
      await checkExports(database.db, load.record.exports),
      await checkClientAddresses(
        database.db,
        [DEMO_TENANT_ID, payer.userId],
        Array.from({ length: WORKERS }, (_, i) => userAddress(i)),
      ),
    ];
    const lines = [
      "",
      `Several instances behind nginx: ${tally.requests} requests from ${WORKERS} users in ${(loadMs / 1000).toFixed(1)} s`,
      ...tally.lines(),
      `Kill: instance :${victim.port} killed with SIGKILL at request ${kill.at} (${kill.madeDue} postpaid hosts had 3 hours made due just before), started again at request ${kill.restartedAt}, answering again ${(kill.downMs / 1000).toFixed(1)} s after the kill; ${late} more hosts had hours made due at request ${Math.round((REQUESTS * 5) / 6)}`,
      `Quiet after ${(quiet.ms / 1000).toFixed(1)} s${quiet.moving.length ? `; still moving: ${quiet.moving.join(", ")}` : ""}`,
      ...checks.map(
        (c) =>
          `  ${c.problems.length ? "FAILED" : "ok    "} ${c.name}: ${c.summary}${c.problems.length ? `\n      ${c.problems.slice(0, 10).join("\n      ")}` : ""}`,
      ),
      "",
    ];
    console.log(lines.join("\n"));

    expect(victim.starts).toBe(2);
    expect(tally.requests).toBeGreaterThanOrEqual(REQUESTS);
    expect(quiet.moving).toEqual([]);
    expect(Object.fromEntries(checks.map((c) => [c.name, c.problems]))).toEqual(
      Object.fromEntries(checks.map((c) => [c.name, []])),
    );
  });

  it("seeds an empty database once when instances start together: the seed runs under the migration lock", async () => {
    // What main.ts does on two instances at once: the first one's seed step is held open until the
    // second is seen waiting for the lock in pg_locks; only then may the first finish, and the
    // second's seed step must come after it.
    const { name, url } = await createDatabase(ADMIN_URL, "skyledger_instances_lock");
    const [a, b] = await Promise.all([openDatabase({ url }), openDatabase({ url })]);
    try {
      const steps: string[] = [];
      const inside = gate();
      const held = gate();
      const first = a.migrate(async () => {
        steps.push("first seeds");
        inside.open();
        await held.opened;
        steps.push("first done");
      });
      await inside.opened;
      const second = b.migrate(async () => {
        steps.push("second seeds");
      });
      const waiting = async () =>
        rowsOf<{ n: number }>(
          await a.db.execute(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 727274 and not granted and database = (select oid from pg_database where datname = current_database())`,
          ),
        )[0]!.n;
      const until = Date.now() + 30_000;
      while ((await waiting()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(await waiting()).toBe(1);
      held.open();
      await Promise.all([first, second]);
      expect(steps).toEqual(["first seeds", "first done", "second seeds"]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await dropDatabase(ADMIN_URL, name);
    }
  });
});

/** A promise opened from outside. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}
