// The SQL of quotas: the limits set for an organisation and its projects, and the lock that
// serialises an organisation's checks. Usage is counted by the resources module (quota-port.ts).
import type { QuotaMetric } from "@skyledger/contracts";
import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { projects } from "../iam/iam.schema";
import { quotas } from "./quotas.schema";

export type LimitRow = { metric: QuotaMetric; limit: number; updatedAt: Date };

const projectIs = (projectId: string | null): SQL =>
  projectId === null ? isNull(quotas.projectId) : eq(quotas.projectId, projectId);

/**
 * Serialises every quota check and change of one organisation until the transaction ends, so
 * that two orders cannot both take the last of a limit (a no-op outside a transaction).
 */
export async function lockQuotaScope(tx: Tx, orgId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quota:${orgId}`}))`);
}

/** The limits set for the organisation (projectId null) or for one project. */
export function findLimits(tx: Tx, orgId: string, projectId: string | null): Promise<LimitRow[]> {
  return tx
    .select({ metric: quotas.metric, limit: quotas.limit, updatedAt: quotas.updatedAt })
    .from(quotas)
    .where(and(eq(quotas.orgId, orgId), projectIs(projectId)));
}

export async function removeLimits(
  tx: Tx,
  orgId: string,
  projectId: string | null,
  metrics: QuotaMetric[],
): Promise<void> {
  if (metrics.length === 0) return;
  await tx
    .delete(quotas)
    .where(and(eq(quotas.orgId, orgId), projectIs(projectId), inArray(quotas.metric, metrics)));
}

export async function insertLimits(tx: Tx, rows: (typeof quotas.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(quotas).values(rows);
}

/** The organisation's projects, oldest first. */
export function listOrgProjects(tx: Tx, orgId: string) {
  return tx
    .select({ projectId: projects.id, name: projects.name })
    .from(projects)
    .where(eq(projects.orgId, orgId))
    .orderBy(asc(projects.createdAt), asc(projects.name));
}
