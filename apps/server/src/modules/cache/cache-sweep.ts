// The cache part of the lifecycle step (decision 0021): Redis has no memory limit per user, so each
// step measures every live instance's keys and pauses its writes while they exceed the plan
// (deletes and expiries still work), lifting the pause once they shrink; and it turns the user off
// while the resource is frozen (arrears, expiry) and on again once thawed. The server is told only
// when the access changes; the measurement is recorded every time.
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { CacheServer } from "../../providers/cache/cache-server";
import { liveCacheInstances, setCacheAccess } from "./cache.repo";

export function createCacheSweep(deps: { db: Db; clock: Clock; server: CacheServer }) {
  const { db, clock, server } = deps;
  /** One pass over the live instances; a failing one is reported and the others still swept. */
  return async function sweep(onError: (err: unknown) => void): Promise<void> {
    for (const { row, status } of await liveCacheInstances(db)) {
      try {
        const u = { user: row.username, keyPrefix: row.keyPrefix };
        const usedBytes = await server.usedBytes(u);
        const access = { enabled: status !== "frozen", writesPaused: usedBytes > row.planBytes };
        if (access.enabled !== row.enabled || access.writesPaused !== row.writesPaused)
          await server.apply(u, access);
        await setCacheAccess(
          db,
          row.resourceId,
          { usedBytes, measuredAt: clock.now(), ...access },
          clock.now(),
        );
      } catch (err) {
        onError(err);
      }
    }
  };
}
