// Reading and operating resources: lists in the caller's data scope (and the unsubscribable ones of
// unsubscribe management), details with attachments, host actions (start, stop, reboot, rebuild)
// handed to the provider, monitoring series, and the `settle` step that reads back what the
// provider finished.
import {
  HOST_AT_REST_STATUSES,
  type HostAction,
  type hostActionBody,
  LEAVING_STATUSES,
  type Locale,
  type MetricsSeries,
  type metricsQuery,
  OPERATION_STATUSES,
  type opsResourceQuery,
  type ResourceDetail,
  type renameBody,
  type renewableQuery,
  type resourceQuery,
  UNSUBSCRIBABLE_KINDS,
  type UnsubscribableKind,
} from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { Provider, ProviderAction, ProviderState } from "../../providers/provider";
import { type DataScope, inScope } from "../iam/data-scope";
import type { HostMetricsReader } from "./host-metrics";
import { resourceActionEvent, runProviderOperation } from "./provider-operation";
import {
  claimResource,
  type ResourceOrder,
  type ResourcesRepo,
  scopedResources,
  updateResource,
  updateResourceIf,
} from "./resources.repo";
import type { ResourceKind, ResourceStatus } from "./resources.schema";
import { type ResourceRow, toOpsResourceRecord, toResourceRecord } from "./resources.view";

type Query = z.output<typeof resourceQuery>;
type OpsQuery = z.output<typeof opsResourceQuery>;
type RenewableQuery = z.output<typeof renewableQuery>;
type HostActionBody = z.output<typeof hostActionBody>;

/**
 * Who asks to see a resource: a request's context, or the principal of a caller in another module
 * that does not pass its context yet (renewals, resizes, unsubscribes).
 */
/** A host action: the states it may start from and the state shown while it runs. */
const HOST_ACTIONS: Record<HostAction, { from: ResourceStatus[]; during: ResourceStatus }> = {
  start: { from: ["stopped"], during: "starting" },
  stop: { from: ["running"], during: "stopping" },
  reboot: { from: ["running"], during: "rebooting" },
  rebuild: { from: [...HOST_AT_REST_STATUSES], during: "rebuilding" },
};

/** What a settled provider state means for the resource. */
const SETTLED: Partial<Record<ProviderState, ResourceStatus>> = {
  running: "running",
  stopped: "stopped",
  available: "available",
  "in-use": "using",
  error: "error",
};

const RANGES = {
  "1h": { seconds: 3600, step: 60 },
  "6h": { seconds: 6 * 3600, step: 300 },
  "24h": { seconds: 24 * 3600, step: 900 },
  "7d": { seconds: 7 * 24 * 3600, step: 3600 },
} as const;

