import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type HpcPrices,
  type HpcUsage,
  hpcUsageAmount,
  NO_USAGE,
  parseYuan,
  rateJobSpan,
  unratedSpan,
} from "../src/index";

const y = parseYuan;
const at = (iso: string) => new Date(iso);

const pricesArb: fc.Arbitrary<HpcPrices> = fc.record({
  coreHour: fc.bigInt({ min: 0n, max: 1_000_000n }),
  gpuHour: fc.bigInt({ min: 0n, max: 10_000_000n }),
  discount: fc.record({ hundredths: fc.bigInt({ min: 0n, max: 100n }) }),
});
const jobArb = fc.record({ cpus: fc.integer({ min: 0, max: 512 }), gpus: fc.integer({ min: 0, max: 16 }) });
const spansArb = fc.array(fc.integer({ min: 0, max: 10 * 3600 }), { minLength: 1, maxLength: 30 });

function chargeInSpans(job: { cpus: number; gpus: number }, spans: number[], prices: HpcPrices) {
  let usage: HpcUsage = NO_USAGE;
  let total = 0n;
  const amounts: bigint[] = [];
  for (const seconds of spans) {
    const charge = rateJobSpan(usage, { ...job, seconds }, prices);
    amounts.push(charge.amount);
    total += charge.amount;
    usage = charge.usage;
  }
  return { usage, total, amounts };
}

describe("rating a job", () => {
  it("charges core-hours and GPU-hours at their prices with the discount, half-up once", () => {
    const prices = { coreHour: y("0.05"), gpuHour: y("3"), discount: { hundredths: 90n } };
    const charge = rateJobSpan(NO_USAGE, { cpus: 6, gpus: 1, seconds: 9238 }, prices);
    expect(charge.coreSeconds).toBe(55_428n);
    expect(charge.gpuSeconds).toBe(9_238n);
    // (55 428 × 5 000 + 9 238 × 300 000) × 0.9 ÷ 3600 = 762 135 units
    expect(charge.amount).toBe(y("7.62135"));
    // Without the discount: 846 816.67 → 846 817 units.
    expect(charge.original).toBe(y("8.46817"));
  });

  it("is zero for zero CPUs and GPUs, or for zero seconds", () => {
    const prices = { coreHour: y("1"), gpuHour: y("10") };
    expect(rateJobSpan(NO_USAGE, { cpus: 0, gpus: 0, seconds: 3600 }, prices).amount).toBe(0n);
    expect(rateJobSpan(NO_USAGE, { cpus: 64, gpus: 8, seconds: 0 }, prices).amount).toBe(0n);
  });

  it("refuses negative or fractional figures", () => {
    const prices = { coreHour: y("1"), gpuHour: y("1") };
    expect(() => rateJobSpan(NO_USAGE, { cpus: -1, gpus: 0, seconds: 1 }, prices)).toThrow(
      /INVALID_ARGUMENT/,
    );
    expect(() => rateJobSpan(NO_USAGE, { cpus: 1, gpus: 0, seconds: 1.5 }, prices)).toThrow(
      /INVALID_ARGUMENT/,
    );
    expect(() => hpcUsageAmount({ coreSeconds: -1n, gpuSeconds: 0n }, prices)).toThrow(/INVALID_ARGUMENT/);
    expect(() => hpcUsageAmount(NO_USAGE, { coreHour: -1n, gpuHour: 0n })).toThrow(/INVALID_AMOUNT/);
  });

  it("charges a job that runs for days across hour boundaries exactly as once", () => {
    // 32 cores and 4 GPUs from 22:20:00 for 213 930 s, rated every hour.
    const spans = [2400, ...Array<number>(58).fill(3600), 2730];
    const prices = { coreHour: y("0.04"), gpuHour: y("2") };
    const { total, usage } = chargeInSpans({ cpus: 32, gpus: 4 }, spans, prices);
    expect(usage).toEqual({ coreSeconds: 32n * 213_930n, gpuSeconds: 4n * 213_930n });
    expect(total).toBe(y("551.464"));
  });
});

