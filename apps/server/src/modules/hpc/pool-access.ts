// Who sees a pool and how it reads: shared by the pools' pages and the job console. A pool outside
// the caller's data scope, another tenant's above all, is not found (404); a member sees their
// pool whatever their data scope.
import { type HpcJob, type HpcPool, RESOURCE_STATUS_NAMES } from "@skyledger/contracts";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { JobRecord } from "../../providers/hpc/hpc-cluster";
import { inScope } from "../iam/data-scope";
import { findMember, findPool, type PoolWithResource } from "./hpc.repo";

/** The caller's pool, or 404 (another tenant's, outside the data scope, released, or not a pool). */
export async function mustSeePool(db: Db, ctx: RequestContext, id: string): Promise<PoolWithResource> {
  const orgId = ctx.ownTenant();
  const row = await findPool(db, id);
  if (!row || row.r.orgId !== orgId) throw new DomainError("NOT_FOUND");
  const seen =
    inScope(await ctx.dataScope(), row.r.orgId, row.r.projectId) ||
    (await findMember(db, id, ctx.actor.userId)) !== undefined;
  if (!seen) throw new DomainError("NOT_FOUND");
  if (row.r.status === "deleted") throw new DomainError("NOT_FOUND");
  return row;
}

/** A pool as its list and pages show it. */
export function toPool(
  row: PoolWithResource,
  memberCount: number,
  locale: RequestContext["locale"],
): HpcPool {
  const { p, r, c } = row;
  const names = RESOURCE_STATUS_NAMES[r.status];
  return {
    id: r.id,
    name: r.name,
    productCode: r.productCode,
    productNameZh: row.productNameZh,
    productNameEn: row.productNameEn,
    poolType: p.poolType,
    status: r.status,
    statusName: locale === "zh-CN" ? names.zh : names.en,
    clusterId: c.id,
    clusterName: c.name,
    simulated: c.backend === "simulator",
    loginHost: c.loginHost,
    partition: p.partition,
    account: p.account,
    limits: p.limits,
    heldReason: p.heldReason,
    memberCount,
    paymentType: r.paymentType,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Hours with 4 decimals, from seconds. */
export const hours = (seconds: number): string => (seconds / 3600).toFixed(4);

/** Seconds of a job inside [from, to): from its start (or `from`) to its end (or `to`). */
export function secondsWithin(job: JobRecord, from: Date, to: Date): number {
  if (!job.startedAt) return 0;
  const start = Math.max(job.startedAt.getTime(), from.getTime());
  const end = Math.min((job.endedAt ?? to).getTime(), to.getTime());
  return Math.max(0, Math.floor((end - start) / 1000));
}

/**
 * A job as the pages show it: its run so far (to `now` while it runs) in core-hours and GPU-hours
 * of its allocated CPUs and GPUs; a waiting job, which has none allocated, shows what it asked for.
 */
export function jobOf(job: JobRecord, userName: string | null, now: Date): HpcJob {
  const elapsed = secondsWithin(job, new Date(0), now);
  return {
    jobId: job.jobId,
    name: job.name,
    user: job.user,
    userName,
    partition: job.partition,
    state: job.state,
    cpus: job.state === "pending" ? job.requestedCpus : job.cpus,
    gpus: job.state === "pending" ? job.requestedGpus : job.gpus,
    submittedAt: job.submittedAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    endedAt: job.endedAt?.toISOString() ?? null,
    timeLimitMinutes: job.timeLimitMinutes,
    exitCode: job.exitCode,
    elapsedSeconds: elapsed,
    coreHours: hours(job.cpus * elapsed),
    gpuHours: hours(job.gpus * elapsed),
  };
}
