// Resources a tenant runs (spec §3 "Cloud host row", §4 resource states and host indicators):
// hosts, disks, elastic IPs and snapshots, their actions, monitoring, renewal and unsubscribe.
import { z } from "zod";
import type { PermissionCode } from "../permissions";
import { RESOURCE_STATUSES, type ResourceStatus } from "../statuses";
import { v } from "../validation";
import { allocationOut, deductionOut, priceQuote } from "./catalog";
import { pageQuery } from "./common";

export const RESOURCE_KINDS = [
  "host",
  "disk",
  "elasticIp",
  "snapshot",
  "hpcPool",
  "aiPlatform",
  "rds",
  "cache",
  "queue",
  "share",
  "scalableFile",
  "bucket",
  "bareMetal",
] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
/**
 * The kinds that are machines a tenant powers on and off: hosts and bare-metal servers. They stop
 * when frozen and come back stopped.
 */
export const isMachine = (kind: ResourceKind): boolean => kind === "host" || kind === "bareMetal";
export const resourceQuery = pageQuery.extend({
  kind: z.enum(RESOURCE_KINDS).optional(),
  status: z.enum(RESOURCE_STATUSES).optional(),
  keyword: z.string().trim().max(64).optional(),
  projectId: z.string().trim().max(64).optional(),
  paymentType: z.enum(["prepaid", "postpaid"]).optional(),
  /** Resources whose prepaid term ends within this many days (renewal management). */
  expiringWithinDays: z.coerce.number().int().min(0).max(366).optional(),
});

/** Why a resource was frozen: its prepaid term ended, or its postpaid charges found no money. */
export const FROZEN_REASONS = ["expired", "arrears"] as const;
export type FrozenReason = (typeof FROZEN_REASONS)[number];

/**
 * The operators' product filter for resources that have no catalogue product (ordered before their
 * product existed, or third-party ones), which the dashboard counts under their kind. Product ids
 * are generated UUIDs, so no product is called this.
 */
export const NO_PRODUCT = "none";

/**
 * The operators' resource list: the tenant's filters, narrowed to one organisation when `orgId` is
 * given, to one catalogue product (or NO_PRODUCT) and to the resources frozen for one reason — the
 * filters of the operators' dashboard numbers, so each number opens the list it counts.
 */
export const opsResourceQuery = resourceQuery.extend({
  orgId: z.string().trim().min(1).max(64).optional(),
  productId: z.string().trim().min(1).max(64).optional(),
  frozenReason: z.enum(FROZEN_REASONS).optional(),
});
export type OpsResourceQuery = z.input<typeof opsResourceQuery>;

export const resourceParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Renewal management (`/mgt/renew`): the organisation's prepaid resources that may be renewed,
 * soonest expiry first — those whose term ends within `expiringWithinDays` days (expired ones
 * included), or every one when it is absent.
 */
export const renewableQuery = pageQuery.extend({
  kind: z.enum(RESOURCE_KINDS).optional(),
  keyword: z.string().trim().max(64).optional(),
  expiringWithinDays: z.coerce.number().int().min(0).max(366).optional(),
});

/**
 * The kinds a tenant unsubscribes, each with the code of its own pages: unsubscribe management
 * (`/unsubscribe`) lists only the kinds whose code the caller holds. Snapshots are deleted, not
 * unsubscribed (they are not billed).
 */
export const UNSUBSCRIBABLE_KINDS = {
  host: "CB01",
  disk: "CB02",
  elasticIp: "CB09",
  hpcPool: "CB1701",
  aiPlatform: "CB1908",
  rds: "CB04",
  cache: "CB13",
  queue: "CB14",
  share: "CB1001",
  scalableFile: "CB2001",
  bucket: "CB0501",
  bareMetal: "CB08",
} as const;
export type UnsubscribableKind = keyof typeof UNSUBSCRIBABLE_KINDS;

/**
 * Who may order each kind through `/api/service/apply`: the codes of that kind's own pages (for
 * file shares and elastic files, their manage codes, which the read-only set lacks). The endpoint
 * admits any of them; the server then checks the one the ordered product's kind needs, so holding
 * the cache's code does not let a sub-user order a host.
 */
