// The message-queue service on a real RabbitMQ (issue 16 item 6, decision 0024): the machine's
// RabbitMQ with its management plugin stands in for the provider's (it runs here and in CI, which
// starts it; override with DMS_TEST_RABBITMQ_URL). A client (amqplib) connects with the user the
// pages show and the password a reset answered, to the instance's own virtual host, and publishes
// and consumes there; the same login is refused on another instance's vhost; the plan's queue limit
// refuses one queue too many; a frozen instance's user cannot connect and gets back in once thawed;
// an unsubscribed one's vhost and user are gone. Names come from the resource ids, so parallel runs
// never collide; whatever a failed run leaves of its own instances is removed in afterAll.
import type { QueueConnection } from "@skyledger/contracts";
import amqp from "amqplib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../src/modules/resources/resources.schema";
import { queueUserOf } from "../../src/providers/queue/queue-server";
import { createQueueServer } from "../../src/providers/queue/queue-servers";
import { DEMO, signedIn } from "../support/client";
import { startTestApp, type TestApp } from "../support/harness";
import { answerStepUps } from "../support/iam";
import { idem } from "../support/money";
import { advance, unsubscribe, verifiedTenant } from "../support/orders";
import { orderedQueue, queueOf, queueRow, resetQueuePassword } from "../support/queue";

const MANAGEMENT_URL = process.env.DMS_TEST_RABBITMQ_URL ?? "http://guest:guest@127.0.0.1:15672";

/**
 * How amqplib reports a login the broker accepts but a vhost it refuses (connection.close 530
 * NOT_ALLOWED in answer to connection.open): the user has no permissions there.
 */
const VHOST_REFUSED = /Expected ConnectionOpenOk; got <ConnectionClose|NOT_ALLOWED/;
/** …and a login it refuses outright (no such user, wrong password). */
const LOGIN_REFUSED = /ACCESS_REFUSED|ACCESS-REFUSED/;

type Login = QueueConnection & { password: string };
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

let t: TestApp;
let alice: Tenant;
let bob: Tenant;
const made: Login[] = [];
const connections: amqp.ChannelModel[] = [];

/** A call of the management API as its administrator (the test's own look at the server). */
async function management(method: string, path: string): Promise<Response> {
  const url = new URL(MANAGEMENT_URL);
  const auth = Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`);
  return fetch(`${url.protocol}//${url.host}/api/${path}`, {
    method,
    headers: { authorization: `Basic ${auth.toString("base64")}` },
  });
}

/** An AMQP connection as `login` to `vhost` (its own unless said otherwise). */
async function connect(login: Login, vhost = login.vhost): Promise<amqp.ChannelModel> {
  const conn = await amqp.connect({
    protocol: "amqp",
    hostname: login.host,
    port: login.port,
    username: login.username,
    password: login.password,
    vhost,
    heartbeat: 0,
  });
  conn.on("error", () => undefined);
  connections.push(conn);
  return conn;
}

beforeAll(async () => {
  t = await startTestApp({ DMS_RABBITMQ_URL: MANAGEMENT_URL });
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
  for (const c of connections) await c.close().catch(() => undefined);
  for (const login of made) {
    await management("DELETE", `users/${encodeURIComponent(login.username)}`).catch(() => undefined);
    await management("DELETE", `vhosts/${encodeURIComponent(login.vhost)}`).catch(() => undefined);
  }
  await t?.close();
});

