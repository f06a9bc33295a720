// The cache service (`/mgt/dcs`, CB13; issue 16 item 5): the product's specification schema — the
// memory plans a Redis instance is sold in. Apart from cache.ts so that the catalogue can import it.
import { z } from "zod";

/** The memory plans (GB) a cache product may offer. */
export const CACHE_MEMORY_PLANS_GB = [1, 2, 4, 8, 16] as const;
/** The one priced dimension: a monthly base plus a price per GB of the plan. */
export const CACHE_MEMORY_DIMENSION = "memory";

/** A cache product: the plans (memory in GB) a tenant may choose among. */
export const cacheSpec = z.object({
  kind: z.literal("cache"),
  memoryGb: z
    .array(
      z
        .number()
        .int("validation.quantity")
        .refine((gb) => (CACHE_MEMORY_PLANS_GB as readonly number[]).includes(gb), "validation.cacheMemory"),
    )
    .min(1, "validation.required")
    .refine((m) => new Set(m).size === m.length, "validation.duplicateOption"),
});
export type CacheSpec = z.infer<typeof cacheSpec>;

/** Whether `gb` is a memory plan the product sells. */
export const cacheMemoryAllowed = (spec: Pick<CacheSpec, "memoryGb">, gb: number | undefined) =>
  gb !== undefined && spec.memoryGb.includes(gb);
