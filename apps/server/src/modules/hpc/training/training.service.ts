// Training jobs of the AI development platform (`/mgt/modelarts`, CB19). A member of an AI pool
// submits a definition — the form's fields, or YAML with the same fields — which is checked
// (an empty YAML is spec §8's "the YAML configuration is empty"; malformed YAML, a bad field or a
// request over the pool's limits is refused in both languages before anything reaches the
// cluster), made into an sbatch script (training-script.ts) and submitted as the member's cluster
// user. Skyledger keeps a record of it with an audit row in one transaction; a record that cannot
// be written cancels the job. State, log and GPU-hours are asked of the cluster, the cost is what
// the pool's hourly rating charged (the sum of the job's hpc_charge_lines). Jobs of pools the caller does not see, and
// another tenant's above all, are not found (404). Submitting needs the organisation's AI
// development platform (platform/platform.service.ts, 27210); reading and stopping jobs do not.
import { formatYuan } from "@skyledger/billing";
import {
  AI_POOL_TYPES,
  type ErrorParam,
  RESOURCE_STATUS_NAMES,
  type TrainingDefinition,
  type TrainingJob,
  type TrainingJobDetail,
  type TrainingPool,
  type TrainingSubmit,
  trainingDefinition,
  type trainingQuery,
  VALIDATION_MESSAGES,
} from "@skyledger/contracts";
import { parseDocument } from "yaml";
import type { z } from "zod";
import type { Audit } from "../../../platform/audit/audit";
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import { pageOf } from "../../../platform/db/paging";
import { DomainError } from "../../../platform/http/errors";
import { newId } from "../../../platform/ids";
import type { RequestContext } from "../../../platform/request-context";
import type { Secrets } from "../../../platform/secrets";
import { HpcClusterError, type JobRecord } from "../../../providers/hpc/hpc-cluster";
import { inScope } from "../../iam/data-scope";
import { chargedOfJobs, chargedView, ratedUntilOf } from "../accounting/hpc-accounting.repo";
import type { ClusterFactory } from "../cluster-access";
import { findMember, findPool, listPools, type PoolWithResource } from "../hpc.repo";
import { readJobOutput } from "../login-host";
import type { PlatformService } from "../platform/platform.service";
import {
  accountsOf,
  countTrainingJobs,
  findTrainingJob,
  insertTrainingJob,
  listTrainingJobs,
  markStopped,
  type TrainingRow,
} from "./training.repo";
import { COMMAND_END, trainingScript } from "./training-script";

type Query = z.output<typeof trainingQuery>;

const AI = new Set<string>(AI_POOL_TYPES);
/** A pool takes jobs while its subscription is live. */
const LIVE = new Set(["available", "running", "using"]);
const ENDED = new Set(["completed", "failed", "cancelled", "timeout"]);

/** The fields of a definition as the messages name them (the YAML key in brackets). */
const FIELD_NAMES: Record<string, { zh: string; en: string }> = {
  name: { zh: "作业名称（name）", en: "name" },
  image: { zh: "镜像（image）", en: "image" },
  environment: { zh: "环境模块（environment）", en: "environment" },
  command: { zh: "启动命令（command）", en: "command" },
  gpus: { zh: "GPU数量（gpus）", en: "GPUs (gpus)" },
  cpus: { zh: "CPU核数（cpus）", en: "CPUs (cpus)" },
  memoryGb: { zh: "内存（memoryGb）", en: "memory (memoryGb)" },
  timeLimitMinutes: { zh: "运行时长上限（timeLimitMinutes）", en: "time limit (timeLimitMinutes)" },
  dataPath: { zh: "数据路径（dataPath）", en: "data path (dataPath)" },
};
const KNOWN_FIELDS = Object.keys(FIELD_NAMES).join(", ");
const HOLD_NAMES: Record<string, { zh: string; en: string }> = {
  arrears: { zh: "欠费", en: "arrears" },
  packageExhausted: { zh: "资源包已用完", en: "the resource package is used up" },
  frozen: { zh: "已冻结", en: "frozen" },
};