export function createResourcesService(deps: {
  db: Db;
  clock: Clock;
  repo: ResourcesRepo;
  provider: Provider;
  hostMetrics: HostMetricsReader;
  audit: Audit;
}) {
  const { db, clock, repo, provider, hostMetrics } = deps;

  /**
   * A resource the caller may see (NOT_FOUND otherwise: another tenant's id answers 404, as a
   * missing one). `includeDeleted` finds one already gone, for replaying the answer of the call
   * that removed it.
   */
  async function visible(
    ctx: RequestContext,
    id: string,
    kind?: ResourceKind,
    options: { includeDeleted?: boolean } = {},
  ) {
    const row = await repo.byId(id);
    const scope = await ctx.dataScope();
    if (
      !row ||
      (row.r.deletedAt && !options.includeDeleted) ||
      (kind && row.r.kind !== kind) ||
      !inScope(scope, row.r.orgId, row.r.projectId)
    ) {
      throw new DomainError("NOT_FOUND");
    }
    return row;
  }

  async function detail(ctx: RequestContext, id: string, kind?: ResourceKind): Promise<ResourceDetail> {
    const row = await visible(ctx, id, kind);
    const attachments = row.r.kind === "host" ? await repo.attachments(row.r.id) : [];
    return {
      ...toResourceRecord(row, ctx.locale),
      errorLog: row.r.errorLog,
      externalRef: row.r.externalRef,
      accessNote: row.r.accessNote,
      attachments,
    };
  }

  const stateError = (r: ResourceRow, locale: Locale) =>
    new DomainError("RESOURCE_STATE_INVALID", {
      status: toResourceRecord(
        {
          r,
          projectName: null,
          productNameZh: null,
          productNameEn: null,
          attachedToName: null,
          boundIp: null,
        },
        locale,
      ).statusName,
    });

  /**
   * Marks the resource busy only if it is still in an allowed state: concurrent actions cannot both
   * start. `tx`: inside the caller's transaction, which also writes the action's audit row.
   */
  async function claim(
    id: string,
    from: ResourceStatus[],
    during: ResourceStatus,
    task: string,
    tx: Tx = db,
  ): Promise<boolean> {
    return claimResource(tx, id, from, { status: during, taskStatus: task, updatedAt: clock.now() });
  }

  /** The list's condition: the caller's data scope (or the one asked) and the query's filters. */
  async function whereOf(
    ctx: RequestContext,
    q: Query | RenewableQuery | OpsQuery,
    narrow: Pick<Parameters<ResourcesRepo["filters"]>[0], "kind" | "kinds" | "notStatuses" | "renewable">,
    asked?: DataScope,
  ) {
    const scope = asked ?? (await ctx.dataScope());
    const expiringBefore =
      q.expiringWithinDays === undefined
        ? undefined
        : new Date(clock.now().getTime() + q.expiringWithinDays * 86_400_000);
    return scopedResources(scope, repo.filters({ ...q, ...narrow, expiringBefore }));
  }

  async function list(
    ctx: RequestContext,
    q: Query | RenewableQuery,
    narrow: Parameters<typeof whereOf>[2],
    order?: ResourceOrder,
  ) {
    const where = await whereOf(ctx, q, narrow);
    return pageOf(
      q,
      (limit, offset) => repo.list(where, limit, offset, order),
      repo.total(where),
      (row) => toResourceRecord(row, ctx.locale),
    );
  }

  return {
    visible,
    detail,
    claim,
    stateError,

    list(ctx: RequestContext, q: Query, kind?: ResourceKind) {
      return list(ctx, q, { kind: kind ?? q.kind });
    },

    /**
     * The operators' list: every organisation's resources, or only those of `orgId`, newest first,
     * each with its tenant's name; also by product and why frozen, as the dashboard counts them.
     */
    async opsList(ctx: RequestContext, q: OpsQuery) {
      const scope: DataScope = q.orgId ? { kind: "tenant", orgId: q.orgId } : { kind: "all" };
      const where = await whereOf(ctx, q, { kind: q.kind }, scope);
      return pageOf(
        q,
        (limit, offset) => repo.list(where, limit, offset),
        repo.total(where),
        (row) => toOpsResourceRecord(row, ctx.locale),
      );
    },

    /**
     * Renewal management: the prepaid resources that may be renewed, soonest expiry first — every
     * one, or those ending within the days asked.
     */
    renewable(ctx: RequestContext, q: RenewableQuery) {
      return list(ctx, q, { kind: q.kind, renewable: true }, "expiry");
    },

    /**
     * Unsubscribe management: the resources of the kinds whose own code the caller holds
     * (UNSUBSCRIBABLE_KINDS), except those already being released. Whether one can go now is the
     * inquiry's answer (a running job, an attachment), so those are listed too.
     */
    unsubscribable(ctx: RequestContext, q: Query) {
      const kinds = (Object.keys(UNSUBSCRIBABLE_KINDS) as UnsubscribableKind[]).filter((k) =>
        ctx.actor.permissions.has(UNSUBSCRIBABLE_KINDS[k]),
      );
      return list(ctx, q, { kind: q.kind, kinds, notStatuses: LEAVING_STATUSES });
    },

    /**
     * A machine's action: the machine claimed (a rebuild also takes its new image) with its audit
     * row. A host by default; a bare-metal server's route asks only start, stop or reboot.
     */
    async act(ctx: RequestContext, id: string, body: HostActionBody, kind: "host" | "bareMetal" = "host") {
      const { r } = await visible(ctx, id, kind);
      const rule = HOST_ACTIONS[body.action];
      const imageId = body.imageId ?? r.spec.imageId ?? "";
      const action: ProviderAction =
        body.action === "rebuild" ? { op: "rebuild", imageId } : { op: body.action };
      await runProviderOperation(deps, {
        async claim(tx) {
          if (!r.providerRef || !(await claim(id, rule.from, rule.during, body.action, tx)))
            throw stateError(r, ctx.locale);
          if (body.action === "rebuild") await updateResource(tx, id, { spec: { ...r.spec, imageId } });
        },
        event: resourceActionEvent(ctx, r, body.action, null),
        ask: () => provider.act(r.providerRef!, action),
        undo: (tx) =>
          updateResource(tx, id, {
            status: r.status,
            taskStatus: null,
            ...(body.action === "rebuild" ? { spec: r.spec } : {}),
            updatedAt: clock.now(),
          }),
      });
      return detail(ctx, id);
    },

    /** `PUT /res/hosts/{id}/name` (CB01): a host only, as its route's code says. */
    async rename(ctx: RequestContext, id: string, body: z.output<typeof renameBody>) {
      const row = await visible(ctx, id, "host");
      await db.transaction(async (tx) => {
        await updateResource(tx, id, { name: body.name, updatedAt: clock.now() });
        await deps.audit.record(tx, {
          action: "resource.renamed",
          ...ctx.auditBy,
          orgId: row.r.orgId,
          target: body.name,
          detail: { name: { from: row.r.name, to: body.name } },
        });
      });
      return detail(ctx, id);
    },

    async metrics(
      ctx: RequestContext,
      id: string,
      query: z.output<typeof metricsQuery>,
    ): Promise<MetricsSeries> {
      const row = await visible(ctx, id, "host");
      const { seconds, step } = RANGES[query.range];
      const to = clock.now();
      const from = new Date(to.getTime() - seconds * 1000);
      const { source, points } = await hostMetrics.of(row.r, from, to, step);
      return { range: query.range, source, points: points.map((p) => ({ ...p, at: p.at.toISOString() })) };
    },

    /**
     * With a metrics source, each running host's monitoring indicator follows it (its exporter
     * scraped, down, or unknown); a row changes only when the indicator does.
     */
    async refreshMonitorStatus(): Promise<void> {
      const hosts = (await repo.inStatus(["running"])).filter((r) => r.kind === "host" && r.ipAddress);
      const statuses = await hostMetrics.monitorStatuses(hosts.map((h) => h.ipAddress!));
      if (!statuses) return;
      for (const h of hosts) {
        const monitorStatus = statuses.get(h.ipAddress!) ?? "none";
        if (monitorStatus === h.monitorStatus) continue;
        await updateResourceIf(db, h.id, "running", { monitorStatus, updatedAt: clock.now() });
      }
    },

    /** Reads back every operation the provider was running (start, stop, attach…) once it settles. */
    async settle(): Promise<void> {
      const busy = await repo.inStatus([...OPERATION_STATUSES]);
      for (const r of busy) {
        if (!r.providerRef) continue;
        const instance = await provider.get(r.providerRef);
        const settled = instance ? SETTLED[instance.state] : "error";
        if (!settled) continue;
        await updateResourceIf(db, r.id, r.status, {
          status: settled,
          taskStatus: null,
          // A disk detached or an IP unbound leaves its host once the provider has let go.
          // An attach that failed leaves it attached to nothing (the host stays free to go).
          ...(((r.status === "unmounting" || r.status === "unbinding") && settled === "available") ||
          ((r.status === "mounting" || r.status === "binding") && settled !== "using")
            ? { attachedTo: null }
            : {}),
          errorLog:
            settled === "error"
              ? `${clock.now().toISOString()} ${instance?.error ?? "the provider lost the instance"}`
              : r.errorLog,
          updatedAt: clock.now(),
        });
      }
    },
  };
}
export type ResourcesService = ReturnType<typeof createResourcesService>;
