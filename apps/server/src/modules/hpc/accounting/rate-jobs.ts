// One run's rating of a pool's jobs (docs/billing/rules.md §14): each job's seconds not yet charged,
// up to its end or the run's boundary, first covered by the tenant's core-hour and GPU-hour
// packages (to the second, ending soonest first), and the rest priced as the difference of its
// cumulative billable amounts. Pure: the service reads the jobs, the charged-so-far rows and the
// packages, and writes what this returns. A job's charged-so-far row (its mark) is written only
// while the next run can read the job again: a job that ended before `rereadFrom` is never asked
// of the cluster again, so its lines are all that is kept of it (half the rows a run writes).
import {
  billableSpanAmount,
  coverWithPackages,
  type HpcCover,
  type HpcPackage,
  type HpcPrices,
  NO_USAGE,
  type RatingSpan,
  unratedSpan,
} from "@skyledger/billing";
import { newId } from "../../../platform/ids";
import type { JobRecord } from "../../../providers/hpc/hpc-cluster";
import type { ChargeLineRow, JobChargeRow } from "./hpc-accounting.repo";

export type RatedRun = {
  /** The bill's lines, one per job with seconds in this run (bill number filled in by the caller). */
  lines: Omit<ChargeLineRow, "billNo">[];
  /** The charged-so-far rows after this run of the jobs the next run can still read. */
  charges: JobChargeRow[];
  /** What the packages gave (per package: unit-seconds taken and left). */
  cover: HpcCover;
  amount: bigint;
  original: bigint;
  coreSeconds: bigint;
  gpuSeconds: bigint;
  packageCoreSeconds: bigint;
  packageGpuSeconds: bigint;
};

export function rateJobs(input: {
  pool: { poolId: string; orgId: string };
  jobs: JobRecord[];
  charged: Map<string, JobChargeRow>;
  until: Date;
  /** Where the next run starts asking the cluster: a job that ended before it needs no mark. */
  rereadFrom: Date;
  prices: HpcPrices;
  /** The core-hour and GPU-hour packages the run may draw on (none: everything is charged). */
  packages?: HpcPackage[];
  now: Date;
}): RatedRun {
  const spans: { job: JobRecord; span: RatingSpan }[] = [];
  for (const job of input.jobs) {
    const span = unratedSpan(job, input.charged.get(job.jobId)?.chargedUpTo ?? null, input.until);
    if (span) spans.push({ job, span });
  }
  // Packages go to the jobs in the order they ran (start of the span, then job id).
  spans.sort(
    (a, b) =>
      a.span.from.getTime() - b.span.from.getTime() ||
      (a.job.jobId < b.job.jobId ? -1 : a.job.jobId > b.job.jobId ? 1 : 0),
  );
  const cover = coverWithPackages(
    spans.map(({ job, span }) => ({ jobId: job.jobId, cpus: job.cpus, gpus: job.gpus, ...span })),
    input.packages ?? [],
  );
  const run: RatedRun = {
    lines: [],
    charges: [],
    cover,
    amount: 0n,
    original: 0n,
    coreSeconds: 0n,
    gpuSeconds: 0n,
    packageCoreSeconds: 0n,
    packageGpuSeconds: 0n,
  };
  for (const { job, span } of spans) {
    const before = input.charged.get(job.jobId);
    const usage = before ? { coreSeconds: before.coreSeconds, gpuSeconds: before.gpuSeconds } : NO_USAGE;
    const covered = before
      ? { coreSeconds: before.packageCoreSeconds, gpuSeconds: before.packageGpuSeconds }
      : NO_USAGE;
    const coreSeconds = BigInt(job.cpus) * BigInt(span.seconds);
    const gpuSeconds = BigInt(job.gpus) * BigInt(span.seconds);
    const got = cover.jobs.get(job.jobId) ?? NO_USAGE;
    const after = {
      usage: { coreSeconds: usage.coreSeconds + coreSeconds, gpuSeconds: usage.gpuSeconds + gpuSeconds },
      covered: {
        coreSeconds: covered.coreSeconds + got.coreSeconds,
        gpuSeconds: covered.gpuSeconds + got.gpuSeconds,
      },
    };
    const charge = billableSpanAmount({ usage, covered }, after, input.prices);
    if (job.endedAt === null || job.endedAt >= input.rereadFrom)
      run.charges.push({
        poolId: input.pool.poolId,
        jobId: job.jobId,
        chargedUpTo: span.to,
        coreSeconds: after.usage.coreSeconds,
        gpuSeconds: after.usage.gpuSeconds,
        packageCoreSeconds: after.covered.coreSeconds,
        packageGpuSeconds: after.covered.gpuSeconds,
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
      coreSeconds,
      gpuSeconds,
      packageCoreSeconds: got.coreSeconds,
      packageGpuSeconds: got.gpuSeconds,
      amount: charge.amount,
      original: charge.original,
      createdAt: input.now,
    });
    run.amount += charge.amount;
    run.original += charge.original;
    run.coreSeconds += coreSeconds;
    run.gpuSeconds += gpuSeconds;
    run.packageCoreSeconds += got.coreSeconds;
    run.packageGpuSeconds += got.gpuSeconds;
  }
  return run;
}

/**
 * Hours for a memo or a page: four decimals of seconds ÷ 3600 (display only, never money), as the
 * pool's usage and the console show them. Two decimals showed a short job's 5 core-seconds, all
 * covered by a package, as "0.00": as if the package had covered nothing.
 */
export const hoursText = (seconds: bigint): string => (Number(seconds) / 3600).toFixed(4);