const hours = (seconds: number): string => (seconds / 3600).toFixed(4);
const elapsedOf = (job: JobRecord | undefined, now: Date): number =>
  job?.startedAt
    ? Math.max(0, Math.floor(((job.endedAt ?? now).getTime() - job.startedAt.getTime()) / 1000))
    : 0;

/** The definition's fields checked, or the first problem as TRAINING_FIELD_INVALID. */
function checked(raw: unknown): TrainingDefinition {
  const parsed = trainingDefinition.safeParse(raw);
  if (parsed.success) {
    if (parsed.data.command.split("\n").some((line) => line.trim() === COMMAND_END))
      throw new DomainError("TRAINING_FIELD_INVALID", {
        field: FIELD_NAMES.command!,
        rule: {
          zh: `命令中不能有单独一行 ${COMMAND_END}`,
          en: `no line of the command may be ${COMMAND_END}`,
        },
      });
    return parsed.data;
  }
  const issue = parsed.error.issues[0]!;
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0] ?? "";
    throw new DomainError("TRAINING_FIELD_INVALID", {
      field: key,
      rule: {
        zh: `不是可识别的字段（可用字段：${KNOWN_FIELDS}）`,
        en: `not a known field (known: ${KNOWN_FIELDS})`,
      },
    });
  }
  const key = String(issue.path[0] ?? "");
  const field: ErrorParam = FIELD_NAMES[key] ?? key;
  const rule = VALIDATION_MESSAGES[issue.message] ?? { zh: "值无效", en: "the value is not valid" };
  throw new DomainError("TRAINING_FIELD_INVALID", { field, rule });
}

/** A YAML definition as the form's fields: empty, malformed or not a mapping is refused. */
export function definitionFromYaml(text: string): TrainingDefinition {
  if (text.trim() === "") throw new DomainError("YAML_CONFIG_EMPTY");
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    throw new DomainError("TRAINING_YAML_MALFORMED", {
      line: error.linePos?.[0]?.line ?? 1,
      reason: error.message.split("\n")[0]!,
    });
  }
  const value: unknown = doc.toJS();
  // A document of comments only is as empty as no text.
  if (value === null || value === undefined) throw new DomainError("YAML_CONFIG_EMPTY");
  if (typeof value !== "object" || Array.isArray(value)) throw new DomainError("TRAINING_YAML_NOT_MAPPING");
  return checked(value);
}

export type TrainingService = ReturnType<typeof createTrainingService>;

