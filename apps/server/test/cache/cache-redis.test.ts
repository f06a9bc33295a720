// The cache service on a real Redis (issue 16 item 5, decision 0021): the machine's Redis 7 stands
// in for the provider's (it runs here and in CI; override with CACHE_TEST_REDIS_URL). A client
// connects with the user the pages show and the password a reset answered and writes under its
// prefix; it cannot touch another instance's keys, nor run FLUSHALL, CONFIG or KEYS; keys over the
// plan pause its writes at the next sweep (deletes still work) until they shrink; a frozen
// instance's user cannot log in; an unsubscribed one's user and keys are gone. Users and prefixes
// come from the resource ids, so parallel runs never collide; whatever a failed run leaves is
// removed in afterAll.
import type { CacheConnection } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheInstances } from "../../src/modules/cache/cache.schema";
import { resources } from "../../src/modules/resources/resources.schema";
import { cacheOf, cacheRow, orderedCache, resetCachePassword } from "../support/cache";
import { DEMO, signedIn } from "../support/client";
import { startTestApp, type TestApp } from "../support/harness";
import { answerStepUps } from "../support/iam";
import { advance, unsubscribe, verifiedTenant } from "../support/orders";

const REDIS_URL = process.env.CACHE_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

type Login = CacheConnection & { password: string };
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

let t: TestApp;
let admin: Redis;
let alice: Tenant;
let bob: Tenant;
const made: Login[] = [];
const clients: Redis[] = [];

/** A client logged in as `login` (refusing at once rather than retrying). */
async function connect(login: Login): Promise<Redis> {
  const client = new Redis(REDIS_URL, {
    username: login.username,
    password: login.password,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => undefined);
  clients.push(client);
  await client.connect();
  return client;
}

/** What AUTH as `login` answers on a fresh connection. */
async function auth(login: Login): Promise<unknown> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on("error", () => undefined);
  clients.push(probe);
  await probe.connect();
  return probe.call("AUTH", login.username, login.password);
}

beforeAll(async () => {
  admin = new Redis(REDIS_URL);
  t = await startTestApp({ CACHE_REDIS_URL: REDIS_URL });
  const operator = await signedIn(t.app, t.clock, DEMO.admin);
  alice = await verifiedTenant(t, operator, "3000");
  answerStepUps(t, alice.client, alice.tenant.mobile);
  // Starting the app migrates and seeds its database: over a minute on a loaded machine.
}, 180_000);

// A hook of its own: signing a tenant up takes seconds on a loaded machine.
beforeAll(async () => {
  const operator = await signedIn(t.app, t.clock, DEMO.admin);
  bob = await verifiedTenant(t, operator, "3000");
  answerStepUps(t, bob.client, bob.tenant.mobile);
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  for (const login of made) {
    await admin.call("ACL", "DELUSER", login.username).catch(() => undefined);
    const keys = await admin.keys(`${login.keyPrefix}*`).catch(() => [] as string[]);
    if (keys.length > 0) await admin.unlink(...keys);
  }
  admin.disconnect();
  await t?.close();
});

/** Buys an instance for `tenant` and resets its password: the login as a person has it. */
async function boughtLogin(tenant: Tenant, name: string): Promise<{ id: string; login: Login }> {
  const id = await orderedCache(t, tenant.client, { paymentType: "postpaid", name });
  const shown = await cacheOf(tenant.client, id);
  expect(shown.connection).toMatchObject({ simulated: false, keyPrefix: `dcs:${id}:` });
  const { password, username } = await resetCachePassword(tenant.client, id);
  expect(username).toBe(shown.connection!.username);
  const login = { ...shown.connection!, password };
  made.push(login);
  return { id, login };
}

const setStatus = (id: string, status: "frozen" | "available") =>
  t.database.db
    .update(resources)
    .set(
      status === "frozen"
        ? { status, frozenAt: t.clock.now(), frozenReason: "expired", statusBeforeFreeze: "available" }
        : { status, frozenAt: null, frozenReason: null, statusBeforeFreeze: null },
    )
    .where(eq(resources.id, id));