export const ORDER_CODES = {
  host: ["CB01"],
  disk: ["CB02"],
  elasticIp: ["CB09"],
  // Snapshots are taken of a disk, not ordered.
  snapshot: [],
  hpcPool: ["CB1701"],
  aiPlatform: ["CB1701", "CB19"],
  rds: ["CB04"],
  cache: ["CB13"],
  queue: ["CB14"],
  share: ["CB1001"],
  scalableFile: ["CB2003"],
  bucket: ["CB0501"],
  bareMetal: ["CB08"],
} as const satisfies Record<ResourceKind, readonly PermissionCode[]>;

/**
 * Who may renew each kind (and switch its auto-renew): renewal management's code for every kind,
 * and spec §2's renewal codes for their own service's kind only — resource pools (HPC and AI pools
 * are both pools), the AI platform, elastic files; file shares by their manage code.
 */
export const RENEW_CODES_BY_KIND = {
  host: ["CC0801"],
  disk: ["CC0801"],
  elasticIp: ["CC0801"],
  snapshot: ["CC0801"],
  hpcPool: ["CC0801", "CB1802", "CB1907"],
  aiPlatform: ["CC0801", "CB1909"],
  rds: ["CC0801"],
  cache: ["CC0801"],
  queue: ["CC0801"],
  share: ["CC0801", "CB1001"],
  scalableFile: ["CC0801", "CB2002"],
  // Postpaid only: a bucket has no term to renew.
  bucket: [],
  bareMetal: ["CC0801"],
} as const satisfies Record<ResourceKind, readonly PermissionCode[]>;

/** Every code that may order something: what the ordering endpoint admits before the kind is known. */
export const ANY_ORDER_CODE: readonly PermissionCode[] = [...new Set(Object.values(ORDER_CODES).flat())];

export const resourceRecord = z.object({
  id: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  name: z.string(),
  productCode: z.string().nullable(),
  productName: z.string().nullable(),
  /** Spec §3's cloud host row. `statusName` is the status in the caller's language. */
  status: z.enum(RESOURCE_STATUSES),
  statusName: z.string(),
  statusInfo: z.string().nullable(),
  manageStatus: z.string(),
  dockerStatus: z.string(),
  monitorStatus: z.string(),
  taskStatus: z.string().nullable(),
  cloudEnvType: z.string(),
  /** What it is: flavour and figures for a host, type and size for a disk, bandwidth for an IP. */
  summary: z.string(),
  spec: z.record(z.string(), z.unknown()),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  attachedTo: z.string().nullable(),
  attachedToName: z.string().nullable(),
  /** A host's private IPv4 address, as its provider assigned it (null until created, or unknown). */
  privateIp: z.string().nullable(),
  /** An elastic IP's own address; for a host, the address of the elastic IP bound to it. */
  publicIp: z.string().nullable(),
  paymentType: z.enum(["prepaid", "postpaid"]).nullable(),
  periodMonths: z.number().int().nullable(),
  /** Yuan with 5 decimals, after the contract discount. */
  monthlyPrice: z.string(),
  expiresAt: z.string().nullable(),
  autoRenew: z.boolean(),
  orderId: z.string().nullable(),
  hasErrorLog: z.boolean(),
  createdAt: z.string(),
});
export type ResourceRecord = z.infer<typeof resourceRecord>;

/** A row of the operators' resource list: the resource and the tenant organisation it belongs to. */
export const opsResourceRecord = resourceRecord.extend({ orgId: z.string(), orgName: z.string().nullable() });
export type OpsResourceRecord = z.infer<typeof opsResourceRecord>;

export const resourceDetail = resourceRecord.extend({
  errorLog: z.string().nullable(),
  /** A third-party service (`cloudEnvType` thirdParty): the partner's instance reference and the operator's access note. */
  externalRef: z.string().nullable(),
  accessNote: z.string().nullable(),
  /** Disks, IPs and snapshots attached to this host. */
  attachments: z.array(
    z.object({ id: z.string(), kind: z.enum(RESOURCE_KINDS), name: z.string(), status: z.string() }),
  ),
});
export type ResourceDetail = z.infer<typeof resourceDetail>;

