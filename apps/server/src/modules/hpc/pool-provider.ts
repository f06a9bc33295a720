// The provider SPI (providers/provider.ts) for kind hpcPool: what provisioning, the lifecycle and
// unsubscribe ask of a pool, done on its cluster. create = the Slurm account under the cluster's
// parent with the product's limits capped by the tenant's quota, the hpc_pools row, and the
// ordering user as first member, and for a dedicated pool the reservation of its nodes for that
// account; get = available (stopped while frozen); stop/start = hold/lift; delete = the account
// removed; inUse = pending or running jobs of the account (spec §8: they block an unsubscribe; a
// dedicated pool says so in its own words). Refs are `hpc:<resource id>` so the wiring routes them
// here.
import {
  DEFAULT_QUOTA_LIMITS,
  type ErrorKey,
  errorText,
  type HpcLimits,
  type HpcPoolType,
  type QuotaMetric,
} from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { type HpcCluster, HpcClusterError } from "../../providers/hpc/hpc-cluster";
import { type Provider, ProviderError, type ProviderInstance } from "../../providers/provider";
import type { ResourceSpec } from "../orders/provisioning/service-domain";
import { findLimits } from "../quotas/quotas.repo";
import { accountNameOf, type ClusterFactory, clusterUserOf } from "./cluster-access";
import {
  findCluster,
  findPool,
  findUser,
  insertMember,
  insertPool,
  type PoolWithResource,
  resourceToProvision,
  setCloudEnv,
} from "./hpc.repo";
import type { PoolHolds } from "./pool-holds";

export const POOL_REF_PREFIX = "hpc:";
const refOf = (resourceId: string) => `${POOL_REF_PREFIX}${resourceId}`;
const idOf = (ref: string) => ref.slice(POOL_REF_PREFIX.length);

const DEDICATED_POOL_TYPES = new Set<HpcPoolType>(["hpcDedicated", "aiDedicated"]);

const instanceOf = (pool: PoolWithResource["p"]): ProviderInstance => ({
  ref: refOf(pool.resourceId),
  kind: "hpcPool",
  state: pool.heldReason === "frozen" ? "stopped" : "available",
  error: null,
});

/** The cluster's refusal as the provider SPI reports one (kept in the order's error log). */
async function onCluster<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HpcClusterError) throw new ProviderError(err.message);
    throw err;
  }
}

/** A refusal the order's error log shows in both languages, as provisioning writes quota refusals. */
const refusal = (key: ErrorKey) =>
  new ProviderError(`${errorText(key, "zh-CN")} / ${errorText(key, "en-US")}`);

const capped = (wanted: number | null, cap: number): number =>
  wanted === null ? cap : Math.min(wanted, cap);

