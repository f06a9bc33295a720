// A real server process is killed with SIGKILL after it charged an order and before the order was
// provisioned (issue 5 §9), at two points the child makes certain (support/provision-crash-child.ts):
//   after the charge    the order's transaction committed, provisioning never started
//   while creating      provisioning asked the provider, the instance is not up yet
// A server started again on the same database runs the lifecycle step. The order is provisioned
// once (one resource, one instance at the provider) and charged once; when the provider fails the
// creation, the order fails and is refunded once, however often the step runs, one pair of runs at
// the same time. The tenant retrying the submission with the same Idempotency-Key after the restart
// gets the same order and pays nothing more; `npm run ledger:verify` passes on the database.
// PGlite on a data directory by default (the restart reopens it after the kill: an embedded
// database is never open in two processes at once), a fresh PostgreSQL database with
// TEST_DATABASE_URL.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { canonicalString, type OrderDetail } from "@skyledger/contracts";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { bills, journalEntries } from "../src/modules/ledger/ledger.schema";
import { verifyLedger } from "../src/modules/ledger/ledger.verify";
import { orders } from "../src/modules/orders/orders.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { loadConfig } from "../src/platform/config";
import { openDatabase } from "../src/platform/db/client";
import { createSecrets, loadSecretsKey } from "../src/platform/secrets";
import { simInstances } from "../src/providers/simulator/simulator.schema";
import { seed } from "../src/seed";
import { DEMO, type Envelope, signedIn, TestClient } from "./support/client";
import { FakeClock } from "./support/fake-clock";
import { freshPostgres, LONG_TEST_MS, LogCollector, type TestApp } from "./support/harness";
import { cashOf, idemKey, ledgerFingerprint, y } from "./support/money";
import { advance, applyBody, hostProduct, verifiedTenant } from "./support/orders";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CHILD = path.join(HERE, "support", "provision-crash-child.ts");
const REPO_ROOT = path.resolve(HERE, "../../..");

type Creds = { token: string; signSecret: string };
type Tenant = Creds & { orgId: string };
type CrashPoint = "after the charge" | "while creating";
type Submission = { key: string; body: Record<string, unknown> };

let pgdb: { url: string; drop(): Promise<void> } | undefined;
let dataDir: string;
let filesDir: string;
/** The time every server of this file starts at: each restart goes on from where the last stopped. */
let now = new Date("2026-11-22T02:00:00.000Z").getTime();
let productCode: string;
let operatorCreds: Creds;
const tenants: Tenant[] = [];
const children = new Set<ChildProcess>();
/**
 * The key every server of this file seals secrets with: they share one database from different
 * directories, as several instances do, so they share SECRETS_KEY (decision 0013).
 */
const SECRETS_KEY = randomBytes(32).toString("base64");

/** A server on this file's database, as main.ts starts one, with the clock at `now`. */
async function startServer(): Promise<TestApp> {
  const clock = new FakeClock(new Date(now));
  const database = await openDatabase({ url: pgdb?.url, dataDir: pgdb ? undefined : dataDir });
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: filesDir,
    SECRETS_KEY,
    WEB_DIST_DIR: "/nonexistent-web-dist",
    LIFECYCLE_TICK_SECONDS: "0",
    RATE_LIMIT_IP_PER_MINUTE: "100000",
    RATE_LIMIT_ACCOUNT_PER_MINUTE: "100000",
    RATE_LIMIT_AUTH_PER_MINUTE: "100000",
  });
  await seed(database.db, clock, { sessionTtlMinutes: config.sessionTtlMinutes, demo: true });
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
      await database.close();
      now = clock.now().getTime();
      log.check();
    },
  };
}

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) pgdb = await freshPostgres(adminUrl);
  dataDir = mkdtempSync(path.join(tmpdir(), "skyledger-provision-crash-"));
  filesDir = mkdtempSync(path.join(tmpdir(), "skyledger-provision-crash-files-"));
  const t = await startServer();
  try {
    const operator = await signedIn(t.app, t.clock, DEMO.admin);
    operatorCreds = { token: operator.token!, signSecret: operator.signSecret! };
    productCode = await hostProduct(operator, { monthly: "310" });
    // One tenant with 1 000 yuan per case, so each case's money is read on its own.
    for (let i = 0; i < 4; i++) {
      const { client, orgId } = await verifiedTenant(t, operator, "1000");
      tenants.push({ orgId, token: client.token!, signSecret: client.signSecret! });
    }
  } finally {
    await t.close();
  }
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await pgdb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(filesDir, { recursive: true, force: true });
});

