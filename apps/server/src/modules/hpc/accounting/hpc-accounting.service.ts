// The hourly accounting step of HPC pools, run by the lifecycle step before its money passes:
//   charge  for each postpaid pool, the jobs of its Slurm account since the pool was last rated
//           (with an overlap, for records that reach accounting late) are rated up to the hour
//           boundary and charged as one bill with a line per job (rate-jobs.ts), by the deduction
//           order, owed where nothing covers them
//   hold    while the pool's organisation owes money, new submissions are held on the cluster
//           (MaxSubmitJobs 0, held reason `arrears`) and the tenant is told; paid up, the next pass
//           lifts it. A pool the tenant runs on packages only is held the same way
//           (`packageExhausted`) while none of its packages has anything left; buying one lifts it. Freezing after the grace period is the lifecycle's (the pool's resource row is
//           marked in arrears here, as metering marks other resources).
// A pool's charge, its jobs' charged-up-to marks (only of jobs the next run can read again: the
// others are done, their lines say what they cost) and its rating mark are one transaction under the
// mark's row lock, and a run charges only when the mark is still where it read it: a crash rolls
// everything back, and two instances running at once charge a pool once.
import { discountFromHundredths, NO_DISCOUNT } from "@skyledger/billing";
import { isLeaving } from "@skyledger/contracts";
import { type Audit, createAudit } from "../../../platform/audit/audit";
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import type { Messaging } from "../../../platform/outbox/messaging";
import { type HpcCluster, HpcClusterError } from "../../../providers/hpc/hpc-cluster";
import { contractSpan } from "../../contracts/contract-discounts";
import { asTyped, chargeWithBill } from "../../finance/order-charge";
import { debtOf } from "../../ledger/ledger.service";
import { orderNoOf } from "../../orders/orders.repo";
import { hpcPackageSecondsLeft, hpcPackagesFor, takeHpcPackages } from "../../packages/package-usage";
import { createHoldNotices } from "./hold-notices";
import {
  clearPoolArrears,
  hourPrices,
  insertChargeLines,
  jobChargesOf,
  lockRatingMark,
  type MoneyHold,
  markPoolInArrears,
  moveRatingMark,
  type PoolToRate,
  poolsToRate,
  saveJobCharges,
  setHeldReasonIf,
} from "./hpc-accounting.repo";
import { hoursText, rateJobs } from "./rate-jobs";

const HOUR_MS = 3_600_000;
/** How far before the last rating the cluster is asked again: accounting may record a job late. */
export const ACCOUNTING_OVERLAP_MS = 15 * 60_000;

/** The last whole hour at or before `at` (UTC hours are whole hours in every business time zone we use). */
export const hourFloor = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

export type ClusterOf = (clusterId: string) => Promise<HpcCluster>;

