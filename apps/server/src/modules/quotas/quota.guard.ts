// The quota check ordering and provisioning run inside their own transaction: the organisation's
// limit always applies, a project's own limit on top of it. The organisation's quota scope is
// locked first, so concurrent orders are counted one after the other.
import {
  DEFAULT_QUOTA_LIMITS,
  QUOTA_METRIC_LABELS,
  QUOTA_METRICS,
  type QuotaMetric,
  type ResourceKind,
} from "@skyledger/contracts";
import type { Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { QuotaFigures, QuotaGuard, QuotaUsageSource } from "./quota-port";
import { findLimits, type LimitRow, lockQuotaScope } from "./quotas.repo";

export type QuotaDemand = Partial<Record<QuotaMetric, number>>;

export type QuotaCheck = {
  orgId: string;
  projectId: string | null;
  demand: QuotaDemand;
  /** A resize: this resource's current figures are not counted (the demand replaces them). */
  excludeResourceId?: string;
};

/**
 * What `quantity` resources of a kind take of each metric. A host's system disk is part of the
 * host and not counted against the cloud-disk metrics.
 */
export function demandOf(kind: ResourceKind, spec: QuotaFigures, quantity = 1): QuotaDemand {
  switch (kind) {
    case "host":
      return {
        instances: quantity,
        vcpu: (spec.vcpu ?? 0) * quantity,
        memoryGb: (spec.memoryGb ?? 0) * quantity,
        gpu: (spec.gpuCount ?? 0) * quantity,
      };
    case "disk":
      return { disks: quantity, diskGb: (spec.sizeGb ?? 0) * quantity };
    case "elasticIp":
      return { elasticIps: quantity };
    case "snapshot":
      return { snapshots: quantity };
    case "hpcPool":
      // A pool takes no instance of the quota: its account's cores and GPUs are capped by the
      // quota's vcpu and gpu limits when it is provisioned (modules/hpc).
      return {};
    case "aiPlatform":
      // The platform takes nothing of the quota: jobs run on the pools, which are capped.
      return {};
    case "rds":
      // A database runs on the provider's shared database servers, not on the tenant's hosts.
      return {};
    case "cache":
      // A cache instance is a user on the provider's shared Redis, not on the tenant's hosts.
      return {};
    case "queue":
      // A message-queue instance is a vhost on the provider's shared RabbitMQ, likewise.
      return {};
    case "share":
    case "scalableFile":
      return { fileShares: quantity, fileShareGb: (spec.sizeGb ?? 0) * quantity };
    case "bucket":
      return { buckets: quantity };
    case "bareMetal":
      // A whole physical machine has a limit of its own: its cores, memory and GPUs are not drawn
      // from the virtual capacity the vcpu, memory and GPU limits size (one 8-GPU node would
      // exceed the default limits of a whole organisation's hosts).
      return { bareMetalServers: quantity };
  }
}

const limitOf = (rows: LimitRow[], metric: QuotaMetric) => rows.find((r) => r.metric === metric)?.limit;

function exceeded(
  metric: QuotaMetric,
  scope: "organisation" | "project",
  used: number,
  requested: number,
  limit: number,
): DomainError {
  const names = QUOTA_METRIC_LABELS[metric];
  const label = scope === "project" ? { zh: `项目${names.zh}`, en: `${names.en} of the project` } : names;
  return new DomainError(
    "QUOTA_EXCEEDED",
    { metric: label, used, requested, limit },
    { metric, scope, used, requested, limit },
  );
}

/** Refuses with QUOTA_EXCEEDED when the demand does not fit the organisation's or the project's room. */
export async function assertWithinQuota(tx: Tx, usage: QuotaUsageSource, input: QuotaCheck): Promise<void> {
  const { orgId, projectId, demand, excludeResourceId } = input;
  const asked = QUOTA_METRICS.filter((m) => (demand[m] ?? 0) > 0);
  if (asked.length === 0) return;
  await lockQuotaScope(tx, orgId);
  // A resize is never refused for a metric it does not increase, even when a lowered limit is
  // already exceeded: shrinking must stay possible.
  const current = excludeResourceId ? await usage.liveResource(tx, orgId, excludeResourceId) : undefined;
  const currentDemand = current ? demandOf(current.kind, current.spec) : {};
  const growing = asked.filter((m) => (demand[m] ?? 0) > (currentDemand[m] ?? 0));
  if (growing.length === 0) return;

  const [orgLimits, orgUsed] = await Promise.all([
    findLimits(tx, orgId, null),
    usage.usage(tx, orgId, null, excludeResourceId),
  ]);
  for (const metric of growing) {
    const limit = limitOf(orgLimits, metric) ?? DEFAULT_QUOTA_LIMITS[metric];
    const requested = demand[metric]!;
    if (orgUsed[metric] + requested > limit)
      throw exceeded(metric, "organisation", orgUsed[metric], requested, limit);
  }
  if (projectId === null) return;
  const projectLimits = await findLimits(tx, orgId, projectId);
  if (projectLimits.length === 0) return;
  const projectUsed = await usage.usage(tx, orgId, projectId, excludeResourceId);
  for (const metric of growing) {
    const limit = limitOf(projectLimits, metric);
    const requested = demand[metric]!;
    if (limit !== undefined && projectUsed[metric] + requested > limit)
      throw exceeded(metric, "project", projectUsed[metric], requested, limit);
  }
}

/** The quotas module's answer to the ordering port (quota-port.ts), counting with `usage`. */
export function createQuotaGuard(usage: QuotaUsageSource): QuotaGuard {
  return {
    assertWithinQuota: (tx, request) =>
      assertWithinQuota(tx, usage, {
        orgId: request.orgId,
        projectId: request.projectId,
        demand: demandOf(request.kind, request.spec, request.quantity),
        ...(request.excludeResourceId ? { excludeResourceId: request.excludeResourceId } : {}),
      }),
  };
}