/** A server process on this file's database; `stopAfterKey` makes it stop once that submission committed. */
async function startChild(stopAfterKey?: string) {
  const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: pgdb?.url ?? "",
      DATA_DIR: pgdb ? filesDir : dataDir,
      SECRETS_KEY,
      PC_NOW: String(now),
      PC_STOP_AFTER_KEY: stopAfterKey ?? "",
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.add(child);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines: string[] = [];
  const waiters: { match: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    lines.push(line);
    for (const w of [...waiters]) {
      if (w.match(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      children.delete(child);
      if (signal === "SIGKILL") resolve(signal);
      else reject(new Error(`the server exited by itself (${code ?? signal}): ${stderr}`));
    });
  });
  /** The first line the child says that starts with `word` (already said or still to come). */
  const said = (word: string) => {
    const match = (line: string) => line.split(" ")[0] === word;
    const seen = lines.find(match);
    const next = seen
      ? Promise.resolve(seen)
      : new Promise<string>((resolve) => waiters.push({ match, resolve }));
    return Promise.race([next, exited.then(() => Promise.reject(new Error(`no "${word}": ${stderr}`)))]);
  };
  const port = Number((await said("listening")).split(" ")[1]);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    said,
    command: (line: string) => child.stdin!.write(`${line}\n`),
    async kill() {
      child.kill("SIGKILL");
      expect(await exited).toBe("SIGKILL");
      // The child logs at error level to stderr (JSON): like every test server, it must log none.
      const errorLines = stderr.split("\n").filter((line) => {
        try {
          return (JSON.parse(line) as { level?: number }).level! >= 50;
        } catch {
          return false;
        }
      });
      expect(errorLines, "error-level lines in the server's log").toEqual([]);
    },
  };
}

