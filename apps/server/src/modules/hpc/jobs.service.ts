// The HPC job console (`/hpcconsole`, CB17): a member of a pool submits batch jobs to the pool's
// partition as their cluster user in the pool's Slurm account, reads the queue (pending with
// Slurm's reason, running), the finished jobs with what accounting has charged for each, and a
// job's output; they cancel their own jobs, a holder of CB1701 (HPC operation) any job of the pool.
// Every refusal is checked before the cluster is asked (membership, the pool's state and hold,
// partition, script, the pool's limits and the organisation's quota), and what the cluster itself
// refuses is answered in the caller's language: nothing is submitted either way. The jobs are the
// cluster's; Skyledger keeps only the audit row of each submit and cancel.
import { formatYuan } from "@skyledger/billing";
import {
  type consoleJobQuery,
  DEFAULT_QUOTA_LIMITS,
  type ErrorKey,
  type ErrorParam,
  errorText,
  HPC_MAX_TIME_MINUTES,
  HPC_SCRIPT_MAX_BYTES,
  type HpcConsoleJob,
  type HpcConsolePool,
  type HpcHoldReason,
  type HpcJobOutput,
  type HpcJobState,
  type JobSubmitBody,
  type QuotaMetric,
} from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { Secrets } from "../../platform/secrets";
import { HpcClusterError, type JobRecord } from "../../providers/hpc/hpc-cluster";
import { findLimits } from "../quotas/quotas.repo";
import { chargedOfJobs, chargedView, ratedUntilOf } from "./accounting/hpc-accounting.repo";
import type { ClusterFactory } from "./cluster-access";
import { findMember, listMembers, memberCounts, type PoolWithResource } from "./hpc.repo";
import { readJobOutput } from "./login-host";
import { jobOf, mustSeePool, toPool } from "./pool-access";

type JobQuery = z.output<typeof consoleJobQuery>;

/** Who may cancel and read every job of a pool: the HPC operation set. */
const MANAGE_CODE = "CB1701";
/** A pool takes jobs while its subscription is live. */
const TAKES_JOBS = new Set(["available", "running", "using"]);
/** The console's finished jobs: those that ended in the last 30 days. */
const FINISHED_DAYS = 30;

const HELD_WORDS: Record<HpcHoldReason, { zh: string; en: string }> = {
  arrears: { zh: "欠费", en: "the organisation is in arrears" },
  packageExhausted: { zh: "预付核时已用完", en: "the prepaid core-hours are used up" },
  frozen: { zh: "资源池已冻结", en: "the pool is frozen" },
};
const STATE_WORDS: Record<HpcJobState, { zh: string; en: string }> = {
  pending: { zh: "排队中", en: "pending" },
  running: { zh: "运行中", en: "running" },
  completed: { zh: "已完成", en: "completed" },
  failed: { zh: "失败", en: "failed" },
  cancelled: { zh: "已取消", en: "cancelled" },
  timeout: { zh: "超时", en: "timed out" },
};
const WHAT = {
  cpus: { zh: "CPU核数", en: "CPUs" },
  gpus: { zh: "GPU数", en: "GPUs" },
  minutes: { zh: "时间限制（分钟）", en: "minutes of time limit" },
  coreMinutes: { zh: "核分钟（CPU × 时间限制）", en: "core-minutes (CPUs × time limit)" },
};
const SOURCE = {
  pool: { zh: "资源池", en: "pool's" },
  quota: { zh: "组织配额", en: "organisation's quota" },
  budget: { zh: "资源池预付核时", en: "pool's prepaid core-hour" },
  job: { zh: "单个作业", en: "per-job" },
};

const isLive = (state: HpcJobState) => state === "pending" || state === "running";
const noGpus = (row: PoolWithResource) =>
  row.p.poolType === "hpcShared" || row.p.poolType === "hpcDedicated" || row.p.limits.gpus === 0;
const min = (...values: (number | null)[]) =>
  Math.min(...values.map((v) => (v === null ? Number.POSITIVE_INFINITY : v)));

