// Quotas as people see them: every metric's limit, usage and room for an organisation and one of
// its projects (tenants: a project of their data scope), and the operators' changes to the limits.
import {
  DEFAULT_QUOTA_LIMITS,
  type OpsQuotaQuery,
  QUOTA_METRICS,
  type QuotaLine,
  type QuotaOverview,
  type QuotaQuery,
  type QuotaScopeView,
  type QuotaUpdateResult,
  type quotaUpdateBody,
} from "@skyledger/contracts";
import type { z } from "zod";
import { type Audit, changesOf } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { inScope } from "../iam/data-scope";
import { orgExists } from "../iam/users.repo";
import type { QuotaUsageSource, Usage } from "./quota-port";
import {
  findLimits,
  insertLimits,
  type LimitRow,
  listOrgProjects,
  lockQuotaScope,
  removeLimits,
} from "./quotas.repo";

type Project = { projectId: string; name: string };
type UpdateBody = z.output<typeof quotaUpdateBody>;

const latest = (rows: LimitRow[]): string | null =>
  rows.length === 0 ? null : new Date(Math.max(...rows.map((r) => r.updatedAt.getTime()))).toISOString();

function organisationView(rows: LimitRow[], used: Usage): QuotaScopeView {
  const lines = QUOTA_METRICS.map((metric): QuotaLine => {
    const own = rows.find((r) => r.metric === metric);
    const limit = own?.limit ?? DEFAULT_QUOTA_LIMITS[metric];
    return {
      metric,
      limit,
      source: own ? "organisation" : "default",
      used: used[metric],
      available: Math.max(0, limit - used[metric]),
      over: used[metric] > limit,
    };
  });
  return { projectId: null, projectName: null, lines, updatedAt: latest(rows) };
}

function projectView(project: Project, rows: LimitRow[], used: Usage, org: QuotaScopeView): QuotaScopeView {
  const lines = QUOTA_METRICS.map((metric): QuotaLine => {
    const limit = rows.find((r) => r.metric === metric)?.limit ?? null;
    const orgRoom = org.lines.find((l) => l.metric === metric)!.available;
    const ownRoom = limit === null ? orgRoom : Math.max(0, limit - used[metric]);
    return {
      metric,
      limit,
      source: limit === null ? "none" : "project",
      used: used[metric],
      available: Math.min(ownRoom, orgRoom),
      over: limit !== null && used[metric] > limit,
    };
  });
  return { projectId: project.projectId, projectName: project.name, lines, updatedAt: latest(rows) };
}

async function overviewOf(
  tx: Tx,
  usage: QuotaUsageSource,
  orgId: string,
  projects: Project[],
  project: Project | null,
): Promise<QuotaOverview> {
  const [orgRows, orgUsed] = await Promise.all([findLimits(tx, orgId, null), usage.usage(tx, orgId, null)]);
  const organisation = organisationView(orgRows, orgUsed);
  if (!project) return { orgId, projects, organisation, project: null };
  const [rows, used] = await Promise.all([
    findLimits(tx, orgId, project.projectId),
    usage.usage(tx, orgId, project.projectId),
  ]);
  return { orgId, projects, organisation, project: projectView(project, rows, used, organisation) };
}

function pick(projects: Project[], projectId: string | undefined | null): Project | null {
  if (!projectId) return null;
  const project = projects.find((p) => p.projectId === projectId);
  if (!project) throw new DomainError("NOT_FOUND");
  return project;
}

export type QuotaService = ReturnType<typeof createQuotaService>;

export function createQuotaService(deps: { db: Db; clock: Clock; audit: Audit; usage: QuotaUsageSource }) {
  const { db, clock, audit, usage } = deps;

  async function orgProjects(tx: Tx, orgId: string): Promise<Project[]> {
    if (!(await orgExists(tx, orgId))) throw new DomainError("NOT_FOUND");
    return listOrgProjects(tx, orgId);
  }

  return {
    /** The caller's organisation and, when asked, one project of their data scope. */
    async forTenant(ctx: RequestContext, query: QuotaQuery): Promise<QuotaOverview> {
      const orgId = ctx.ownTenant();
      const scope = await ctx.dataScope();
      const visible = (await listOrgProjects(db, orgId)).filter((p) => inScope(scope, orgId, p.projectId));
      return overviewOf(db, usage, orgId, visible, pick(visible, query.projectId));
    },

    async forOperator(query: OpsQuotaQuery): Promise<QuotaOverview> {
      const projects = await orgProjects(db, query.orgId);
      return overviewOf(db, usage, query.orgId, projects, pick(projects, query.projectId));
    },

    /**
     * Sets (a number) or removes (null) limits of an organisation or project. A limit below what
     * already runs is accepted: nothing is taken away, new orders are refused; the answer names
     * those metrics.
     */
    async update(ctx: RequestContext, input: UpdateBody): Promise<QuotaUpdateResult> {
      const { orgId, projectId } = input;
      const metrics = QUOTA_METRICS.filter((m) => input.limits[m] !== undefined);
      const now = clock.now();
      // The change, the usage it is compared with and its audit row: one transaction.
      return db.transaction(async (tx) => {
        const projects = await orgProjects(tx, orgId);
        const project = pick(projects, projectId);
        await lockQuotaScope(tx, orgId);
        const previous = await findLimits(tx, orgId, projectId);
        await removeLimits(tx, orgId, projectId, metrics);
        await insertLimits(
          tx,
          metrics
            .filter((m) => input.limits[m] !== null)
            .map((metric) => ({
              id: newId(),
              orgId,
              projectId,
              metric,
              limit: input.limits[metric]!,
              updatedBy: ctx.actor.userId,
              updatedAt: now,
            })),
        );
        const overview = await overviewOf(tx, usage, orgId, projects, project);
        const view = project ? overview.project! : overview.organisation;
        const overLimit = view.lines.filter((l) => l.over).map((l) => l.metric);
        await audit.record(tx, {
          action: "quota.update",
          ...ctx.auditBy,
          orgId,
          target: projectId ?? orgId,
          // Each limit that changed, as `{ from, to }` (null: no limit); a project by its name.
          detail: {
            ...(project ? { project: project.name } : {}),
            limits: changesOf(
              Object.fromEntries(
                metrics.map((m) => [m, previous.find((r) => r.metric === m)?.limit ?? null]),
              ),
              input.limits,
              metrics,
            ),
            ...(overLimit.length ? { overLimit } : {}),
          },
        });
        return { ...overview, overLimit };
      });
    },
  };
}
