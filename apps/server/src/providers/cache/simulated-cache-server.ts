// The embedded default when no Redis is configured: nothing is made, the pages say the instance
// is simulated, and its keys take no memory (no server answers on it).
import type { CacheServer } from "./cache-server";

export function createSimulatedCacheServer(): CacheServer {
  return {
    simulated: true,
    // A reserved name (RFC 2606): no client reaches a real server with it by mistake.
    host: "cache.simulated.invalid",
    port: 6379,
    async create() {},
    async setPassword() {},
    async apply() {},
    async usedBytes() {
      return 0;
    },
    async drop() {},
    async close() {},
  };
}