/** What the cluster refused, in the caller's language; nothing was done on it. */
function refusalOf(err: HpcClusterError): DomainError {
  const key: Record<HpcClusterError["reason"], ErrorKey> = {
    limit: "HPC_JOB_CLUSTER_LIMIT",
    held: "HPC_JOB_CLUSTER_HELD",
    invalid: "HPC_JOB_CLUSTER_INVALID",
    refused: "HPC_JOB_CLUSTER_REFUSED",
    unreachable: "HPC_JOB_CLUSTER_UNREACHABLE",
  };
  return new DomainError(key[err.reason], { reason: err.message });
}

async function onCluster<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HpcClusterError) throw refusalOf(err);
    throw err;
  }
}

export type JobsService = ReturnType<typeof createJobsService>;

export function createJobsService(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  clusterOf: ClusterFactory;
  secrets: Secrets;
}) {
  const { db, clock, audit } = deps;

  /** The organisation's vcpu and gpu quota (its own limits, else the defaults). */
  /**
   * The organisation's vCPU and GPU quota that a job of the pool must fit. A dedicated pool's nodes
   * are its own (the provider gives it the product's limits, not the quota's cap): no quota there.
   */
  async function quotaOf(row: PoolWithResource) {
    if (row.p.nodes !== null) return { cpus: Number.POSITIVE_INFINITY, gpus: Number.POSITIVE_INFINITY };
    const rows = await findLimits(db, row.r.orgId, null);
    const quota = (metric: QuotaMetric) =>
      rows.find((r) => r.metric === metric)?.limit ?? DEFAULT_QUOTA_LIMITS[metric];
    return { cpus: quota("vcpu"), gpus: quota("gpu") };
  }

  /** Why the caller cannot submit to the pool now, as an error, or null. */
  function blocker(row: PoolWithResource, member: boolean): [ErrorKey, Record<string, ErrorParam>] | null {
    if (!member) return ["HPC_JOB_NOT_MEMBER", {}];
    if (!TAKES_JOBS.has(row.r.status)) {
      const status = toPool(row, 0, "zh-CN").statusName;
      const statusEn = toPool(row, 0, "en-US").statusName;
      return ["HPC_POOL_NOT_ACTIVE", { status: { zh: status, en: statusEn } }];
    }
    if (row.p.heldReason) return ["HPC_JOB_POOL_HELD", { reason: HELD_WORDS[row.p.heldReason] }];
    return null;
  }

  /** A job of the pool (its Slurm account) by id, or 404: another pool's job is not found. */
  async function mustFindJob(row: PoolWithResource, jobId: string): Promise<JobRecord> {
    // A second past now: a job that started this very second is in the window too.
    const to = new Date(clock.now().getTime() + 1000);
    const jobs = await onCluster(() =>
      deps.clusterOf(row.c).jobs({ accounts: [row.p.account], from: row.p.createdAt, to }),
    );
    const job = jobs.find((j) => j.jobId === jobId && j.account === row.p.account);
    if (!job) throw new DomainError("NOT_FOUND");
    return job;
  }

  /** The caller's cluster user in the pool (null when not a member) and whether they manage it. */
  async function callerIn(ctx: RequestContext, row: PoolWithResource) {
    const member = await findMember(db, row.p.resourceId, ctx.actor.userId);
    return { clusterUser: member?.clusterUser ?? null, manager: ctx.actor.permissions.has(MANAGE_CODE) };
  }

  const mayHandle = (caller: { clusterUser: string | null; manager: boolean }, job: JobRecord) =>
    caller.manager || (caller.clusterUser !== null && job.user === caller.clusterUser);

  function checkScript(script: string): void {
    if (script.trim() === "") throw new DomainError("HPC_JOB_SCRIPT_EMPTY");
    if (Buffer.byteLength(script, "utf8") > HPC_SCRIPT_MAX_BYTES)
      throw new DomainError("HPC_JOB_SCRIPT_TOO_LARGE", { max: HPC_SCRIPT_MAX_BYTES / 1024 });
    if (!script.startsWith("#!")) throw new DomainError("HPC_JOB_SCRIPT_SHEBANG");
  }

  async function checkLimits(row: PoolWithResource, body: JobSubmitBody): Promise<void> {
    const over = (what: keyof typeof WHAT, asked: number, max: number, source: keyof typeof SOURCE) =>
      new DomainError("HPC_JOB_OVER_LIMIT", { what: WHAT[what], asked, max, source: SOURCE[source] });
    if (body.gpus > 0 && noGpus(row)) throw new DomainError("HPC_JOB_NO_GPUS");
    const { limits } = row.p;
    const quota = await quotaOf(row);
    if (limits.cpus !== null && body.cpus > limits.cpus) throw over("cpus", body.cpus, limits.cpus, "pool");
    if (body.cpus > quota.cpus) throw over("cpus", body.cpus, quota.cpus, "quota");
    if (limits.gpus !== null && body.gpus > limits.gpus) throw over("gpus", body.gpus, limits.gpus, "pool");
    if (body.gpus > quota.gpus) throw over("gpus", body.gpus, quota.gpus, "quota");
    if (body.timeLimitMinutes > HPC_MAX_TIME_MINUTES)
      throw over("minutes", body.timeLimitMinutes, HPC_MAX_TIME_MINUTES, "job");
    if (limits.cpuMinutes !== null && body.cpus * body.timeLimitMinutes > limits.cpuMinutes)
      throw over("coreMinutes", body.cpus * body.timeLimitMinutes, limits.cpuMinutes, "budget");
  }

  return {
    async pool(ctx: RequestContext, id: string): Promise<HpcConsolePool> {
      const row = await mustSeePool(db, ctx, id);
      const caller = await callerIn(ctx, row);
      const quota = await quotaOf(row);
      // The partition's size when the cluster answers (it refuses a job larger than it anyway).
      const health = await deps.clusterOf(row.c).health();
      const partition = health.partitions.find((p) => p.name === row.p.partition);
      const blocked = blocker(row, caller.clusterUser !== null);
      const count = (await memberCounts(db, [id])).get(id) ?? 0;
      return {
        pool: toPool(row, count, ctx.locale),
        clusterUser: caller.clusterUser,
        manager: caller.manager,
        maxCpus: min(row.p.limits.cpus, quota.cpus, partition?.cpus ?? null),
        maxGpus: noGpus(row) ? 0 : min(row.p.limits.gpus, quota.gpus, partition?.gpus ?? null),
        maxTimeMinutes: HPC_MAX_TIME_MINUTES,
        maxScriptBytes: HPC_SCRIPT_MAX_BYTES,
        blocked: blocked ? errorText(blocked[0], ctx.locale, blocked[1]) : null,
      };
    },

    async list(ctx: RequestContext, id: string, q: JobQuery) {
      const row = await mustSeePool(db, ctx, id);
      const caller = await callerIn(ctx, row);
      const now = clock.now();
      const from = q.view === "queue" ? now : new Date(now.getTime() - FINISHED_DAYS * 86_400_000);
      const to = new Date(now.getTime() + 1000);
      const records = await onCluster(() =>
        deps.clusterOf(row.c).jobs({ accounts: [row.p.account], from, to }),
      );
      const keyword = q.jobKeyword?.toLowerCase() ?? "";
      const matching = records.filter(
        (j) =>
          j.account === row.p.account &&
          (q.view === "queue" ? isLive(j.state) : !isLive(j.state)) &&
          (keyword === "" ||
            j.jobId.includes(keyword) ||
            j.name.toLowerCase().includes(keyword) ||
            j.user.toLowerCase().includes(keyword)),
      );
      const at = (d: Date | null) => d?.getTime() ?? 0;
      matching.sort((a, b) =>
        q.view === "queue"
          ? at(b.submittedAt) - at(a.submittedAt) || Number(b.jobId) - Number(a.jobId)
          : at(b.endedAt) - at(a.endedAt) || Number(b.jobId) - Number(a.jobId),
      );
      const slice = matching.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize);
      const members = await listMembers(db, [id]);
      const nameOf = new Map(members.map((m) => [m.m.clusterUser, m.account]));
      const charges = await chargedOfJobs(
        db,
        id,
        slice.map((j) => j.jobId),
      );
      const ratedUntil = await ratedUntilOf(db, id);
      const list: HpcConsoleJob[] = slice.map((job) => {
        const charge = chargedView(charges.get(job.jobId), ratedUntil, job);
        return {
          ...jobOf(job, nameOf.get(job.user) ?? null, now),
          reason: job.state === "pending" ? (job.reason ?? null) : null,
          charged: charge ? formatYuan(charge.amount) : null,
          cancellable: isLive(job.state) && mayHandle(caller, job),
          outputReadable: mayHandle(caller, job),
        };
      });
      return { list, total: matching.length, pageNum: q.pageNum, pageSize: q.pageSize };
    },

    async submit(ctx: RequestContext, id: string, body: JobSubmitBody): Promise<{ jobId: string }> {
      const row = await mustSeePool(db, ctx, id);
      const member = await findMember(db, id, ctx.actor.userId);
      const blocked = blocker(row, member !== undefined);
      if (blocked) throw new DomainError(blocked[0], blocked[1]);
      if (body.partition !== row.p.partition)
        throw new DomainError("HPC_JOB_PARTITION", { partition: row.p.partition });
      checkScript(body.script);
      await checkLimits(row, body);
      const cluster = deps.clusterOf(row.c);
      const { jobId } = await onCluster(() =>
        cluster.submitJob({
          account: row.p.account,
          user: member!.clusterUser,
          partition: row.p.partition,
          name: body.name,
          script: body.script,
          cpus: body.cpus,
          gpus: body.gpus,
          timeLimitMinutes: body.timeLimitMinutes,
          // A dedicated pool's jobs run on its reserved nodes, not on the shared ones.
          reservation: row.p.reservation ?? undefined,
        }),
      );
      try {
        await db.transaction((tx) =>
          audit.record(tx, {
            action: "hpc.jobSubmitted",
            ...ctx.auditBy,
            target: row.r.name,
            detail: {
              jobId,
              jobName: body.name,
              slurmAccount: row.p.account,
              clusterUser: member!.clusterUser,
              partition: row.p.partition,
              cpus: body.cpus,
              gpus: body.gpus,
              timeLimitMinutes: body.timeLimitMinutes,
            },
          }),
        );
      } catch (err) {
        // A job nobody can account for must not run.
        await cluster.cancelJob(jobId).catch(() => undefined);
        throw err;
      }
      return { jobId };
    },

    async cancel(ctx: RequestContext, id: string, jobId: string): Promise<{ ok: true }> {
      const row = await mustSeePool(db, ctx, id);
      const caller = await callerIn(ctx, row);
      const job = await mustFindJob(row, jobId);
      if (!mayHandle(caller, job)) throw new DomainError("HPC_JOB_NOT_YOURS");
      if (!isLive(job.state)) throw new DomainError("HPC_JOB_ENDED", { state: STATE_WORDS[job.state] });
      await onCluster(() => deps.clusterOf(row.c).cancelJob(jobId));
      await db.transaction((tx) =>
        audit.record(tx, {
          action: "hpc.jobCancelled",
          ...ctx.auditBy,
          target: row.r.name,
          detail: { jobId, jobName: job.name, slurmAccount: row.p.account, clusterUser: job.user },
        }),
      );
      return { ok: true };
    },

    async output(ctx: RequestContext, id: string, jobId: string): Promise<HpcJobOutput> {
      const row = await mustSeePool(db, ctx, id);
      const caller = await callerIn(ctx, row);
      const job = await mustFindJob(row, jobId);
      if (!mayHandle(caller, job)) throw new DomainError("HPC_JOB_NOT_YOURS");
      // On Slurm the output is a file on the cluster: read over SFTP as the job's cluster user.
      const out = await onCluster(() =>
        readJobOutput({
          cluster: deps.clusterOf(row.c),
          row: row.c,
          secrets: deps.secrets,
          user: job.user,
          jobId,
          locale: ctx.locale,
        }),
      );
      return { jobId, state: job.state, ...out };
    },
  };
}
