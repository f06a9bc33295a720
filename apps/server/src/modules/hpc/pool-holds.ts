// Holding a pool on its cluster: new submissions refused (association MaxSubmitJobs=0) with the
// reason recorded, and lifting it back to the pool's own limits. A freeze also cancels the jobs
// still pending or running (a frozen pool runs nothing). Accounting's arrears hold (`arrears`,
// `packageExhausted`) uses the same two calls.
import type { HpcHoldReason } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ClusterFactory } from "./cluster-access";
import { findPool, type PoolWithResource, poolsOutOfStep, updatePool } from "./hpc.repo";

export type PoolHolds = ReturnType<typeof createPoolHolds>;

export function createPoolHolds(deps: { db: Db; clock: Clock; clusterOf: ClusterFactory }) {
  const { db, clock } = deps;

  async function hold(pool: PoolWithResource, reason: HpcHoldReason): Promise<void> {
    const cluster = deps.clusterOf(pool.c);
    await cluster.setLimits(pool.p.account, { ...pool.p.limits, maxSubmitJobs: 0 });
    if (reason === "frozen") {
      const now = clock.now();
      const jobs = await cluster.jobs({ accounts: [pool.p.account], from: now, to: now });
      for (const job of jobs)
        if (job.state === "pending" || job.state === "running") await cluster.cancelJob(job.jobId);
    }
    await updatePool(db, pool.p.resourceId, { heldReason: reason, updatedAt: clock.now() });
  }

  async function lift(pool: PoolWithResource): Promise<void> {
    await deps.clusterOf(pool.c).setLimits(pool.p.account, pool.p.limits);
    await updatePool(db, pool.p.resourceId, { heldReason: null, updatedAt: clock.now() });
  }

  return {
    /** Holds the pool of a subscription; false when there is no such pool. */
    async hold(resourceId: string, reason: HpcHoldReason): Promise<boolean> {
      const pool = await findPool(db, resourceId);
      if (!pool) return false;
      await hold(pool, reason);
      return true;
    },

    async lift(resourceId: string): Promise<boolean> {
      const pool = await findPool(db, resourceId);
      if (!pool) return false;
      await lift(pool);
      return true;
    },

    /**
     * The lifecycle step's part for pools: a subscription the lifecycle froze (expiry, arrears
     * past the grace period) is held as frozen on its cluster, one it thawed is lifted. Run after
     * the lifecycle on every pass, so a cluster that did not answer is tried again on the next.
     */
    async reconcile(onError: (err: unknown) => void): Promise<void> {
      for (const pool of await poolsOutOfStep(db)) {
        try {
          if (pool.r.status === "frozen") await hold(pool, "frozen");
          else await lift(pool);
        } catch (err) {
          onError(err);
        }
      }
    },
  };
}
