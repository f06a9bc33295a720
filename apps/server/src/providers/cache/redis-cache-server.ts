// Tenants' cache instances on the provider's Redis 7 (CACHE_REDIS_URL, decision 0021): an ACL user
// per instance limited to its key prefix. One admin connection, opened on first use and kept; the
// password goes as a command argument and is never logged.
import { Redis } from "ioredis";
import { aclRules, type CacheServer, type CacheUser, onCacheServer } from "./cache-server";

/** Keys read or unlinked per SCAN step. */
const SCAN_COUNT = 500;

export function createRedisCacheServer(url: string): CacheServer {
  const parsed = new URL(url);
  let client: Redis | undefined;
  const redis = () => {
    if (!client) {
      client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, connectTimeout: 5_000 });
      // Refusals reach the caller through the command's promise; the event would only be noise.
      client.on("error", () => undefined);
    }
    return client;
  };

  /** Every key under the prefix, a SCAN step at a time (never KEYS). */
  async function eachKeyBatch(u: CacheUser, run: (keys: string[]) => Promise<void>) {
    let cursor = "0";
    do {
      const [next, keys] = await redis().scan(cursor, "MATCH", `${u.keyPrefix}*`, "COUNT", SCAN_COUNT);
      if (keys.length > 0) await run(keys);
      cursor = next;
    } while (cursor !== "0");
  }

  const setUser = (u: CacheUser, rules: string[]) =>
    redis().call("ACL", "SETUSER", u.user, ...rules) as Promise<unknown>;

  async function dropWith(u: CacheUser) {
    // Deleting the user closes its connections, so nothing writes while its keys go.
    await redis().call("ACL", "DELUSER", u.user);
    await eachKeyBatch(u, async (keys) => {
      await redis().unlink(...keys);
    });
  }

  return {
    simulated: false,
    host: parsed.hostname,
    port: Number(parsed.port || 6379),

    create: (u, password) =>
      onCacheServer("create user", async () => {
        try {
          // `reset` first: a retried create ends with exactly this password and these rules.
          await setUser(u, ["reset", `>${password}`, ...aclRules(u, { enabled: true, writesPaused: false })]);
        } catch (err) {
          await dropWith(u).catch(() => undefined);
          throw err;
        }
      }),

    setPassword: (u, password) =>
      onCacheServer("reset password", async () => {
        const users = (await redis().call("ACL", "USERS")) as string[];
        if (!users.includes(u.user)) throw new Error(`no user ${u.user}`);
        await setUser(u, ["resetpass", `>${password}`]);
      }),

    apply: (u, access) =>
      onCacheServer("set access", async () => {
        await setUser(u, aclRules(u, access));
        // An `off` user cannot log in again; the connections it has are closed too.
        if (!access.enabled) await redis().call("CLIENT", "KILL", "USER", u.user);
      }),

    usedBytes: (u) =>
      onCacheServer("measure memory", async () => {
        let total = 0;
        await eachKeyBatch(u, async (keys) => {
          const pipeline = redis().pipeline();
          for (const key of keys) pipeline.call("MEMORY", "USAGE", key);
          for (const [err, bytes] of (await pipeline.exec()) ?? []) if (!err) total += Number(bytes ?? 0);
        });
        return total;
      }),

    drop: (u) => onCacheServer("drop user", () => dropWith(u)),

    async close() {
      const c = client;
      client = undefined;
      await c?.quit().catch(() => undefined);
    },
  };
}
