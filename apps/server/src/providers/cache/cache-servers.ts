// The Redis tenants' cache instances are made on: the configured one (CACHE_REDIS_URL), else the
// simulator (decision 0021).
import type { CacheServer } from "./cache-server";
import { createRedisCacheServer } from "./redis-cache-server";
import { createSimulatedCacheServer } from "./simulated-cache-server";

export function createCacheServer(config: { redisUrl: string | undefined }): CacheServer {
  return config.redisUrl ? createRedisCacheServer(config.redisUrl) : createSimulatedCacheServer();
}