export const HOST_ACTIONS = ["start", "stop", "reboot", "rebuild"] as const;
export type HostAction = (typeof HOST_ACTIONS)[number];
export const hostActionBody = z.object({
  action: z.enum(HOST_ACTIONS),
  /** Rebuild: the image to install (the host's own when absent). */
  imageId: z.string().trim().max(64).optional(),
});

export const attachBody = z.object({ hostId: z.string().trim().min(1).max(64) });

export const renameBody = z.object({ name: v.resourceName });

export const snapshotCreateBody = z.object({
  hostId: z.string().trim().min(1).max(64),
  name: v.resourceName,
});

export const autoRenewBody = z.object({ autoRenew: z.boolean() });

export const renewBody = z.object({
  resourceIds: z.array(z.string().trim().min(1).max(64)).min(1, "validation.required").max(50),
  periodMonths: z.number().int("validation.prepaidPeriod"),
  /** Align every expiry to the latest of them (each moves at most 10 days). */
  align: z.boolean().default(false),
  /**
   * One coupon for the renewal, evaluated on its whole charge; only when renewing one resource
   * (docs/billing/rules.md §9.4).
   */
  couponId: z.string().trim().min(1).max(64).optional(),
});
export type RenewBody = z.input<typeof renewBody>;

export const renewQuote = z.object({
  items: z.array(
    z.object({
      resourceId: z.string(),
      name: z.string(),
      expiresAt: z.string().nullable(),
      newExpiresAt: z.string(),
      alignDays: z.number().int(),
      overdueDays: z.number().int(),
      amount: z.string(),
    }),
  ),
  /** Before any discount: the periods at list price, plus alignment and overdue days. */
  original: z.string(),
  /** What the products' own discounts take off the periods. */
  discount: z.string(),
  /** What the tenant's contract in execution takes off the periods (decision 0029), its own line. */
  contractDiscount: z.string(),
  /** The charge (original − discount) that the deduction order covers, coupon included. */
  total: z.string(),
  /** The coupon asked for: whether it applies (and why not), its deduction and forfeited excess. */
  coupon: priceQuote.shape.coupon,
  couponDeduction: z.string(),
  /** What the tenant's money pays: total minus the coupon. */
  payable: z.string(),
  sufficient: z.boolean(),
  shortfall: z.string(),
  /** The inquiry: how the deduction order would pay now; the renewal: how it was paid. */
  deduction: deductionOut,
});
export type RenewQuote = z.infer<typeof renewQuote>;

export const unsubscribeQuote = z.object({
  resourceId: z.string(),
  name: z.string(),
  /** The order it records: `release` (释放) for a postpaid resource, `unsubscribe` (退订) for a prepaid one. */
  orderType: z.enum(["unsubscribe", "release"]),
  refundReading: z.enum(["byMonth", "paidMinusUsed"]),
  paid: z.string(),
  used: z.string(),
  overdue: z.string(),
  refund: z.string(),
  /**
   * Where the refund goes back to, as the ledger will post it: credit, cash, top-up vouchers,
   * deduction vouchers (reverse deduction order); the amounts sum to `refund`. Credit repaid since
   * the charge comes back as cash. A voucher expired or voided since (`voucherClosed`) stays
   * closed: its share goes back to the platform, not to the tenant.
   */
  refundTo: z.array(allocationOut.extend({ voucherClosed: z.boolean() })),
  /** A reason the unsubscribe cannot go ahead now (an attached disk, a running task…), or null. */
  blockedBy: z.string().nullable(),
});
export type UnsubscribeQuote = z.infer<typeof unsubscribeQuote>;

/**
 * Capacity scaling of storage (spec §5/§9: "once a day, with a weekly limit and a maximum per
 * adjustment"; docs/billing/rules.md §11; the rules are packages/billing storage-capacity.ts). The
 * windows roll: a day is the 24 hours before the request, a week the 7 × 24 hours before it,
 * counted from the resource's change orders. These are the defaults; an installation sets its own
 * (STORAGE_EXPANSIONS_PER_DAY, STORAGE_EXPANSIONS_PER_WEEK, STORAGE_EXPANSION_MAX_STEP_GB).
 */