export function createHpcAccounting(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  messaging: Messaging;
  clusterOf: ClusterOf;
  arrearsGraceHours: number;
  audit?: Audit;
  /** A pool whose cluster failed this pass; it is rated on the next one. */
  onClusterError?: (poolId: string, err: HpcClusterError) => void;
}) {
  const { db, timeZone } = deps;
  const tell = createHoldNotices(deps.messaging, timeZone);
  const audit = deps.audit ?? createAudit(deps.clock);

  /** Rates and charges one pool up to the hour boundary (or its deletion); the amount charged. */
  async function ratePool(pool: PoolToRate, cluster: HpcCluster, now: Date): Promise<bigint> {
    const end = pool.deletedAt && pool.deletedAt <= now ? pool.deletedAt : hourFloor(now);
    // No job of the pool ran before it existed: the first span starts at the hour it was made in.
    const from = pool.ratedUntil ?? hourFloor(pool.poolCreatedAt);
    if (end <= from) return 0n;
    // Decision 0029: one charge has one contract rate; where a contract starts or ends inside the
    // span, the part before is charged first and the rest right after (below).
    const contract = await contractSpan(db, pool.orgId, pool.productCode ?? "hpcPool", from, end);
    const until = contract.until;
    const rest = (charged: bigint) =>
      until < end
        ? ratePool({ ...pool, ratedUntil: until }, cluster, now).then((more) => charged + more)
        : charged;
    const jobs = await cluster.jobs({
      accounts: [pool.account],
      from: new Date(from.getTime() - ACCOUNTING_OVERLAP_MS),
      to: until,
    });
    const list = pool.productId ? await hourPrices(db, pool.productId) : { coreHour: 0n, gpuHour: 0n };
    const discount =
      pool.discountHundredths === null ? NO_DISCOUNT : discountFromHundredths(pool.discountHundredths);
    const charged = await db.transaction(async (tx) => {
      const mark = await lockRatingMark(tx, pool.poolId, from, now);
      // Another run (a second instance, a retried pass) got here first: nothing more to charge.
      if (mark.getTime() !== from.getTime()) return 0n;
      const charged = await jobChargesOf(
        tx,
        pool.poolId,
        jobs.map((j) => j.jobId),
      );
      // The tenant's core-hour and GPU-hour packages of the pool's product come before money.
      const packages = await hpcPackagesFor(tx, {
        orgId: pool.orgId,
        productCode: pool.productCode,
        start: from,
        end: until,
      });
      const run = rateJobs({
        pool,
        jobs,
        charged,
        until,
        // The next run starts at `until` and asks the cluster from the overlap before it.
        rereadFrom: new Date(until.getTime() - ACCOUNTING_OVERLAP_MS),
        prices: { ...list, discount },
        packages,
        now,
      });
      await takeHpcPackages(tx, run.cover, {
        orgId: pool.orgId,
        poolId: pool.poolId,
        poolName: pool.name,
        start: from,
        end: until,
        now,
      });
      const contractDiscount = contract.discountOf(run.amount);
      const amount = run.amount - contractDiscount;
      // A run the packages covered in full still gets its bill (of nothing) listing the jobs.
      if (run.amount > 0n || run.packageCoreSeconds > 0n || run.packageGpuSeconds > 0n) {
        const orderNo = (pool.orderId ? await orderNoOf(tx, pool.orderId) : undefined) ?? pool.poolId;
        const { billNo } = await chargeWithBill(tx, {
          orgId: pool.orgId,
          orderNo,
          productCode: pool.productCode ?? "hpcPool",
          productName: asTyped(pool.name),
          paymentType: "postpaid",
          originalAmount: run.original,
          amount,
          contractDiscount,
          createdBy: null,
          now,
          timeZone,
          usageStart: from,
          usageEnd: until,
          // Job-seconds already used are charged whatever the balance: the rest is owed.
          arrearsAllowed: true,
          memo: {
            key: "hpcJobs",
            params: {
              name: pool.name,
              jobs: run.lines.length,
              coreHours: hoursText(run.coreSeconds),
              gpuHours: hoursText(run.gpuSeconds),
            },
          },
        });
        await insertChargeLines(
          tx,
          run.lines.map((l) => ({ ...l, billNo })),
        );
      }
      await saveJobCharges(tx, run.charges);
      await moveRatingMark(tx, pool.poolId, until, now);
      return amount;
    });
    return rest(charged);
  }

  /**
   * The hold a pool should have now: `arrears` while the organisation owes; for a pool run on
   * packages only, `packageExhausted` while no package of its product has anything left; none
   * otherwise. Arrears come first (a package does not pay a debt).
   */
  async function wantedHold(pool: PoolToRate, now: Date): Promise<MoneyHold | null> {
    if ((await debtOf(db, pool.orgId)) > 0n) return "arrears";
    if (!pool.packagesOnly) return null;
    const left = await hpcPackageSecondsLeft(db, {
      orgId: pool.orgId,
      productCode: pool.productCode,
      dimension: pool.poolType === "aiShared" ? "gpuHour" : "coreHour",
      at: now,
    });
    return left > 0n ? null : "packageExhausted";
  }

  /**
   * Holds new submissions while the organisation owes or a packages-only pool has no package left,
   * lifts the hold once neither holds. The cluster is set first (idempotent), then the held reason
   * moves conditionally with its audit row (system actor) and notice in one transaction: a cluster
   * that fails leaves the reason as it was, so the next pass tries again, and of two instances only
   * the one that moved the reason tells the tenant.
   */
  async function settleHold(pool: PoolToRate, cluster: HpcCluster, now: Date): Promise<void> {
    // A frozen, leaving or deleted pool is the lifecycle's (its freeze holds and cancels jobs).
    if (pool.deletedAt || pool.status === "frozen" || isLeaving(pool.status)) return;
    const from = pool.heldReason;
    if (from === "frozen") return;
    const to = await wantedHold(pool, now);
    if (to === from) {
      // Held before, marked paid meanwhile by the lifecycle, owing again: the grace starts again.
      if (to === "arrears" && !pool.arrearsSince)
        await db.transaction((tx) => markPoolInArrears(tx, pool.poolId, now));
      return;
    }
    await cluster.setLimits(pool.account, to ? { ...pool.limits, maxSubmitJobs: 0 } : pool.limits);
    await db.transaction(async (tx) => {
      if (!(await setHeldReasonIf(tx, pool.poolId, from, to, now))) return;
      if (from === "arrears") await clearPoolArrears(tx, pool.poolId, now);
      if (to === "arrears") await markPoolInArrears(tx, pool.poolId, now);
      await audit.record(tx, {
        action: to ? "hpc.poolHeld" : "hpc.poolLifted",
        actorId: null,
        orgId: pool.orgId,
        target: pool.name,
        detail: { slurmAccount: pool.account, heldReason: to ?? from! },
      });
      if (to === "arrears") {
        const since = pool.arrearsSince ?? now;
        await tell(tx, pool, "held", new Date(since.getTime() + deps.arrearsGraceHours * HOUR_MS));
      } else if (to === "packageExhausted") await tell(tx, pool, "packageHeld", null);
      else await tell(tx, pool, from === "arrears" ? "lifted" : "packageLifted", null);
    });
  }

  return {
    ratePool,
    /** One pass over every pool: charge, then hold or lift. A cluster that fails is tried next pass. */
    async run(): Promise<void> {
      const now = deps.clock.now();
      for (const pool of await poolsToRate(db)) {
        try {
          const cluster = await deps.clusterOf(pool.clusterId);
          await ratePool(pool, cluster, now);
          await settleHold(pool, cluster, now);
        } catch (err) {
          if (!(err instanceof HpcClusterError)) throw err;
          deps.onClusterError?.(pool.poolId, err);
        }
      }
    },
  };
}
export type HpcAccounting = ReturnType<typeof createHpcAccounting>;
