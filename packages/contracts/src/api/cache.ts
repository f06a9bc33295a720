// The cache service (`/mgt/dcs`, CB13; issue 16 item 5) as the tenant's pages show it: the
// resource, its memory plan, where to connect, with which user and under which key prefix, how
// much of the plan its keys use, and a password shown once after a reset.
import { z } from "zod";
import { resourceRecord } from "./resources";

/** Where and how to reach one Redis instance. `simulated`: nothing was made on a real server. */
export const cacheConnection = z.object({
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  /** Every key and channel of the instance starts with this; others are refused (NOPERM). */
  keyPrefix: z.string(),
  simulated: z.boolean(),
});
export type CacheConnection = z.infer<typeof cacheConnection>;

/** What the instance's keys take of its plan, as the last sweep measured it. */
export const cacheUsage = z.object({
  usedBytes: z.number().int(),
  planBytes: z.number().int(),
  /** Over the plan: write commands are refused until the keys shrink (deletes still work). */
  writesPaused: z.boolean(),
  measuredAt: z.string().nullable(),
});
export type CacheUsage = z.infer<typeof cacheUsage>;

/** One cache instance in the list: the resource, its plan and, once made, where to connect. */
export const cacheInstance = resourceRecord.extend({
  memoryGb: z.number().int().nullable(),
  connection: cacheConnection.nullable(),
  usage: cacheUsage.nullable(),
});
export type CacheInstance = z.infer<typeof cacheInstance>;

/** A reset's answer: the new password, shown this once and never again. */
export const cachePasswordReset = z.object({ username: z.string(), password: z.string() });
export type CachePasswordReset = z.infer<typeof cachePasswordReset>;
