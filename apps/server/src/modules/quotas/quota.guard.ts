// The quota check ordering and provisioning run inside their own transaction: the organisation's
// limit always applies, a project's own limit on top of it. The organisation's quota scope is
// locked first, so concurrent orders are counted one after the other.
import {
  DEFAULT_QUOTA_LIMITS,
  QUOTA_METRIC_LABELS,
  QUOTA_METRICS,
  type QuotaMetric,
} from "@skyledger/contracts";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { QuotaGuard } from "../orders/provisioning/service-domain";
import type { ResourceKind, ResourceSpec } from "../resources/resources.schema";
import { createQuotaRepo, type LimitRow } from "./quotas.repo";

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
export function demandOf(kind: ResourceKind, spec: ResourceSpec, quantity = 1): QuotaDemand {
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
export async function assertWithinQuota(tx: Db, input: QuotaCheck): Promise<void> {
  const { orgId, projectId, demand, excludeResourceId } = input;
  const asked = QUOTA_METRICS.filter((m) => (demand[m] ?? 0) > 0);
  if (asked.length === 0) return;
  const repo = createQuotaRepo(tx);
  await repo.lock(orgId);
  // A resize is never refused for a metric it does not increase, even when a lowered limit is
  // already exceeded: shrinking must stay possible.
  const current = excludeResourceId ? await repo.resource(orgId, excludeResourceId) : undefined;
  const currentDemand = current ? demandOf(current.kind, current.spec) : {};
  const growing = asked.filter((m) => (demand[m] ?? 0) > (currentDemand[m] ?? 0));
  if (growing.length === 0) return;

  const [orgLimits, orgUsed] = await Promise.all([
    repo.limits(orgId, null),
    repo.usage(orgId, null, excludeResourceId),
  ]);
  for (const metric of growing) {
    const limit = limitOf(orgLimits, metric) ?? DEFAULT_QUOTA_LIMITS[metric];
    const requested = demand[metric]!;
    if (orgUsed[metric] + requested > limit)
      throw exceeded(metric, "organisation", orgUsed[metric], requested, limit);
  }
  if (projectId === null) return;
  const projectLimits = await repo.limits(orgId, projectId);
  if (projectLimits.length === 0) return;
  const projectUsed = await repo.usage(orgId, projectId, excludeResourceId);
  for (const metric of growing) {
    const limit = limitOf(projectLimits, metric);
    const requested = demand[metric]!;
    if (limit !== undefined && projectUsed[metric] + requested > limit)
      throw exceeded(metric, "project", projectUsed[metric], requested, limit);
  }
}

/** The quotas module's answer to the ordering port (modules/resources/quota-port.ts). */
export const quotaGuard: QuotaGuard = {
  assertWithinQuota: (tx, request) =>
    assertWithinQuota(tx, {
      orgId: request.orgId,
      projectId: request.projectId,
      demand: demandOf(request.kind, request.spec, request.quantity),
      ...(request.excludeResourceId ? { excludeResourceId: request.excludeResourceId } : {}),
    }),
};