export const DISK_EXPANSIONS_PER_DAY = 1;
export const DISK_EXPANSIONS_PER_WEEK = 3;
/** The most one expansion may add. */
export const DISK_EXPANSION_MAX_STEP_GB = 200;
/** The most bandwidth an elastic IP may be changed to (its product may allow less). */
export const ELASTIC_IP_MAX_MBPS = 1000;

export const resizeQuote = z.object({
  resourceId: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  /** Positive: to pay; negative: refunded. */
  difference: z.string(),
  newMonthlyPrice: z.string(),
  oldMonthlyPrice: z.string(),
  remainingDays: z.number().int(),
  /** Prepaid: the current configuration's remaining value (refunded) and the new one's (charged). */
  oldRemaining: z.string(),
  newRemaining: z.string(),
  /**
   * Decision 0029: what the tenant's contract in execution takes off the new configuration's
   * remaining value (prepaid; `newRemaining` is after it) — its own line of the breakdown.
   */
  contractDiscount: z.string(),
  /** What the contract takes off a month of the new configuration (postpaid hours are rated so). */
  newMonthlyContractDiscount: z.string(),
  /**
   * Source by source, what settling the change does to the tenant's money once the old remainder
   * has gone back to where it came from and the new one is charged in the deduction order:
   * positive is taken, negative given back. Empty for a postpaid resource.
   */
  settlement: z.array(allocationOut),
  sufficient: z.boolean(),
  shortfall: z.string(),
});
export type ResizeQuote = z.infer<typeof resizeQuote>;

export const METRIC_RANGES = ["1h", "6h", "24h", "7d"] as const;
export const metricsQuery = z.object({ range: z.enum(METRIC_RANGES).default("1h") });
export const METRIC_SOURCES = ["simulated", "prometheus"] as const;
export const metricsSeries = z.object({
  range: z.enum(METRIC_RANGES),
  /** Where the figures come from: `simulated` ones are synthetic, and the chart says so. */
  source: z.enum(METRIC_SOURCES),
  points: z.array(
    z.object({
      at: z.string(),
      cpuPercent: z.number(),
      memoryPercent: z.number(),
      diskReadKBps: z.number(),
      diskWriteKBps: z.number(),
      netInKbps: z.number(),
      netOutKbps: z.number(),
    }),
  ),
});
export type MetricsSeries = z.infer<typeof metricsSeries>;

export const simulatorFaultBody = z.object({
  operation: z.enum(["create", "resize", "delete", "act"]),
  count: z.number().int().min(0).max(100),
  message: z.string().trim().min(1).max(500).default("simulated provider failure"),
});

/** Spec §4's resource states as people read them. */
export const RESOURCE_STATUS_NAMES: Record<ResourceStatus, { zh: string; en: string }> = {
  creating: { zh: "创建中", en: "Creating" },
  running: { zh: "运行中", en: "Running" },
  stopped: { zh: "已关机", en: "Stopped" },
  starting: { zh: "开机中", en: "Starting" },
  stopping: { zh: "关机中", en: "Stopping" },
  rebooting: { zh: "重启中", en: "Rebooting" },
  rebuilding: { zh: "重装中", en: "Rebuilding" },
  modifying: { zh: "变更中", en: "Modifying" },
  destroying: { zh: "销毁中", en: "Destroying" },
  deleted: { zh: "已删除", en: "Deleted" },
  available: { zh: "可用", en: "Available" },
  using: { zh: "使用中", en: "In use" },
  mounting: { zh: "挂载中", en: "Mounting" },
  unmounting: { zh: "卸载中", en: "Unmounting" },
  binding: { zh: "绑定中", en: "Binding" },
  unbinding: { zh: "解绑中", en: "Unbinding" },
  releasing: { zh: "释放中", en: "Releasing" },
  rolling_back: { zh: "回滚中", en: "Rolling back" },
  error: { zh: "错误", en: "Error" },
  create_failure: { zh: "创建失败", en: "Creation failed" },
  frozen: { zh: "已冻结", en: "Frozen" },
  expired: { zh: "已到期", en: "Expired" },
};
