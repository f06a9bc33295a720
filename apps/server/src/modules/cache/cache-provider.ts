// The provider SPI (providers/provider.ts) for kind cache: what provisioning, the lifecycle and
// unsubscribe ask of a Redis instance, done on the cache server (the simulator unless one is
// configured, decision 0021). create = the ACL user with a generated password (sealed in our
// database, decision 0013); get = available (stopped while frozen); delete = the user and its keys
// gone. Refs are `dcs:<resource id>` so the wiring routes them here.
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { Secrets } from "../../platform/secrets";
import { type CacheServer, CacheServerError, cacheUserOf } from "../../providers/cache/cache-server";
import { generatePassword } from "../../providers/database/database-server";
import {
  managedInstance,
  type Provider,
  ProviderError,
  type ProviderInstance,
  refusedAs,
} from "../../providers/provider";
import {
  cacheResource,
  findCacheInstance,
  insertCacheInstance,
  markCacheDropped,
  setCacheAccess,
} from "./cache.repo";

export const CACHE_REF_PREFIX = "dcs:";
const refOf = (resourceId: string) => `${CACHE_REF_PREFIX}${resourceId}`;
const idOf = (ref: string) => ref.slice(CACHE_REF_PREFIX.length);
const GB = 1024 ** 3;

const instance = (ref: string, frozen: boolean) => managedInstance(ref, "cache", frozen);

const onServer = <T>(call: () => Promise<T>) => refusedAs(CacheServerError, call);

export function createCacheProvider(deps: {
  db: Db;
  clock: Clock;
  secrets: Secrets;
  server: CacheServer;
}): Provider {
  const { db, clock, server } = deps;

  /** Logins on or off, the writes as the sweep last left them. */
  async function setEnabled(ref: string, enabled: boolean): Promise<ProviderInstance> {
    const row = await findCacheInstance(db, idOf(ref));
    if (!row || row.droppedAt) throw new ProviderError(`no cache instance ${ref}`);
    await onServer(() =>
      server.apply(
        { user: row.username, keyPrefix: row.keyPrefix },
        { enabled, writesPaused: row.writesPaused },
      ),
    );
    await setCacheAccess(db, row.resourceId, { enabled }, clock.now());
    return instance(ref, !enabled);
  }

  return {
    name: "simulator",

    async create({ clientToken: resourceId, kind }) {
      if (kind !== "cache") throw new ProviderError(`the cache provider does not make ${kind}`);
      const ref = refOf(resourceId);
      // A create retried after a crash finds what the first one made.
      if (await findCacheInstance(db, resourceId)) return instance(ref, false);
      const r = await cacheResource(db, resourceId);
      const memoryGb = r?.spec.memoryGb;
      if (!r || !memoryGb) throw new ProviderError(`no cache specification for ${resourceId}`);
      const u = await onServer(async () => cacheUserOf(resourceId));
      const password = generatePassword();
      await onServer(() => server.create(u, password));
      const now = clock.now();
      try {
        await insertCacheInstance(db, {
          resourceId,
          simulated: server.simulated,
          host: server.host,
          port: server.port,
          username: u.user,
          keyPrefix: u.keyPrefix,
          passwordSealed: deps.secrets.seal(password),
          planBytes: memoryGb * GB,
          createdAt: now,
          updatedAt: now,
        });
      } catch (err) {
        // Compensation: the user made for this order must not outlive the failure.
        await server.drop(u).catch(() => undefined);
        throw err;
      }
      return instance(ref, false);
    },

    async get(ref) {
      const row = await findCacheInstance(db, idOf(ref));
      if (!row || row.droppedAt) return null;
      const r = await cacheResource(db, row.resourceId);
      // What the keys took at the last sweep: a smaller plan must still hold them.
      return { ...instance(ref, r?.status === "frozen"), usedGb: row.usedBytes / GB };
    },

    // The sweep (cache-sweep.ts) follows freezes and thaws; a direct stop or start does the same.
    async act(ref, action) {
      if (action.op === "stop") return setEnabled(ref, false);
      if (action.op === "start") return setEnabled(ref, true);
      throw new ProviderError(`a cache instance cannot ${action.op}`);
    },

    // Another memory plan: Redis has no limit per user, so the sweep measures the keys against the
    // new plan on its next pass (a larger plan lifts a pause of writes, a smaller one may start one).
    async resize(ref, spec) {
      const row = await findCacheInstance(db, idOf(ref));
      if (!row || row.droppedAt) throw new ProviderError(`no cache instance ${ref}`);
      const memoryGb = (spec as Record<string, unknown>).memoryGb;
      if (typeof memoryGb !== "number") throw new ProviderError(`no cache specification for ${ref}`);
      await setCacheAccess(db, row.resourceId, { planBytes: memoryGb * GB }, clock.now());
      return instance(ref, !row.enabled);
    },

    async delete(ref) {
      const row = await findCacheInstance(db, idOf(ref));
      if (!row || row.droppedAt) return;
      await onServer(() => server.drop({ user: row.username, keyPrefix: row.keyPrefix }));
      await markCacheDropped(db, row.resourceId, clock.now());
    },

    // Billed by the hour it exists (postpaid), like a database.
    async usage(_ref, from, to) {
      return { runningSeconds: Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000)) };
    },

    async metrics() {
      return [];
    },
  };
}
