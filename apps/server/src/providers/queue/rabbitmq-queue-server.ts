// Tenants' message-queue instances on the provider's RabbitMQ (DMS_RABBITMQ_URL, decision 0024),
// through its management HTTP API with plain fetch: a vhost and a user per instance. The
// administrator's credentials come from the URL and go as a Basic header; the tenant's password
// goes in a request body and is never logged.
import { type QueueServer, QueueServerError, type QueueUser, type QueueVhostLimits } from "./queue-server";

/** How long one management call may take. */
const TIMEOUT_MS = 10_000;
const ALL = { configure: ".*", write: ".*", read: ".*" };

export function createRabbitQueueServer(url: string, amqp: { host: string; port: number }): QueueServer {
  const parsed = new URL(url);
  const authorization = `Basic ${Buffer.from(
    `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`,
  ).toString("base64")}`;
  const base = `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/$/, "")}/api`;
  const path = (...parts: string[]) => parts.map(encodeURIComponent).join("/");

  /** One call; a 404 is `missing` when the caller allows it (a drop of what is gone). */
  async function call(method: string, to: string, body?: unknown, missingOk = false): Promise<unknown> {
    const res = await fetch(`${base}/${to}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 404 && missingOk) return undefined;
    if (!res.ok) {
      const text = await res.text().catch(() => "");
      throw new QueueServerError(`${method} ${to.split("/")[0]}: ${res.status} ${text.slice(0, 200)}`);
    }
    return res.status === 204 ? undefined : res.json().catch(() => undefined);
  }

  /** Runs `run`, reporting any failure (a refusal, no answer) as a QueueServerError. */
  async function onServer<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof QueueServerError) throw err;
      throw new QueueServerError(`${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  const putUser = (u: QueueUser, password: string) =>
    call("PUT", `users/${path(u.user)}`, { password, tags: "" });

  /** The user's open connections closed (a frozen or dropped instance keeps none). */
  const closeConnections = (u: QueueUser) =>
    call("DELETE", `connections/username/${path(u.user)}`, undefined, true);

  async function putLimits(u: QueueUser, limits: QueueVhostLimits) {
    await call("PUT", `vhost-limits/${path(u.vhost)}/max-queues`, { value: limits.maxQueues });
    await call("PUT", `vhost-limits/${path(u.vhost)}/max-connections`, { value: limits.maxConnections });
  }

  async function dropBoth(u: QueueUser) {
    await call("DELETE", `users/${path(u.user)}`, undefined, true);
    await closeConnections(u);
    await call("DELETE", `vhosts/${path(u.vhost)}`, undefined, true);
  }

  return {
    simulated: false,
    host: amqp.host,
    port: amqp.port,

    create: (u, password, limits) =>
      onServer("create", async () => {
        try {
          await call("PUT", `vhosts/${path(u.vhost)}`, { description: "Skyledger message-queue instance" });
          await putLimits(u, limits);
          await putUser(u, password);
          await call("PUT", `permissions/${path(u.vhost, u.user)}`, ALL);
        } catch (err) {
          // Compensation: a create that fails half-way removes what it made.
          await dropBoth(u).catch(() => undefined);
          throw err;
        }
      }),

    setPassword: (u, password) =>
      onServer("reset password", async () => {
        // PUT would make a missing user: look first, so that a reset never brings one back.
        await call("GET", `users/${path(u.user)}`);
        await putUser(u, password);
      }),

    setLimits: (u, limits) =>
      onServer("set limits", async () => {
        // PUT would make a missing vhost's limits fail obscurely: look first.
        await call("GET", `vhosts/${path(u.vhost)}`);
        await putLimits(u, limits);
      }),

    setEnabled: (u, enabled) =>
      onServer("set access", async () => {
        if (enabled) {
          await call("PUT", `permissions/${path(u.vhost, u.user)}`, ALL);
          return;
        }
        await call("DELETE", `permissions/${path(u.vhost, u.user)}`, undefined, true);
        await closeConnections(u);
      }),

    drop: (u) => onServer("drop", () => dropBoth(u)),
  };
}
