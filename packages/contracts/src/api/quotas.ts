// Quotas (issue 5 §7, route `quota`, CG): per-organisation and per-project limits on what a tenant
// may run, with the usage counted from its live resources. Operators set them; ordering and
// provisioning are refused beyond them (QUOTA_EXCEEDED).
import { z } from "zod";
import type { Locale } from "../errors";

export const QUOTA_METRICS = [
  "instances",
  "vcpu",
  "memoryGb",
  "gpu",
  "disks",
  "diskGb",
  "elasticIps",
  "snapshots",
  "fileShares",
  "fileShareGb",
  "buckets",
  "bareMetalServers",
] as const;
export const quotaMetric = z.enum(QUOTA_METRICS);
export type QuotaMetric = z.infer<typeof quotaMetric>;

/** Names of the metrics in both languages: the web shows them and QUOTA_EXCEEDED quotes them. */
export const QUOTA_METRIC_LABELS: Record<QuotaMetric, { zh: string; en: string }> = {
  instances: { zh: "云主机数量", en: "Cloud hosts" },
  vcpu: { zh: "vCPU（核）", en: "vCPUs" },
  memoryGb: { zh: "内存（GB）", en: "Memory (GB)" },
  gpu: { zh: "GPU（卡）", en: "GPUs" },
  disks: { zh: "云硬盘数量", en: "Cloud disks" },
  diskGb: { zh: "云硬盘容量（GB）", en: "Disk capacity (GB)" },
  elasticIps: { zh: "弹性公网IP数量", en: "Elastic IPs" },
  snapshots: { zh: "快照数量", en: "Snapshots" },
  fileShares: { zh: "文件存储数量（含弹性文件）", en: "File shares (with elastic files)" },
  fileShareGb: { zh: "文件存储容量（GB）", en: "File share capacity (GB)" },
  buckets: { zh: "对象存储桶数量", en: "Object storage buckets" },
  bareMetalServers: { zh: "裸金属服务器数量", en: "Bare-metal servers" },
};

export const quotaMetricLabel = (metric: QuotaMetric, locale: Locale): string =>
  locale === "zh-CN" ? QUOTA_METRIC_LABELS[metric].zh : QUOTA_METRIC_LABELS[metric].en;

/**
 * The platform's limits for an organisation the operators have not given its own: enough for a
 * small team to start (a rack's worth of hosts, a few GPUs), small enough that a runaway script or
 * a stolen account cannot order the region empty. A project without its own limit is bounded only
 * by its organisation's.
 */
export const DEFAULT_QUOTA_LIMITS: Readonly<Record<QuotaMetric, number>> = {
  instances: 20,
  vcpu: 80,
  memoryGb: 320,
  gpu: 4,
  disks: 40,
  diskGb: 10_000,
  elasticIps: 10,
  snapshots: 50,
  fileShares: 20,
  fileShareGb: 10_000,
  // S3's own default per account.
  buckets: 100,
  // Whole physical machines: a few, an operator raises it for a customer who needs a rack.
  bareMetalServers: 5,
};

/** The largest limit an operator may set (well beyond any region). */
export const QUOTA_LIMIT_MAX = 1_000_000;

/** Where a limit comes from: the operators' row for the project or organisation, or the platform default. */
export const QUOTA_SOURCES = ["project", "organisation", "default", "none"] as const;
export type QuotaSource = (typeof QUOTA_SOURCES)[number];

export const quotaLine = z.object({
  metric: quotaMetric,
  /** Null for a project without its own limit (its organisation's applies). */
  limit: z.number().int().nullable(),
  source: z.enum(QUOTA_SOURCES),
  used: z.number(),
  /** What may still be ordered here, the organisation's room included; never below 0. */
  available: z.number(),
  /** Usage above the limit (a limit lowered below what runs): nothing more can be ordered. */
  over: z.boolean(),
});
export type QuotaLine = z.infer<typeof quotaLine>;

export const quotaScopeView = z.object({
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  lines: z.array(quotaLine),
  updatedAt: z.string().nullable(),
});
export type QuotaScopeView = z.infer<typeof quotaScopeView>;

export const quotaOverview = z.object({
  orgId: z.string(),
  /** The projects the caller may pick (tenants: those in their data scope; operators: all). */
  projects: z.array(z.object({ projectId: z.string(), name: z.string() })),
  organisation: quotaScopeView,
  project: quotaScopeView.nullable(),
});
export type QuotaOverview = z.infer<typeof quotaOverview>;

const projectIdParam = z.string().trim().max(64);

export const quotaQuery = z.object({
  projectId: projectIdParam.optional(),
});
export type QuotaQuery = z.infer<typeof quotaQuery>;

export const opsQuotaQuery = z.object({
  orgId: z.string().uuid("validation.invalid"),
  projectId: projectIdParam.optional(),
});
export type OpsQuotaQuery = z.infer<typeof opsQuotaQuery>;

const limitValue = z
  .number()
  .int("validation.invalid")
  .min(0, "validation.invalid")
  .max(QUOTA_LIMIT_MAX, "validation.invalid");

export const quotaUpdateBody = z.object({
  orgId: z.string().uuid("validation.invalid"),
  /** Null: the organisation-wide limits. */
  projectId: projectIdParam.min(1).nullable(),
  /** A number sets the limit; null removes it (the platform default, or for a project its organisation's). */
  limits: z.partialRecord(quotaMetric, limitValue.nullable()),
});
export type QuotaUpdateBody = z.input<typeof quotaUpdateBody>;

export const quotaUpdateResult = quotaOverview.extend({
  /** Metrics whose usage is now above the limit just set: new orders of them are refused. */
  overLimit: z.array(quotaMetric),
});
export type QuotaUpdateResult = z.infer<typeof quotaUpdateResult>;