export function createTrainingService(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  clusterOf: ClusterFactory;
  secrets: Secrets;
  /** Training needs the organisation's AI development platform (issue 14 item 1). */
  platform: Pick<PlatformService, "assertEnabled">;
}) {
  const { db, clock, audit } = deps;

  /** The caller's AI pool, or 404 (another tenant's, outside the data scope, not AI, gone). */
  async function mustSeePool(ctx: RequestContext, id: string): Promise<PoolWithResource> {
    const orgId = ctx.ownTenant();
    const row = await findPool(db, id);
    if (!row || row.r.orgId !== orgId || row.r.status === "deleted") throw new DomainError("NOT_FOUND");
    const seen =
      inScope(await ctx.dataScope(), row.r.orgId, row.r.projectId) ||
      (await findMember(db, id, ctx.actor.userId)) !== undefined;
    if (!seen) throw new DomainError("NOT_FOUND");
    return row;
  }

  async function mustSeeJob(ctx: RequestContext, id: string) {
    const job = await findTrainingJob(db, id);
    if (!job || job.orgId !== ctx.ownTenant()) throw new DomainError("NOT_FOUND");
    return { job, pool: await mustSeePool(ctx, job.poolId) };
  }

  /** The cluster's records of these jobs (by pool), or the cluster's error. */
  async function recordsOf(rows: { job: TrainingRow; pool: PoolWithResource }[], now: Date) {
    const found = new Map<string, JobRecord>();
    const errors = new Map<string, string>();
    const byPool = new Map<string, { pool: PoolWithResource; from: Date }>();
    for (const { job, pool } of rows) {
      const seen = byPool.get(pool.p.resourceId);
      if (!seen || job.submittedAt < seen.from)
        byPool.set(pool.p.resourceId, { pool, from: job.submittedAt });
    }
    for (const { pool, from } of byPool.values()) {
      try {
        const records = await deps
          .clusterOf(pool.c)
          .jobs({ accounts: [pool.p.account], from: new Date(from.getTime() - 1000), to: now });
        for (const r of records) found.set(`${pool.p.resourceId}|${r.jobId}`, r);
      } catch (err) {
        if (!(err instanceof HpcClusterError)) throw err;
        errors.set(pool.p.resourceId, err.message);
      }
    }
    return { found, errors };
  }

  async function toJobs(rows: { job: TrainingRow; pool: PoolWithResource }[]) {
    const now = clock.now();
    const { found, errors } = await recordsOf(rows, now);
    const names = await accountsOf(
      db,
      rows.flatMap(({ job }) => [job.submittedBy, ...(job.stoppedBy ? [job.stoppedBy] : [])]),
    );
    const charges = new Map<string, Awaited<ReturnType<typeof chargedOfJobs>>>();
    const ratedUntil = new Map<string, Date | null>();
    for (const { pool } of rows) {
      const poolId = pool.p.resourceId;
      if (charges.has(poolId)) continue;
      const ids = rows.filter((r) => r.job.poolId === poolId).map((r) => r.job.clusterJobId);
      charges.set(poolId, await chargedOfJobs(db, poolId, ids));
      ratedUntil.set(poolId, await ratedUntilOf(db, poolId));
    }
    return rows.map(({ job, pool }): TrainingJob & { clusterError: string | null } => {
      const record = found.get(`${job.poolId}|${job.clusterJobId}`);
      const elapsed = elapsedOf(record, now);
      const charge = chargedView(
        charges.get(job.poolId)?.get(job.clusterJobId),
        ratedUntil.get(job.poolId) ?? null,
        record,
      );
      const d = job.definition;
      return {
        id: job.id,
        name: job.name,
        poolId: job.poolId,
        poolName: pool.r.name,
        clusterName: pool.c.name,
        simulated: pool.c.backend === "simulator",
        partition: pool.p.partition,
        source: job.source,
        definition: {
          name: d.name,
          image: d.image,
          environment: d.environment,
          command: d.command,
          gpus: d.gpus,
          cpus: d.cpus,
          memoryGb: d.memoryGb,
          timeLimitMinutes: d.timeLimitMinutes,
          dataPath: d.dataPath,
        },
        clusterJobId: job.clusterJobId,
        clusterUser: job.clusterUser,
        submittedByName: names.get(job.submittedBy) ?? null,
        submittedAt: job.submittedAt.toISOString(),
        state: record?.state ?? null,
        startedAt: record?.startedAt?.toISOString() ?? null,
        endedAt: record?.endedAt?.toISOString() ?? null,
        elapsedSeconds: elapsed,
        coreHours: hours((record?.cpus ?? 0) * elapsed),
        gpuHours: hours((record?.gpus ?? 0) * elapsed),
        charged: formatYuan(charge?.amount ?? 0n),
        chargedUpTo: charge?.chargedUpTo.toISOString() ?? null,
        stoppedAt: job.stoppedAt?.toISOString() ?? null,
        stoppedByName: job.stoppedBy ? (names.get(job.stoppedBy) ?? null) : null,
        clusterError: errors.get(job.poolId) ?? null,
      };
    });
  }

  async function detail(
    ctx: RequestContext,
    job: TrainingRow,
    pool: PoolWithResource,
  ): Promise<TrainingJobDetail> {
    const [row] = await toJobs([{ job, pool }]);
    let log: TrainingJobDetail["log"] = {
      available: false,
      text: null,
      path: null,
      truncated: false,
      unreadable: null,
    };
    let clusterError = row!.clusterError;
    try {
      // On Slurm the log is a file on the cluster: read over SFTP as the job's cluster user.
      log = await readJobOutput({
        cluster: deps.clusterOf(pool.c),
        row: pool.c,
        secrets: deps.secrets,
        user: job.clusterUser,
        jobId: job.clusterJobId,
        locale: ctx.locale,
      });
    } catch (err) {
      if (!(err instanceof HpcClusterError)) throw err;
      clusterError ??= err.message;
    }
    return { ...row!, script: job.script, yaml: job.yaml, log, clusterError };
  }

  return {
    /** The organisation's live AI pools the caller sees, with the caller's cluster user in each. */
    async pools(ctx: RequestContext): Promise<TrainingPool[]> {
      const orgId = ctx.ownTenant();
      const scope = await ctx.dataScope();
      const rows = (await listPools(db, scope, { orgId, userId: ctx.actor.userId }, 200, 0)).filter(
        (row) => AI.has(row.p.poolType) && LIVE.has(row.r.status),
      );
      return Promise.all(
        rows.map(async (row) => ({
          id: row.r.id,
          name: row.r.name,
          poolType: row.p.poolType,
          clusterName: row.c.name,
          simulated: row.c.backend === "simulator",
          partition: row.p.partition,
          cpus: row.p.limits.cpus,
          gpus: row.p.limits.gpus,
          heldReason: row.p.heldReason,
          clusterUser: (await findMember(db, row.r.id, ctx.actor.userId))?.clusterUser ?? null,
        })),
      );
    },

    async list(ctx: RequestContext, q: Query) {
      const orgId = ctx.ownTenant();
      const scope = await ctx.dataScope();
      const filter = { orgId, userId: ctx.actor.userId, keyword: q.keyword, poolId: q.poolId };
      const page = await pageOf(
        q,
        (limit, offset) => listTrainingJobs(db, scope, filter, limit, offset),
        countTrainingJobs(db, scope, filter).then((n) => [{ n }]),
        (row) => row.j,
      );
      const rows: { job: TrainingRow; pool: PoolWithResource }[] = [];
      for (const job of page.list) {
        const pool = await findPool(db, job.poolId);
        if (pool) rows.push({ job, pool });
      }
      return { ...page, list: (await toJobs(rows)).map(({ clusterError: _, ...job }) => job) };
    },

    async get(ctx: RequestContext, id: string): Promise<TrainingJobDetail> {
      const { job, pool } = await mustSeeJob(ctx, id);
      return detail(ctx, job, pool);
    },

    async submit(ctx: RequestContext, body: TrainingSubmit): Promise<TrainingJobDetail> {
      const pool = await mustSeePool(ctx, body.poolId);
      await deps.platform.assertEnabled(pool.r.orgId);
      if (!AI.has(pool.p.poolType)) throw new DomainError("TRAINING_POOL_NOT_AI");
      if (!LIVE.has(pool.r.status)) {
        const names = RESOURCE_STATUS_NAMES[pool.r.status];
        throw new DomainError("HPC_POOL_NOT_ACTIVE", { status: { zh: names.zh, en: names.en } });
      }
      const definition =
        body.source === "yaml" ? definitionFromYaml(body.yaml ?? "") : checked(body.definition ?? {});
      if (pool.p.heldReason)
        throw new DomainError("TRAINING_POOL_HELD", {
          reason: HOLD_NAMES[pool.p.heldReason] ?? pool.p.heldReason,
        });
      const member = await findMember(db, pool.p.resourceId, ctx.actor.userId);
      if (!member) throw new DomainError("TRAINING_NOT_MEMBER");
      const { limits } = pool.p;
      if (limits.cpus !== null && definition.cpus > limits.cpus)
        throw new DomainError("TRAINING_OVER_LIMIT", {
          resource: { zh: "CPU核数", en: "CPUs" },
          asked: definition.cpus,
          limit: limits.cpus,
        });
      if (limits.gpus !== null && definition.gpus > limits.gpus)
        throw new DomainError("TRAINING_OVER_LIMIT", {
          resource: { zh: "GPU数量", en: "GPUs" },
          asked: definition.gpus,
          limit: limits.gpus,
        });
      const script = trainingScript(definition, {
        account: pool.p.account,
        partition: pool.p.partition,
        simulated: pool.c.backend === "simulator",
      });
      const cluster = deps.clusterOf(pool.c);
      let clusterJobId: string;
      try {
        ({ jobId: clusterJobId } = await cluster.submitJob({
          account: pool.p.account,
          user: member.clusterUser,
          partition: pool.p.partition,
          name: definition.name,
          script,
          cpus: definition.cpus,
          gpus: definition.gpus,
          memoryMb: definition.memoryGb * 1024,
          timeLimitMinutes: definition.timeLimitMinutes,
          // A dedicated pool's jobs run on its reserved nodes, not on the shared ones.
          reservation: pool.p.reservation ?? undefined,
        }));
      } catch (err) {
        if (err instanceof HpcClusterError)
          throw new DomainError("HPC_CLUSTER_FAILED", { reason: err.message });
        throw err;
      }
      const row: TrainingRow = {
        id: newId(),
        orgId: pool.r.orgId,
        poolId: pool.p.resourceId,
        name: definition.name,
        source: body.source,
        definition,
        yaml: body.source === "yaml" ? (body.yaml ?? null) : null,
        script,
        clusterJobId,
        clusterUser: member.clusterUser,
        submittedBy: ctx.actor.userId,
        submittedAt: clock.now(),
        stoppedBy: null,
        stoppedAt: null,
      };
      try {
        await db.transaction(async (tx) => {
          await insertTrainingJob(tx, row);
          await audit.record(tx, {
            action: "hpc.trainingSubmitted",
            ...ctx.auditBy,
            target: definition.name,
            detail: {
              hpcPool: pool.r.name,
              slurmAccount: pool.p.account,
              clusterJobId,
              clusterUser: member.clusterUser,
              cpus: definition.cpus,
              gpus: definition.gpus,
            },
          });
        });
      } catch (err) {
        // A job Skyledger keeps no record of must not run (nor be charged unseen).
        await cluster.cancelJob(clusterJobId).catch(() => undefined);
        throw err;
      }
      return detail(ctx, row, pool);
    },

    async stop(ctx: RequestContext, id: string): Promise<TrainingJobDetail> {
      const { job, pool } = await mustSeeJob(ctx, id);
      const [seen] = await toJobs([{ job, pool }]);
      if (job.stoppedAt || (seen?.state && ENDED.has(seen.state)))
        throw new DomainError("TRAINING_JOB_ENDED");
      try {
        await deps.clusterOf(pool.c).cancelJob(job.clusterJobId);
      } catch (err) {
        if (err instanceof HpcClusterError)
          throw new DomainError("HPC_CLUSTER_FAILED", { reason: err.message });
        throw err;
      }
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await markStopped(tx, job.id, ctx.actor.userId, now)))
          throw new DomainError("TRAINING_JOB_ENDED");
        await audit.record(tx, {
          action: "hpc.trainingStopped",
          ...ctx.auditBy,
          target: job.name,
          detail: { hpcPool: pool.r.name, slurmAccount: pool.p.account, clusterJobId: job.clusterJobId },
        });
      });
      return detail(ctx, (await findTrainingJob(db, job.id))!, pool);
    },
  };
}