/** Buys an instance for `tenant` and resets its password: the login as a person has it. */
async function boughtLogin(tenant: Tenant, name: string): Promise<{ id: string; login: Login }> {
  const id = await orderedQueue(t, tenant.client, { paymentType: "postpaid", name });
  const shown = await queueOf(tenant.client, id);
  expect(shown.connection).toMatchObject({ simulated: false, host: "127.0.0.1", port: 5672 });
  const { password, username } = await resetQueuePassword(tenant.client, id);
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

describe("a RabbitMQ message-queue instance", () => {
  let mine: { id: string; login: Login };
  let theirs: { id: string; login: Login };

  it("is made as a vhost with the plan's limits and a user allowed on it alone", async () => {
    mine = await boughtLogin(alice, "alice-queue");
    theirs = await boughtLogin(bob, "bob-queue");
    const limits = await management("GET", `vhost-limits/${encodeURIComponent(mine.login.vhost)}`);
    expect(limits.status).toBe(200);
    const [entry] = (await limits.json()) as { value: Record<string, number> }[];
    expect(entry!.value).toEqual({ "max-queues": 100, "max-connections": 50 });
    const perms = await management("GET", `users/${encodeURIComponent(mine.login.username)}/permissions`);
    expect(((await perms.json()) as { vhost: string }[]).map((p) => p.vhost)).toEqual([mine.login.vhost]);
  });

  it("publishes and consumes on its own vhost with the shown credentials", async () => {
    const conn = await connect(mine.login);
    const ch = await conn.createChannel();
    await ch.assertQueue("orders");
    ch.sendToQueue("orders", Buffer.from("order 1"));
    let got: amqp.GetMessage | false = false;
    for (let i = 0; i < 50 && !got; i++) {
      got = await ch.get("orders", { noAck: true });
      if (!got) await new Promise((r) => setTimeout(r, 50));
    }
    expect(got ? got.content.toString() : null).toBe("order 1");
    await ch.close();
  });

  it("is refused on another instance's vhost, and the other's messages stay its own", async () => {
    await expect(connect(mine.login, theirs.login.vhost)).rejects.toThrow(VHOST_REFUSED);
    await expect(connect(theirs.login, mine.login.vhost)).rejects.toThrow(VHOST_REFUSED);
    // Bob's own login still works on Bob's vhost.
    const conn = await connect(theirs.login);
    await (await conn.createChannel()).close();
  });

  it("refuses one queue more than the plan's limit", async () => {
    const conn = await connect(mine.login);
    const ch = await conn.createChannel();
    ch.on("error", () => undefined);
    // "orders" is one; 99 more reach the small plan's 100.
    for (let i = 1; i < 100; i++) await ch.assertQueue(`q${i}`);
    await expect(ch.assertQueue("one-too-many")).rejects.toThrow(/queue limit|PRECONDITION_FAILED/i);
  });

  it("takes a larger plan's limits when its plan changes, and the queue refused before is made", async () => {
    const changed = await alice.client.request("/api/service/resize_resource", {
      method: "POST",
      body: { resourceId: mine.id, spec: { flavorId: "medium" } },
      headers: idem(),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The change order completes on the next lifecycle step.
    await advance(t, 5);
    const limits = await management("GET", `vhost-limits/${encodeURIComponent(mine.login.vhost)}`);
    const [entry] = (await limits.json()) as { value: Record<string, number> }[];
    expect(entry!.value).toEqual({ "max-queues": 500, "max-connections": 200 });
    const conn = await connect(mine.login);
    const ch = await conn.createChannel();
    await ch.assertQueue("one-too-many");
    await ch.close();
  });

  it("frozen: the user cannot connect and its open connection is closed; thawed: it can again", async () => {
    const open = await connect(mine.login);
    const closed = new Promise<void>((resolve) => open.on("close", () => resolve()));
    await setStatus(mine.id, "frozen");
    await advance(t, 1);
    expect((await queueRow(t, mine.id)).enabled).toBe(false);
    expect((await queueOf(alice.client, mine.id)).enabled).toBe(false);
    await closed;
    await expect(connect(mine.login)).rejects.toThrow(VHOST_REFUSED);
    await setStatus(mine.id, "available");
    await advance(t, 1);
    expect((await queueRow(t, mine.id)).enabled).toBe(true);
    const back = await connect(mine.login);
    const ch = await back.createChannel();
    expect((await ch.checkQueue("orders")).queue).toBe("orders");
    await ch.close();
  });

  it("unsubscribed: its vhost and user are gone and its login refused; the other tenant's stay", async () => {
    const res = await unsubscribe(alice.client, mine.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(t, 5);
    expect((await queueRow(t, mine.id)).droppedAt).not.toBeNull();
    expect((await management("GET", `vhosts/${encodeURIComponent(mine.login.vhost)}`)).status).toBe(404);
    expect((await management("GET", `users/${encodeURIComponent(mine.login.username)}`)).status).toBe(404);
    await expect(connect(mine.login)).rejects.toThrow(LOGIN_REFUSED);
    expect((await management("GET", `vhosts/${encodeURIComponent(theirs.login.vhost)}`)).status).toBe(200);
    const gone = await unsubscribe(bob.client, theirs.id);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    await advance(t, 5);
    expect((await management("GET", `vhosts/${encodeURIComponent(theirs.login.vhost)}`)).status).toBe(404);
  });
});

describe("a create that fails half-way", () => {
  it("removes the vhost it made before the refusal, and makes no user", async () => {
    const server = createQueueServer({ rabbitmqUrl: MANAGEMENT_URL, amqpHost: undefined, amqpPort: 5672 });
    const u = queueUserOf(crypto.randomUUID());
    made.push({
      ...u,
      username: u.user,
      host: server.host,
      port: server.port,
      simulated: false,
      password: "",
    });
    // A limit RabbitMQ refuses (not an integer): the vhost is made, its limit refused.
    const limits = { maxQueues: "many" as unknown as number, maxConnections: 1 };
    await expect(server.create(u, "Secret123", limits)).rejects.toThrow(/vhost-limits: 400/);
    expect((await management("GET", `vhosts/${u.vhost}`)).status).toBe(404);
    expect((await management("GET", `users/${u.user}`)).status).toBe(404);
  });
});
