// The demo catalogue's cache (`/mgt/dcs`, issue 16 item 5): Redis in plans of 1, 2, 4, 8 and 16 GB
// of memory, prepaid and postpaid. Priced as a monthly base plus a price per GB of the plan
// (postpaid by the hour at ÷ 720): 1 GB is 90 a month, 16 GB 990.
import type { SpecSchema } from "@skyledger/contracts";

const spec: SpecSchema = { kind: "cache", memoryGb: [1, 2, 4, 8, 16] };

// Shaped as catalog.seed.ts's DemoProduct (not imported: the seed imports this file).
export const CACHE_DEMO_PRODUCT = {
  code: "dcs-redis",
  zh: "分布式缓存Redis",
  en: "Redis cache",
  category: "middleware",
  spec,
  prepaidPeriods: [1, 3, 6, 9, 12, 24, 36],
  postpaid: true,
  listingState: "listed" as const,
  policies: [],
  prices: [["memory", "60", "30"]] as [dimension: string, unitPrice: string, basePrice: string][],
};
