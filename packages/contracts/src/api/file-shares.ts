// File shares (`/mgt/share`, CB10) and elastic files (`/mgt/scalableFile`, CB20; issue 16 item 2)
// as the tenant's pages show them: the resource, its protocol, capacity and what is used of it,
// where to mount it, and its access rules (spec §5/§7: client CIDR, read-only or read-write,
// priority 0–100 where 0 is the highest). Malformed or overlapping CIDRs and priorities out of
// range are refused by the server with their own messages (errors.ts FILE_RULE_*).
import { z } from "zod";
import { FILE_PROTOCOLS } from "./file-share-spec";
import { resourceRecord } from "./resources";

export const FILE_RULE_ACCESS = ["ro", "rw"] as const;
export type FileRuleAccess = (typeof FILE_RULE_ACCESS)[number];
/** Spec §5: the file-service rule priority is 0 to 100, 0 the highest. */
export const FILE_RULE_PRIORITY_MIN = 0;
export const FILE_RULE_PRIORITY_MAX = 100;
/** The most access rules one share holds. */
export const FILE_RULES_MAX = 20;

/** The capacity rules' limits as the forms show them (the server's configuration). */
export const storageScalingLimits = z.object({
  minGb: z.number().int(),
  maxGb: z.number().int(),
  stepGb: z.number().int(),
  maxStepGb: z.number().int(),
  perDay: z.number().int(),
  perWeek: z.number().int(),
  shrinkable: z.boolean(),
});
export type StorageScalingLimits = z.infer<typeof storageScalingLimits>;

/** One share or elastic file: the resource with its file figures. */
export const fileShare = resourceRecord.extend({
  protocol: z.enum(FILE_PROTOCOLS).nullable(),
  sizeGb: z.number().int().nullable(),
  /** What the share's files take, as the backend last reported (null before it is made). */
  usedGb: z.number().nullable(),
  /** `host:/path` for NFS, `\\host\share` for CIFS; null until made or once released. */
  mountAddress: z.string().nullable(),
  /** True when the share lives on the simulator (nothing is exported on a real file server). */
  simulated: z.boolean(),
  ruleCount: z.number().int(),
  /** How the capacity may change (product range, step, and the configured scaling limits). */
  limits: storageScalingLimits.nullable(),
});
export type FileShare = z.infer<typeof fileShare>;

export const fileRule = z.object({
  id: z.string(),
  cidr: z.string(),
  access: z.enum(FILE_RULE_ACCESS),
  priority: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileRule = z.infer<typeof fileRule>;

/**
 * A rule as typed. Loose on purpose: a malformed CIDR or a priority out of 0–100 is answered by the
 * server with its own message (FILE_RULE_CIDR_INVALID, FILE_RULE_PRIORITY_INVALID).
 */
export const fileRuleInput = z.object({
  cidr: z.string().trim().max(64),
  access: z.enum(FILE_RULE_ACCESS),
  priority: z.number(),
});
export type FileRuleInput = z.infer<typeof fileRuleInput>;

export const fileRuleParams = z.object({ id: z.string().min(1).max(64), ruleId: z.string().min(1).max(64) });

// ---- the public landing of an elastic file product (`/apply/share/{id}`, no sign-in) ----
export const scalableFileProductParams = z.object({ id: z.string().min(1).max(64) });
export const scalableFileProductPrice = z.object({
  /** `capacity`: the one priced dimension (FILE_CAPACITY_DIMENSION). */
  dimension: z.string(),
  /** Price of one GB for a month, before the discount. */
  unitPrice: z.string(),
  /** The product's discount in hundredths ("0.85"), or null. */
  discount: z.string().nullable(),
  /** Price of one GB for a month after the discount (what a prepaid month costs). */
  discountedUnitPrice: z.string(),
  /** Price of one GB for an hour after the discount (postpaid: the month ÷ 720, shown rounded). */
  hourlyUnitPrice: z.string(),
});
export const scalableFileProductLanding = z.object({
  id: z.string(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  categoryNameZh: z.string(),
  categoryNameEn: z.string(),
  protocols: z.array(z.enum(FILE_PROTOCOLS)),
  /** The capacities on sale: from minGb to maxGb, multiples of stepGb. */
  minGb: z.number().int(),
  maxGb: z.number().int(),
  stepGb: z.number().int(),
  postpaid: z.boolean(),
  prepaidPeriods: z.array(z.number().int()),
  manualActivation: z.boolean(),
  /** True while elastic files live on the simulator (decision 0025): nothing is exported for real. */
  simulated: z.boolean(),
  prices: z.array(scalableFileProductPrice),
});
export type ScalableFileProductLanding = z.infer<typeof scalableFileProductLanding>;
