// One run's rating of a pool's jobs (docs/billing/rules.md §14): each job's seconds not yet charged,
// up to its end or the run's boundary, priced as the difference of its cumulative amounts. Pure:
// the service reads the jobs and the charged-so-far rows and writes what this returns.
import { type HpcPrices, NO_USAGE, rateJobSpan, unratedSpan } from "@skyledger/billing";
import { newId } from "../../../platform/ids";
import type { JobRecord } from "../../../providers/hpc/hpc-cluster";
import type { ChargeLineRow, JobChargeRow } from "./hpc-accounting.repo";

export type RatedRun = {
  /** The bill's lines, one per job with seconds in this run (bill number filled in by the caller). */
  lines: Omit<ChargeLineRow, "billNo">[];
  /** The jobs' charged-so-far rows after this run. */
  charges: JobChargeRow[];
  amount: bigint;
  original: bigint;
  coreSeconds: bigint;
  gpuSeconds: bigint;
};

export function rateJobs(input: {
  pool: { poolId: string; orgId: string };
  jobs: JobRecord[];
  charged: Map<string, JobChargeRow>;
  until: Date;
  prices: HpcPrices;
  now: Date;
}): RatedRun {
  const run: RatedRun = { lines: [], charges: [], amount: 0n, original: 0n, coreSeconds: 0n, gpuSeconds: 0n };
  for (const job of input.jobs) {
    const before = input.charged.get(job.jobId);
    const span = unratedSpan(job, before?.chargedUpTo ?? null, input.until);
    if (!span) continue;
    const usage = before ? { coreSeconds: before.coreSeconds, gpuSeconds: before.gpuSeconds } : NO_USAGE;
    const charge = rateJobSpan(
      usage,
      { cpus: job.cpus, gpus: job.gpus, seconds: span.seconds },
      input.prices,
    );
    run.charges.push({
      poolId: input.pool.poolId,
      jobId: job.jobId,
      chargedUpTo: span.to,
      coreSeconds: charge.usage.coreSeconds,
      gpuSeconds: charge.usage.gpuSeconds,
      amount: (before?.amount ?? 0n) + charge.amount,
      original: (before?.original ?? 0n) + charge.original,
      updatedAt: input.now,
    });
    run.lines.push({
      id: newId(),
      orgId: input.pool.orgId,
      poolId: input.pool.poolId,
      jobId: job.jobId,
      jobName: job.name,
      clusterUser: job.user,
      partition: job.partition,
      cpus: job.cpus,
      gpus: job.gpus,
      usageStart: span.from,
      usageEnd: span.to,
      seconds: span.seconds,
      coreSeconds: charge.coreSeconds,
      gpuSeconds: charge.gpuSeconds,
      amount: charge.amount,
      original: charge.original,
      createdAt: input.now,
    });
    run.amount += charge.amount;
    run.original += charge.original;
    run.coreSeconds += charge.coreSeconds;
    run.gpuSeconds += charge.gpuSeconds;
  }
  return run;
}

/** Hours for a memo or a page: two decimals of seconds ÷ 3600 (display only, never money). */
export const hoursText = (seconds: bigint): string => (Number(seconds) / 3600).toFixed(2);
