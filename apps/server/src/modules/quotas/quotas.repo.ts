// The SQL of quotas: the limits set for an organisation and its projects, the usage counted from
// the resources that still hold capacity, and the lock that serialises an organisation's checks.
import { QUOTA_METRICS, type QuotaMetric } from "@skyledger/contracts";
import { and, asc, eq, inArray, isNull, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { organizations, projects } from "../iam/iam.schema";
import { resources } from "../resources/resources.schema";
import { quotas } from "./quotas.schema";

export type Usage = Record<QuotaMetric, number>;
export type LimitRow = { metric: QuotaMetric; limit: number; updatedAt: Date };

/** States of a resource that no longer holds capacity. */
const RELEASED_STATUSES = ["deleted", "create_failure"] as const;

const figure = (key: string, kind: string) =>
  sql`coalesce(sum(coalesce((${resources.spec} ->> ${sql.raw(`'${key}'`)})::numeric, 0)) filter (where ${resources.kind} = ${kind}), 0)`.mapWith(
    Number,
  );
const countOf = (kind: string) => sql`count(*) filter (where ${resources.kind} = ${kind})`.mapWith(Number);

const projectIs = (projectId: string | null): SQL =>
  projectId === null ? isNull(quotas.projectId) : eq(quotas.projectId, projectId);

export function createQuotaRepo(db: Db) {
  return {
    /**
     * Serialises every quota check and change of one organisation until the transaction ends, so
     * that two orders cannot both take the last of a limit (a no-op outside a transaction).
     */
    async lock(orgId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`quota:${orgId}`}))`);
    },

    /** What the organisation's (or, with projectId, the project's) live resources take. */
    async usage(orgId: string, projectId: string | null, excludeResourceId?: string): Promise<Usage> {
      const conditions: SQL[] = [
        eq(resources.orgId, orgId),
        isNull(resources.deletedAt),
        notInArray(resources.status, [...RELEASED_STATUSES]),
      ];
      if (projectId !== null) conditions.push(eq(resources.projectId, projectId));
      if (excludeResourceId) conditions.push(ne(resources.id, excludeResourceId));
      const [row] = await db
        .select({
          instances: countOf("host"),
          vcpu: figure("vcpu", "host"),
          memoryGb: figure("memoryGb", "host"),
          gpu: figure("gpuCount", "host"),
          disks: countOf("disk"),
          diskGb: figure("sizeGb", "disk"),
          elasticIps: countOf("elasticIp"),
          snapshots: countOf("snapshot"),
        })
        .from(resources)
        .where(and(...conditions));
      return Object.fromEntries(QUOTA_METRICS.map((m) => [m, row?.[m] ?? 0])) as Usage;
    },

    /** The kind and figures of one live resource of the organisation (a resize's current state). */
    async resource(orgId: string, id: string) {
      const [row] = await db
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
    },

    /** The limits set for the organisation (projectId null) or for one project. */
    limits(orgId: string, projectId: string | null): Promise<LimitRow[]> {
      return db
        .select({ metric: quotas.metric, limit: quotas.limit, updatedAt: quotas.updatedAt })
        .from(quotas)
        .where(and(eq(quotas.orgId, orgId), projectIs(projectId)));
    },

    async removeLimits(orgId: string, projectId: string | null, metrics: QuotaMetric[]): Promise<void> {
      if (metrics.length === 0) return;
      await db
        .delete(quotas)
        .where(and(eq(quotas.orgId, orgId), projectIs(projectId), inArray(quotas.metric, metrics)));
    },

    async insertLimits(rows: (typeof quotas.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(quotas).values(rows);
    },

    async orgExists(orgId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, orgId));
      return row !== undefined;
    },

    /** The organisation's projects, oldest first. */
    projects(orgId: string) {
      return db
        .select({ projectId: projects.id, name: projects.name })
        .from(projects)
        .where(eq(projects.orgId, orgId))
        .orderBy(asc(projects.createdAt), asc(projects.name));
    },
  };
}

export type QuotaRepo = ReturnType<typeof createQuotaRepo>;
