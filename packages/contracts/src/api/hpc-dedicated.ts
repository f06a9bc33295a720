// Dedicated pool applications (`/mgt/innerservice`, CB18; issue 14 item 3): the orders of dedicated
// HPC and AI pool products (poolType hpcDedicated or aiDedicated) as the tenant follows them and as
// operators activate or close them. Activating and closing are the orders module's manual
// activation (the approval queue's), reached from this page too.
import { z } from "zod";
import { pageQuery } from "./common";
import { HPC_POOL_TYPES } from "./hpc";

/**
 * An application's state in words: waiting (for approval or for an operator's activation),
 * activating (activated, the nodes being reserved), active (the pool runs), closed (closed or
 * refused by an operator, refunded in full), failed (provisioning failed, refunded in full),
 * unsubscribed (the pool was unsubscribed or released).
 */
export const DEDICATED_APPLICATION_STATES = [
  "waiting",
  "activating",
  "active",
  "closed",
  "failed",
  "unsubscribed",
] as const;
export type DedicatedApplicationState = (typeof DEDICATED_APPLICATION_STATES)[number];

export const dedicatedApplicationQuery = pageQuery.extend({
  state: z.enum(DEDICATED_APPLICATION_STATES).optional(),
  /** Order number, product or application name. */
  keyword: z.string().trim().max(64).optional(),
});

export const dedicatedApplicationOpsQuery = dedicatedApplicationQuery.extend({
  /** The tenant's name. */
  tenant: z.string().trim().max(64).optional(),
  /** The product's code or name. */
  product: z.string().trim().max(64).optional(),
});

export const dedicatedApplicationParams = z.object({ id: z.string().min(1).max(64) });

export const dedicatedApplication = z.object({
  /** The order's id (the order page is `/mgt/orders/{id}`). */
  id: z.string(),
  orderNo: z.string(),
  name: z.string(),
  orgName: z.string(),
  productCode: z.string(),
  productName: z.string(),
  poolType: z.enum(HPC_POOL_TYPES),
  nodes: z.number().int(),
  periodMonths: z.number().int().nullable(),
  /** Yuan, as orders write amounts. */
  amount: z.string(),
  refunded: z.string(),
  appliedAt: z.string(),
  state: z.enum(DEDICATED_APPLICATION_STATES),
  /** Why an operator closed or refused it, or why provisioning failed. */
  reason: z.string().nullable(),
  /** The pool (`/mgt/hpc/{poolId}`) once it runs. */
  poolId: z.string().nullable(),
  /** An operator may activate or close it now. */
  awaitingActivation: z.boolean(),
});
export type DedicatedApplication = z.infer<typeof dedicatedApplication>;

/**
 * An operator closes an application (`POST …/{id}/close`): a waiting one is refunded in full, a
 * running pool's nodes are returned and its unused prepaid part refunded by the unsubscribe rules.
 * The reason, 2 to 200 characters, is what the tenant reads.
 */
export const dedicatedCloseBody = z.object({
  reason: z.string().trim().min(2, "validation.reason").max(200, "validation.reason"),
});
export type DedicatedCloseBody = z.input<typeof dedicatedCloseBody>;

/** What closing an application now gives back, shown in the operator's confirmation dialog. */
export const dedicatedCloseQuote = z.object({
  /** `waiting`: refunded in full; `active`: the unused prepaid part, by the unsubscribe rules. */
  state: z.enum(DEDICATED_APPLICATION_STATES),
  /** byMonth or paidMinusUsed (the product's refund reading); null for a waiting application. */
  refundReading: z.enum(["byMonth", "paidMinusUsed"]).nullable(),
  /** Yuan: what the money sources paid, what is kept as used, and the refund. */
  paid: z.string(),
  used: z.string(),
  refund: z.string(),
});
export type DedicatedCloseQuote = z.infer<typeof dedicatedCloseQuote>;