describe("a Redis cache instance", () => {
  let mine: { id: string; login: Login };
  let theirs: { id: string; login: Login };
  let client: Redis;

  it("is reached with the shown user and password and keeps what is written under its prefix", async () => {
    mine = await boughtLogin(alice, "alice-cache");
    theirs = await boughtLogin(bob, "bob-cache");
    client = await connect(mine.login);
    await client.set(`${mine.login.keyPrefix}greeting`, "kept");
    expect(await client.get(`${mine.login.keyPrefix}greeting`)).toBe("kept");
    await client.hset(`${mine.login.keyPrefix}user:1`, "name", "Ada");
    expect(await client.hget(`${mine.login.keyPrefix}user:1`, "name")).toBe("Ada");
  });

  it("cannot read or write another instance's keys, nor keys outside its prefix", async () => {
    const other = await connect(theirs.login);
    await other.set(`${theirs.login.keyPrefix}secret`, "bob's");
    await expect(client.get(`${theirs.login.keyPrefix}secret`)).rejects.toThrow(/NOPERM/);
    await expect(client.set(`${theirs.login.keyPrefix}secret`, "x")).rejects.toThrow(/NOPERM/);
    await expect(client.set("unprefixed", "x")).rejects.toThrow(/NOPERM/);
    await expect(other.get(`${mine.login.keyPrefix}greeting`)).rejects.toThrow(/NOPERM/);
    expect(await admin.get(`${theirs.login.keyPrefix}secret`)).toBe("bob's");
  });

  it("cannot run FLUSHALL, FLUSHDB, CONFIG, KEYS, SCAN or ACL", async () => {
    await expect(client.flushall()).rejects.toThrow(/NOPERM/);
    await expect(client.flushdb()).rejects.toThrow(/NOPERM/);
    await expect(client.call("CONFIG", "GET", "maxmemory")).rejects.toThrow(/NOPERM/);
    await expect(client.keys("*")).rejects.toThrow(/NOPERM/);
    await expect(client.scan("0")).rejects.toThrow(/NOPERM/);
    await expect(client.call("ACL", "LIST")).rejects.toThrow(/NOPERM/);
    expect(await admin.get(`${theirs.login.keyPrefix}secret`)).toBe("bob's");
  });

  it("over its plan: writes are refused after a sweep, deletes still work, writes come back once it shrinks", async () => {
    // A plan of 4 KB stands in for 1 GB, so the test writes kilobytes, not a gigabyte.
    await t.database.db
      .update(cacheInstances)
      .set({ planBytes: 4096 })
      .where(eq(cacheInstances.resourceId, mine.id));
    const big = "x".repeat(1024);
    for (let i = 0; i < 8; i++) await client.set(`${mine.login.keyPrefix}big:${i}`, big);
    await advance(t, 1);
    const row = await cacheRow(t, mine.id);
    expect(row.writesPaused).toBe(true);
    expect(row.usedBytes).toBeGreaterThan(8 * 1024);
    expect((await cacheOf(alice.client, mine.id)).usage).toMatchObject({
      writesPaused: true,
      planBytes: 4096,
    });
    await expect(client.set(`${mine.login.keyPrefix}more`, "x")).rejects.toThrow(/NOPERM/);
    // Reading still works; deleting and expiring are allowed so that the tenant can shrink.
    expect(await client.get(`${mine.login.keyPrefix}greeting`)).toBe("kept");
    for (let i = 0; i < 7; i++) expect(await client.del(`${mine.login.keyPrefix}big:${i}`)).toBe(1);
    expect(await client.expire(`${mine.login.keyPrefix}big:7`, 3600)).toBe(1);
    expect(await client.unlink(`${mine.login.keyPrefix}big:7`)).toBe(1);
    await advance(t, 1);
    expect((await cacheRow(t, mine.id)).writesPaused).toBe(false);
    await client.set(`${mine.login.keyPrefix}more`, "back");
    expect(await client.get(`${mine.login.keyPrefix}more`)).toBe("back");
  });

  it("frozen: the user cannot log in (and its open connection is closed); thawed: it can again", async () => {
    // The lifecycle's freeze as it leaves the resource (the reason is the expiry's, which no payment
    // lifts in the same step); the sweep follows it, whatever froze it.
    await setStatus(mine.id, "frozen");
    await advance(t, 1);
    expect((await cacheRow(t, mine.id)).enabled).toBe(false);
    await expect(auth(mine.login)).rejects.toThrow(/WRONGPASS/);
    await expect(client.get(`${mine.login.keyPrefix}greeting`)).rejects.toThrow();
    await setStatus(mine.id, "available");
    await advance(t, 1);
    expect((await cacheRow(t, mine.id)).enabled).toBe(true);
    expect(await auth(mine.login)).toBe("OK");
    client = await connect(mine.login);
    expect(await client.get(`${mine.login.keyPrefix}greeting`)).toBe("kept");
  });

  it("unsubscribed: the user and every key under its prefix are gone; the other tenant's stay", async () => {
    const res = await unsubscribe(alice.client, mine.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(t, 5);
    expect((await cacheRow(t, mine.id)).droppedAt).not.toBeNull();
    const users = (await admin.call("ACL", "USERS")) as string[];
    expect(users).not.toContain(mine.login.username);
    expect(users).toContain(theirs.login.username);
    expect(await admin.keys(`${mine.login.keyPrefix}*`)).toEqual([]);
    await expect(auth(mine.login)).rejects.toThrow(/WRONGPASS/);
    expect(await admin.get(`${theirs.login.keyPrefix}secret`)).toBe("bob's");
    const gone = await unsubscribe(bob.client, theirs.id);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    await advance(t, 5);
    expect(await admin.keys(`${theirs.login.keyPrefix}*`)).toEqual([]);
  });
});