export function createPoolProvider(deps: {
  db: Db;
  clock: Clock;
  clusterOf: ClusterFactory;
  holds: PoolHolds;
}): Provider {
  const { db, clock } = deps;

  /** The product's limits, cores and GPUs capped by the organisation's vcpu and gpu quota. */
  async function limitsFor(orgId: string, wanted: HpcLimits): Promise<HpcLimits> {
    const rows = await findLimits(db, orgId, null);
    const quota = (metric: QuotaMetric) =>
      rows.find((r) => r.metric === metric)?.limit ?? DEFAULT_QUOTA_LIMITS[metric];
    return { ...wanted, cpus: capped(wanted.cpus, quota("vcpu")), gpus: capped(wanted.gpus, quota("gpu")) };
  }

  async function mustFindPool(ref: string): Promise<PoolWithResource> {
    const pool = await findPool(db, idOf(ref));
    if (!pool) throw new ProviderError(`no HPC pool ${ref}`);
    return pool;
  }

  return {
    name: "slurm",

    async create({ clientToken: resourceId, kind, spec }) {
      if (kind !== "hpcPool") throw new ProviderError(`the HPC pool provider does not make ${kind}`);
      const existing = await findPool(db, resourceId);
      if (existing) return instanceOf(existing.p);
      const hpc = (spec as ResourceSpec).hpc;
      const found = await resourceToProvision(db, resourceId);
      if (!hpc || !found) throw new ProviderError(`no HPC pool specification for ${resourceId}`);
      const clusterRow = await findCluster(db, hpc.clusterId);
      if (!clusterRow) throw refusal("HPC_CLUSTER_UNKNOWN");
      if (clusterRow.disabledAt) throw refusal("HPC_CLUSTER_DISABLED");
      const { r } = found;
      const first = found.submittedBy ? await findUser(db, found.submittedBy) : undefined;
      const account = accountNameOf(r.orgId, resourceId);
      // A dedicated pool's nodes are its own: the product's limits, not the shared quota's cap.
      const dedicated = hpc.nodes !== undefined;
      const limits = dedicated ? hpc.limits : await limitsFor(r.orgId, hpc.limits);
      // The reservation is named as the account it is for: one per pool, found again on a retry.
      const reservation = dedicated ? account : null;
      const cluster = deps.clusterOf(clusterRow);
      const now = clock.now();
      try {
        await onCluster(async () => {
          await cluster.ensureAccount({ account, description: `${r.name} (${r.orgId})`, limits });
          if (first) await cluster.ensureUser(account, clusterUserOf(r.orgId, first.account));
          if (reservation)
            await cluster.createReservation({
              name: reservation,
              account,
              partition: hpc.partition,
              nodes: hpc.nodes!,
              start: now,
              end: null,
            });
        });
        await db.transaction(async (tx) => {
          await insertPool(tx, {
            resourceId,
            clusterId: clusterRow.id,
            account,
            partition: hpc.partition,
            poolType: hpc.poolType,
            limits,
            heldReason: null,
            reservation,
            nodes: hpc.nodes ?? null,
            createdAt: now,
            updatedAt: now,
          });
          await setCloudEnv(tx, resourceId, clusterRow.backend);
          if (first)
            await insertMember(tx, {
              poolId: resourceId,
              userId: first.id,
              clusterUser: clusterUserOf(r.orgId, first.account),
              addedAt: now,
            });
        });
      } catch (err) {
        // Compensation: the reservation and account made for this order must not outlive the failure.
        if (reservation) await cluster.removeReservation(reservation).catch(() => undefined);
        await cluster.removeAccount(account).catch(() => undefined);
        throw err;
      }
      return instanceOf((await findPool(db, resourceId))!.p);
    },

    async get(ref) {
      const pool = await findPool(db, idOf(ref));
      return pool ? instanceOf(pool.p) : null;
    },

    async act(ref, action) {
      const pool = await mustFindPool(ref);
      if (action.op === "stop") await onCluster(() => deps.holds.hold(pool.p.resourceId, "frozen"));
      else if (action.op === "start") await onCluster(() => deps.holds.lift(pool.p.resourceId));
      else throw new ProviderError(`an HPC pool cannot ${action.op}`);
      return instanceOf((await mustFindPool(ref)).p);
    },

    async resize() {
      throw new ProviderError("an HPC pool's limits are its product's and are not resized");
    },

    async delete(ref) {
      const pool = await findPool(db, idOf(ref));
      if (!pool) return;
      const cluster = deps.clusterOf(pool.c);
      await onCluster(async () => {
        // A dedicated pool's nodes go back to the partition (its jobs there are cancelled) first.
        if (pool.p.reservation) await cluster.removeReservation(pool.p.reservation);
        await cluster.removeAccount(pool.p.account);
      });
    },

    // A pool is not billed by the hour it exists: its jobs are rated by the core-hour and the
    // GPU-hour from the cluster's accounting, so the subscription's own running time is zero.
    async usage() {
      return { runningSeconds: 0 };
    },

    async metrics() {
      return [];
    },

    // A cluster that does not answer blocks nothing: the release cancels the account's jobs
    // before removing it, and a tenant must not keep paying for a pool because its cluster is down.
    async inUse(ref) {
      const pool = await findPool(db, idOf(ref));
      if (!pool) return null;
      const now = clock.now();
      let jobs: Awaited<ReturnType<HpcCluster["jobs"]>>;
      try {
        jobs = await deps.clusterOf(pool.c).jobs({ accounts: [pool.p.account], from: now, to: now });
      } catch (err) {
        if (err instanceof HpcClusterError) return null;
        throw err;
      }
      if (!jobs.some((j) => j.state === "pending" || j.state === "running")) return null;
      return DEDICATED_POOL_TYPES.has(pool.p.poolType) ? "dedicated" : "jobs";
    },
  };
}
