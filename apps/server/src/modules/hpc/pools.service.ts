// Tenants' pools (CB17 to read, CB1701 to manage members): the list of `/mgt/hpc`, the detail of
// `/mgt/hpc/{id}` with the jobs the cluster reports and this month's core-hours and GPU-hours, and
// members. A pool outside the caller's data scope, another tenant's above all, is not found (404).
import { fromLocal, toLocal } from "@skyledger/billing";
import {
  type HpcJob,
  type HpcPoolDetail,
  type memberAddBody,
  type poolQuery,
  RESOURCE_STATUS_NAMES,
} from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { HpcClusterError, type JobRecord } from "../../providers/hpc/hpc-cluster";
import { orgHoldersOf } from "../iam/iam.repo";
import { hpcPackageBalance } from "../packages/package-usage";
import { type ClusterFactory, clusterUserOf } from "./cluster-access";
import {
  countPools,
  deleteMember,
  findMember,
  findPool,
  findUser,
  insertMember,
  listMembers,
  listPools,
  memberCounts,
  type PoolWithResource,
  setPackagesOnly,
} from "./hpc.repo";
import { hours, jobOf, mustSeePool, secondsWithin, toPool } from "./pool-access";

type Query = z.output<typeof poolQuery>;
type AddBody = z.output<typeof memberAddBody>;

/** The code of the HPC use set: whoever holds it may be a member of the organisation's pools. */
const HPC_USE_CODE = "CB17";
/** A pool takes new members while its subscription is live. */
const MEMBERS_CHANGE_IN = new Set(["available", "running", "using"]);

export type PoolsService = ReturnType<typeof createPoolsService>;

