// The resources module's answer to quotas (quotas/quota-port.ts): what the organisation's live
// resources take of each metric, counted in the caller's transaction.
import { QUOTA_METRICS } from "@skyledger/contracts";
import { and, eq, isNull, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import type { QuotaUsageSource, Usage } from "../quotas/quota-port";
import { resources } from "./resources.schema";

/** States of a resource that no longer holds capacity. */
const RELEASED_STATUSES = ["deleted", "create_failure"] as const;

const figure = (key: string, kind: string) =>
  sql`coalesce(sum(coalesce((${resources.spec} ->> ${sql.raw(`'${key}'`)})::numeric, 0)) filter (where ${resources.kind} = ${kind}), 0)`.mapWith(
    Number,
  );
const countOf = (kind: string) => sql`count(*) filter (where ${resources.kind} = ${kind})`.mapWith(Number);

/** What the organisation's (or, with projectId, the project's) live resources take. */
export async function quotaUsage(
  tx: Tx,
  orgId: string,
  projectId: string | null,
  excludeResourceId?: string,
): Promise<Usage> {
  const conditions: SQL[] = [
    eq(resources.orgId, orgId),
    isNull(resources.deletedAt),
    notInArray(resources.status, [...RELEASED_STATUSES]),
  ];
  if (projectId !== null) conditions.push(eq(resources.projectId, projectId));
  if (excludeResourceId) conditions.push(ne(resources.id, excludeResourceId));
  const [row] = await tx
    .select({
      instances: countOf("host"),
      vcpu: figure("vcpu", "host"),
      memoryGb: figure("memoryGb", "host"),
      gpu: figure("gpuCount", "host"),
      disks: countOf("disk"),
      diskGb: figure("sizeGb", "disk"),
      elasticIps: countOf("elasticIp"),
      snapshots: countOf("snapshot"),
      fileShares: sql`${countOf("share")} + ${countOf("scalableFile")}`.mapWith(Number),
      fileShareGb: sql`${figure("sizeGb", "share")} + ${figure("sizeGb", "scalableFile")}`.mapWith(Number),
      buckets: countOf("bucket"),
      // Bare-metal servers have a limit of their own (quota.guard.ts).
      bareMetalServers: countOf("bareMetal"),
    })
    .from(resources)
    .where(and(...conditions));
  return Object.fromEntries(QUOTA_METRICS.map((m) => [m, row?.[m] ?? 0])) as Usage;
}

/** The kind and figures of one live resource of the organisation (a resize's current state). */
export async function liveQuotaResource(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select({ kind: resources.kind, spec: resources.spec })
    .from(resources)
    .where(
      and(
        eq(resources.orgId, orgId),
        eq(resources.id, id),
        isNull(resources.deletedAt),
        notInArray(resources.status, [...RELEASED_STATUSES]),
      ),
    );
  return row;
}

export const resourceQuotaUsage: QuotaUsageSource = { usage: quotaUsage, liveResource: liveQuotaResource };
