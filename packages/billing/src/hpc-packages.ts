// Prepaid core-hour and GPU-hour packages on HPC jobs (docs/billing/rules.md §14 "Packages first").
// A package holds unit-seconds of one resource (1 000 core-hours = 3 600 000 core-seconds) and is
// valid in a window [validFrom, validUntil). Before money, each job span of a run takes what it
// used from the packages valid at the seconds it ran, packages ending soonest first, to the
// exact core-second or GPU-second: a package that runs out mid-span covers part of it, a package
// that expires mid-hour covers the seconds before its end only. What no package covers is charged
// as the difference of cumulative amounts of the *billable* usage (usage − covered), so the sum of
// a job's spans still telescopes and every job-second is either covered or charged, once.
import { type HpcPrices, type HpcUsage, hpcUsageAmount, NO_USAGE } from "./hpc-rating";
import type { Money } from "./money";

export type HpcPackageDimension = "coreHour" | "gpuHour";

/** A package as the run sees it: what is left of it, in unit-seconds, and its validity. */
export type HpcPackage = {
  id: string;
  dimension: HpcPackageDimension;
  validFrom: Date;
  validUntil: Date;
  remainingUnitSeconds: bigint;
};

/** One job span to cover: its allocation and the part of the clock it ran in this run. */
export type HpcCoverSpan = { jobId: string; cpus: number; gpus: number; from: Date; to: Date };

export type HpcCover = {
  /** Per job: the core-seconds and GPU-seconds packages covered in its span. */
  jobs: Map<string, HpcUsage>;
  /** Per package used: the unit-seconds taken and what is left. */
  packages: Map<string, { used: bigint; left: bigint }>;
};

const sec = (d: Date): number => Math.floor(d.getTime() / 1000);

/**
 * Covers the spans with the packages. Spans are taken in the order given (the caller sorts them:
 * by start, then job id); a span is cut at every package boundary inside it, and each piece takes
 * first from the package valid over it that ends soonest (ties by id), then the next. Seconds are
 * whole clock seconds, as in `unratedSpan`: a piece [a, b) ran b − a seconds.
 */
export function coverWithPackages(spans: HpcCoverSpan[], packages: HpcPackage[]): HpcCover {
  const ordered = [...packages].sort(
    (p, q) => p.validUntil.getTime() - q.validUntil.getTime() || (p.id < q.id ? -1 : p.id > q.id ? 1 : 0),
  );
  const left = new Map(ordered.map((p) => [p.id, p.remainingUnitSeconds]));
  const cover: HpcCover = { jobs: new Map(), packages: new Map() };
  for (const span of spans) {
    const a = sec(span.from);
    const b = sec(span.to);
    if (b <= a) continue;
    const cuts = new Set([a, b]);
    for (const p of ordered) {
      for (const t of [sec(p.validFrom), sec(p.validUntil)]) if (t > a && t < b) cuts.add(t);
    }
    const points = [...cuts].sort((x, y) => x - y);
    const got = { coreSeconds: 0n, gpuSeconds: 0n };
    for (let i = 0; i + 1 < points.length; i++) {
      const [from, to] = [points[i]!, points[i + 1]!];
      const seconds = BigInt(to - from);
      const need = { coreHour: BigInt(span.cpus) * seconds, gpuHour: BigInt(span.gpus) * seconds };
      for (const p of ordered) {
        if (need[p.dimension] === 0n) continue;
        if (sec(p.validFrom) > from || sec(p.validUntil) < to) continue;
        const has = left.get(p.id)!;
        const take = has < need[p.dimension] ? has : need[p.dimension];
        if (take === 0n) continue;
        need[p.dimension] -= take;
        left.set(p.id, has - take);
        const u = cover.packages.get(p.id) ?? { used: 0n, left: has };
        cover.packages.set(p.id, { used: u.used + take, left: has - take });
        if (p.dimension === "coreHour") got.coreSeconds += take;
        else got.gpuSeconds += take;
      }
    }
    if (got.coreSeconds > 0n || got.gpuSeconds > 0n) {
      const before = cover.jobs.get(span.jobId) ?? NO_USAGE;
      cover.jobs.set(span.jobId, {
        coreSeconds: before.coreSeconds + got.coreSeconds,
        gpuSeconds: before.gpuSeconds + got.gpuSeconds,
      });
    }
  }
  return cover;
}

const minus = (u: HpcUsage, c: HpcUsage): HpcUsage => ({
  coreSeconds: u.coreSeconds - c.coreSeconds,
  gpuSeconds: u.gpuSeconds - c.gpuSeconds,
});

/**
 * The money of a span of which packages covered `covered`, given the job's cumulative usage and
 * cumulative covered usage before it and after it: the difference of the cumulative amounts of
 * the billable usage, discounted (`amount`) and not (`original`).
 */
export function billableSpanAmount(
  before: { usage: HpcUsage; covered: HpcUsage },
  after: { usage: HpcUsage; covered: HpcUsage },
  prices: HpcPrices,
): { amount: Money; original: Money } {
  const list = { coreHour: prices.coreHour, gpuHour: prices.gpuHour };
  const b = minus(before.usage, before.covered);
  const a = minus(after.usage, after.covered);
  return {
    amount: hpcUsageAmount(a, prices) - hpcUsageAmount(b, prices),
    original: hpcUsageAmount(a, list) - hpcUsageAmount(b, list),
  };
}

/** Unit-seconds of whole unit-hours and a part hour, as packages store them. */
export const unitSecondsOf = (hours: number, partSeconds: number): bigint =>
  BigInt(hours) * 3600n + BigInt(partSeconds);

/** Back to whole unit-hours and the seconds of the part hour left (0 ≤ part < 3600). */
export const unitHoursOf = (unitSeconds: bigint): { hours: number; partSeconds: number } => ({
  hours: Number(unitSeconds / 3600n),
  partSeconds: Number(unitSeconds % 3600n),
});