describe("rating properties", () => {
  it("gives the same total however a job's time is split into spans", () => {
    fc.assert(
      fc.property(jobArb, spansArb, pricesArb, (job, spans, prices) => {
        const seconds = spans.reduce((s, n) => s + n, 0);
        const once = rateJobSpan(NO_USAGE, { ...job, seconds }, prices);
        const split = chargeInSpans(job, spans, prices);
        expect(split.total).toBe(once.amount);
        expect(split.usage).toEqual(once.usage);
      }),
    );
  });

  it("never charges a span negatively, and more time never costs less", () => {
    fc.assert(
      fc.property(jobArb, spansArb, pricesArb, (job, spans, prices) => {
        const { amounts } = chargeInSpans(job, spans, prices);
        for (const amount of amounts) expect(amount >= 0n).toBe(true);
        const shorter = rateJobSpan(NO_USAGE, { ...job, seconds: spans[0]! }, prices).amount;
        const longer = rateJobSpan(NO_USAGE, { ...job, seconds: spans[0]! + 1 }, prices).amount;
        expect(longer >= shorter).toBe(true);
      }),
    );
  });

  it("is zero when the job has no CPUs and no GPUs", () => {
    fc.assert(
      fc.property(spansArb, pricesArb, (spans, prices) => {
        expect(chargeInSpans({ cpus: 0, gpus: 0 }, spans, prices).total).toBe(0n);
      }),
    );
  });

  it("charges hourly windows of a job's life so that they add up to its elapsed seconds", () => {
    const HOUR = 3_600_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 * HOUR }),
        fc.integer({ min: 0, max: 80 * HOUR }),
        fc.integer({ min: 1, max: 5 }),
        (startMs, lengthMs, everyHours) => {
          const base = Date.UTC(2026, 10, 22);
          const job = { startedAt: new Date(base + startMs), endedAt: new Date(base + startMs + lengthMs) };
          let chargedUpTo: Date | null = null;
          let seconds = 0;
          // A run every few hours, each rating up to the hour boundary before it.
          for (let h = 0; h <= 200; h += everyHours) {
            const span = unratedSpan(job, chargedUpTo, new Date(base + h * HOUR));
            if (!span) continue;
            seconds += span.seconds;
            chargedUpTo = span.to;
          }
          const elapsed =
            Math.floor(job.endedAt.getTime() / 1000) - Math.floor(job.startedAt.getTime() / 1000);
          expect(seconds).toBe(elapsed);
        },
      ),
    );
  });
});

describe("unratedSpan", () => {
  const job = { startedAt: at("2026-11-22T02:36:13Z"), endedAt: null };

  it("rates a running job from its start up to the boundary, then from where it was charged", () => {
    const first = unratedSpan(job, null, at("2026-11-22T03:00:00Z"));
    expect(first).toEqual({ from: job.startedAt, to: at("2026-11-22T03:00:00Z"), seconds: 1427 });
    expect(unratedSpan(job, first!.to, at("2026-11-22T04:00:00Z"))?.seconds).toBe(3600);
  });

  it("stops at the job's end, and has nothing for a pending job or one charged to its end", () => {
    const ended = { ...job, endedAt: at("2026-11-22T05:10:11Z") };
    expect(unratedSpan(ended, at("2026-11-22T05:00:00Z"), at("2026-11-22T06:00:00Z"))?.seconds).toBe(611);
    expect(unratedSpan(ended, ended.endedAt, at("2026-11-22T07:00:00Z"))).toBeNull();
    expect(unratedSpan({ startedAt: null, endedAt: null }, null, at("2026-11-22T07:00:00Z"))).toBeNull();
    expect(unratedSpan(job, null, at("2026-11-22T02:00:00Z"))).toBeNull();
  });
});