/** A signed call over the network, as the console makes it, at the child's fixed time. */
async function overTheWire<T>(
  baseUrl: string,
  who: Creds,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  const xsrf = `crash-${randomUUID()}`;
  const timestamp = String(now);
  const nonce = randomUUID();
  const requestId = randomUUID();
  const canonical = canonicalString({
    method: "POST",
    path: url,
    query: {},
    body,
    timestamp,
    nonce,
    requestId,
  });
  const res = await fetch(`${baseUrl}${url}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "accept-language": "en-US",
      cookie: `XSRF-TOKEN=${xsrf}`,
      "x-xsrf-token": xsrf,
      authorization: `Bearer ${who.token}`,
      "x-timestamp": timestamp,
      "x-nonce": nonce,
      "x-request-id": requestId,
      "x-sign": createHmac("sha256", who.signSecret).update(canonical).digest("hex"),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** Runs a server process until the crash point of `tenant`'s submission, then kills it. */
async function crashDuringOrder(
  tenant: Tenant,
  point: CrashPoint,
  providerFails: boolean,
  submission: Submission,
) {
  const { key, body } = submission;
  const child = await startChild(point === "after the charge" ? key : undefined);
  try {
    if (providerFails) {
      const armed = await overTheWire(child.baseUrl, operatorCreds, "/api/ops/simulator/faults", {
        operation: "create",
        count: 1,
        message: "no valid host was found: not enough GPU",
      });
      expect(armed.code, armed.message).toBe(200);
    }
    const submitted = overTheWire<OrderDetail>(child.baseUrl, tenant, "/api/service/apply", body, {
      "idempotency-key": key,
    });
    if (point === "after the charge") {
      // The handler never answers: it stopped right after the commit.
      submitted.catch(() => undefined);
      await child.said("charged");
    } else {
      const answer = await submitted;
      expect(answer.code, answer.message).toBe(200);
      child.command("idle");
      await child.said("idle");
    }
  } finally {
    await child.kill();
  }
}

async function orderOf(t: TestApp, orgId: string) {
  const rows = await t.database.db.select().from(orders).where(eq(orders.orgId, orgId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** What the ledger holds for the order: its journal entries by kind and its bills by type. */
async function moneyOf(t: TestApp, orderNo: string) {
  const entries = await t.database.db
    .select({ kind: journalEntries.kind })
    .from(journalEntries)
    .where(and(eq(journalEntries.referenceType, "order"), eq(journalEntries.referenceId, orderNo)));
  const billRows = await t.database.db
    .select({ type: bills.type })
    .from(bills)
    .where(eq(bills.orderNo, orderNo));
  return {
    entries: entries.map((e) => e.kind).sort(),
    bills: billRows.map((b) => b.type).sort(),
  };
}

async function resourcesOf(t: TestApp, orderId: string) {
  return t.database.db.select().from(resources).where(eq(resources.orderId, orderId));
}

async function instancesOf(t: TestApp, resourceIds: string[]) {
  if (resourceIds.length === 0) return [];
  return t.database.db.select().from(simInstances).where(inArray(simInstances.clientToken, resourceIds));
}

/** The tenant submits again with the same key after the restart: the same order, nothing charged. */
async function retrySubmission(t: TestApp, tenant: Tenant, { key, body }: Submission, orderId: string) {
  const client = new TestClient(t.app, t.clock);
  client.token = tenant.token;
  client.signSecret = tenant.signSecret;
  const again = await client.request<OrderDetail>("/api/service/apply", {
    method: "POST",
    body,
    headers: { "idempotency-key": key },
  });
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  expect(again.body.data.id).toBe(orderId);
}

/** The state the kill left, read on the restarted server before its first step. */
async function expectCrashState(t: TestApp, tenant: Tenant, point: CrashPoint) {
  const o = await orderOf(t, tenant.orgId);
  expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("690"));
  expect(await moneyOf(t, o.orderNo)).toEqual({ entries: ["charge"], bills: ["charge"] });
  const rows = await resourcesOf(t, o.id);
  if (point === "after the charge") {
    expect(o.status).toBe("approved");
    expect(rows).toEqual([]);
  } else {
    expect(o.status).toBe("provisioning");
    expect(rows.map((r) => r.status)).toEqual(["creating"]);
    expect(rows[0]!.providerRef).toBeTruthy();
  }
  return o;
}

/** `npm run ledger:verify` on this file's database, with no server open on it. */
function ledgerVerifyScript() {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/ledger-verify.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: pgdb?.url ?? "", DATA_DIR: pgdb ? filesDir : dataDir },
    encoding: "utf8",
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

const cases: { point: CrashPoint; tenant: number }[] = [
  { point: "after the charge", tenant: 0 },
  { point: "while creating", tenant: 1 },
];

describe("a server killed between the charge and provisioning", () => {
  for (const { point, tenant: n } of cases) {
    it(`killed ${point}: the restarted server provisions the order once and charges it once`, {
      timeout: LONG_TEST_MS,
    }, async () => {
      const tenant = tenants[n]!;
      const submission = { key: idemKey(), body: applyBody(productCode) };
      await crashDuringOrder(tenant, point, false, submission);

      const t = await startServer();
      try {
        const o = await expectCrashState(t, tenant, point);
        await retrySubmission(t, tenant, submission, o.id);
        await advance(t, 1);
        await advance(t, 45);
        const done = await orderOf(t, tenant.orgId);
        expect(done.status).toBe("completed");
        const rows = await resourcesOf(t, o.id);
        expect(rows.map((r) => r.status)).toEqual(["running"]);
        expect(
          await instancesOf(
            t,
            rows.map((r) => r.id),
          ),
        ).toHaveLength(1);
        expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("690"));
        expect(await moneyOf(t, o.orderNo)).toEqual({ entries: ["charge"], bills: ["charge"] });
        // Another step, and two at once, change nothing.
        const fingerprint = await ledgerFingerprint(t.database.db);
        await advance(t, 60);
        await Promise.all([t.app.services.tick(), t.app.services.tick()]);
        await t.app.services.idle();
        expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
        expect(await resourcesOf(t, o.id)).toHaveLength(1);
        expect(await verifyLedger(t.database.db)).toEqual([]);
      } finally {
        await t.close();
      }
    });

    it(`killed ${point} with the provider failing: the order fails and is refunded once`, {
      timeout: LONG_TEST_MS,
    }, async () => {
      const tenant = tenants[n + 2]!;
      const submission = { key: idemKey(), body: applyBody(productCode) };
      await crashDuringOrder(tenant, point, true, submission);

      const t = await startServer();
      try {
        const o = await expectCrashState(t, tenant, point);
        await retrySubmission(t, tenant, submission, o.id);
        await advance(t, 1);
        await advance(t, 45);
        const failed = await orderOf(t, tenant.orgId);
        expect(failed).toMatchObject({ status: "failed", refunded: y("310") });
        expect(failed.errorLog).toContain("not enough GPU");
        const rows = await resourcesOf(t, o.id);
        expect(rows.map((r) => r.status)).toEqual(["create_failure"]);
        expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("1000"));
        expect(await moneyOf(t, o.orderNo)).toEqual({
          entries: ["charge", "refund"],
          bills: ["charge", "refund"],
        });
        // The step again, and two at once: no second refund.
        const fingerprint = await ledgerFingerprint(t.database.db);
        await advance(t, 60);
        await Promise.all([t.app.services.tick(), t.app.services.tick()]);
        await t.app.services.idle();
        expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
        expect((await orderOf(t, tenant.orgId)).refunded).toBe(y("310"));
        expect(await verifyLedger(t.database.db)).toEqual([]);
      } finally {
        await t.close();
      }
    });
  }

  it("leaves a ledger that `npm run ledger:verify` accepts", { timeout: 60_000 }, () => {
    const verified = ledgerVerifyScript();
    expect(verified.out).toContain("ledger verified");
    expect(verified.status).toBe(0);
  });
});