export function createPoolsService(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  audit: Audit;
  clusterOf: ClusterFactory;
}) {
  const { db, clock, audit } = deps;

  const mustSee = (ctx: RequestContext, id: string) => mustSeePool(db, ctx, id);

  async function detail(ctx: RequestContext, row: PoolWithResource): Promise<HpcPoolDetail> {
    const members = await listMembers(db, [row.p.resourceId]);
    const now = clock.now();
    const local = toLocal(now, deps.timeZone);
    const from = fromLocal(
      { year: local.year, month: local.month, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 },
      deps.timeZone,
    );
    let records: JobRecord[] = [];
    let clusterError: string | null = null;
    try {
      records = await deps.clusterOf(row.c).jobs({ accounts: [row.p.account], from, to: now });
    } catch (err) {
      if (!(err instanceof HpcClusterError)) throw err;
      clusterError = err.message;
    }
    const nameOf = new Map(members.map((m) => [m.m.clusterUser, m.account]));
    let coreSeconds = 0;
    let gpuSeconds = 0;
    const jobs: HpcJob[] = records.map((job) => {
      const inMonth = secondsWithin(job, from, now);
      coreSeconds += job.cpus * inMonth;
      gpuSeconds += job.gpus * inMonth;
      return jobOf(job, nameOf.get(job.user) ?? null, now);
    });
    jobs.sort((a, b) => b.submittedAt.localeCompare(a.submittedAt) || b.jobId.localeCompare(a.jobId));
    return {
      ...toPool(row, members.length, ctx.locale),
      members: members.map((m) => ({
        userId: m.m.userId,
        userName: m.account,
        clusterUser: m.m.clusterUser,
        addedAt: m.m.addedAt.toISOString(),
      })),
      jobs,
      usage: {
        from: from.toISOString(),
        to: now.toISOString(),
        coreHours: hours(coreSeconds),
        gpuHours: hours(gpuSeconds),
      },
      clusterError,
      packagesOnly: row.p.packagesOnly,
      packages: await hpcPackageBalance(db, {
        orgId: row.r.orgId,
        productCode: row.r.productCode,
        at: now,
        locale: ctx.locale,
      }),
    };
  }

  function assertTakesMembers(row: PoolWithResource): void {
    if (!MEMBERS_CHANGE_IN.has(row.r.status)) {
      const names = RESOURCE_STATUS_NAMES[row.r.status];
      throw new DomainError("HPC_POOL_NOT_ACTIVE", { status: { zh: names.zh, en: names.en } });
    }
  }

  return {
    async list(ctx: RequestContext, q: Query) {
      const orgId = ctx.ownTenant();
      const scope = await ctx.dataScope();
      const filter = { poolType: q.poolType, keyword: q.keyword, userId: ctx.actor.userId, orgId };
      const page = await pageOf(
        q,
        (limit, offset) => listPools(db, scope, filter, limit, offset),
        countPools(db, scope, filter).then((n) => [{ n }]),
        (row) => row,
      );
      const counts = await memberCounts(
        db,
        page.list.map((row) => row.p.resourceId),
      );
      return {
        ...page,
        list: page.list.map((row) => toPool(row, counts.get(row.p.resourceId) ?? 0, ctx.locale)),
      };
    },

    async get(ctx: RequestContext, id: string): Promise<HpcPoolDetail> {
      return detail(ctx, await mustSee(ctx, id));
    },

    /** The organisation's users holding the HPC use set who are not members yet. */
    async candidates(ctx: RequestContext, id: string) {
      const row = await mustSee(ctx, id);
      const members = new Set((await listMembers(db, [id])).map((m) => m.m.userId));
      const holders = await orgHoldersOf(db, row.r.orgId, HPC_USE_CODE);
      return holders.filter((u) => !members.has(u.id)).map((u) => ({ userId: u.id, userName: u.account }));
    },

    async addMember(ctx: RequestContext, id: string, body: AddBody): Promise<HpcPoolDetail> {
      const row = await mustSee(ctx, id);
      assertTakesMembers(row);
      const user = await findUser(db, body.userId);
      const eligible = user?.orgId === row.r.orgId ? await orgHoldersOf(db, row.r.orgId, HPC_USE_CODE) : [];
      if (!user || !eligible.some((u) => u.id === user.id)) throw new DomainError("HPC_MEMBER_NOT_ELIGIBLE");
      if (await findMember(db, id, user.id)) throw new DomainError("HPC_MEMBER_EXISTS");
      const clusterUser = clusterUserOf(row.r.orgId, user.account);
      const cluster = deps.clusterOf(row.c);
      try {
        await cluster.ensureUser(row.p.account, clusterUser);
      } catch (err) {
        if (err instanceof HpcClusterError)
          throw new DomainError("HPC_CLUSTER_FAILED", { reason: err.message });
        throw err;
      }
      try {
        await db.transaction(async (tx) => {
          await insertMember(tx, { poolId: id, userId: user.id, clusterUser, addedAt: clock.now() });
          await audit.record(tx, {
            action: "hpc.memberAdded",
            ...ctx.auditBy,
            target: row.r.name,
            detail: { account: user.account, slurmAccount: row.p.account, clusterUser },
          });
        });
      } catch (err) {
        // The cluster must not keep a user the pool does not record.
        await cluster.removeUser(row.p.account, clusterUser).catch(() => undefined);
        throw err;
      }
      return detail(ctx, row);
    },

    /**
     * Runs a postpaid shared pool on its packages only, or not. Accounting's next pass holds the
     * pool (`packageExhausted`) when no package is left, or lifts that hold once it is off.
     */
    async setPackagesOnly(ctx: RequestContext, id: string, packagesOnly: boolean): Promise<HpcPoolDetail> {
      const row = await mustSee(ctx, id);
      assertTakesMembers(row);
      if (row.r.paymentType !== "postpaid") throw new DomainError("PARAM_INVALID");
      if (row.p.packagesOnly !== packagesOnly) {
        await db.transaction(async (tx) => {
          await setPackagesOnly(tx, id, packagesOnly, clock.now());
          await audit.record(tx, {
            action: "hpc.packagesOnlyChanged",
            ...ctx.auditBy,
            target: row.r.name,
            detail: { slurmAccount: row.p.account, packagesOnly },
          });
        });
      }
      const fresh = await findPool(db, id);
      return detail(ctx, fresh!);
    },

    async removeMember(ctx: RequestContext, id: string, userId: string): Promise<{ ok: true }> {
      const row = await mustSee(ctx, id);
      const member = await findMember(db, id, userId);
      if (!member) throw new DomainError("NOT_FOUND");
      const user = await findUser(db, userId);
      try {
        await deps.clusterOf(row.c).removeUser(row.p.account, member.clusterUser);
      } catch (err) {
        if (err instanceof HpcClusterError)
          throw new DomainError("HPC_CLUSTER_FAILED", { reason: err.message });
        throw err;
      }
      await db.transaction(async (tx) => {
        await deleteMember(tx, id, userId);
        await audit.record(tx, {
          action: "hpc.memberRemoved",
          ...ctx.auditBy,
          target: row.r.name,
          detail: {
            account: user?.account ?? userId,
            slurmAccount: row.p.account,
            clusterUser: member.clusterUser,
          },
        });
      });
      return { ok: true };
    },
  };
}
