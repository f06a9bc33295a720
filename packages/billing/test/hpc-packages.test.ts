import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  billableSpanAmount,
  coverWithPackages,
  type HpcPackage,
  type HpcUsage,
  hpcUsageAmount,
  NO_USAGE,
  parseYuan,
  unitHoursOf,
  unitSecondsOf,
} from "../src/index";

const y = parseYuan;
const at = (iso: string) => new Date(iso);
const H = 3600n;

describe("core-hour and GPU-hour packages before money (rules §14)", () => {
  it("worked example: two packages, one ending mid-hour, the rest charged", () => {
    // 8 cores from 10:00 to 11:00 = 8 core-hours. P1 has 1 core-hour left and ends at 10:30, P2 has
    // 2.5 core-hours left. 10:00–10:30 needs 4 core-hours: P1 (ending sooner) gives 1, P2 2.5, 0.5
    // is left over; 10:30–11:00 needs 4 more and nothing is left. Covered 3.5, charged 4.5 × 0.35.
    const packages: HpcPackage[] = [
      {
        id: "p2",
        dimension: "coreHour",
        validFrom: at("2026-11-01T00:00:00Z"),
        validUntil: at("2027-02-01T00:00:00Z"),
        remainingUnitSeconds: 9000n,
      },
      {
        id: "p1",
        dimension: "coreHour",
        validFrom: at("2026-10-01T00:00:00Z"),
        validUntil: at("2026-11-27T10:30:00Z"),
        remainingUnitSeconds: 3600n,
      },
    ];
    const span = {
      jobId: "1",
      cpus: 8,
      gpus: 0,
      from: at("2026-11-27T10:00:00Z"),
      to: at("2026-11-27T11:00:00Z"),
    };
    const cover = coverWithPackages([span], packages);
    expect(cover.jobs.get("1")).toEqual({ coreSeconds: 12_600n, gpuSeconds: 0n });
    expect(cover.packages.get("p1")).toEqual({ used: 3600n, left: 0n });
    expect(cover.packages.get("p2")).toEqual({ used: 9000n, left: 0n });
    const money = billableSpanAmount(
      { usage: NO_USAGE, covered: NO_USAGE },
      { usage: { coreSeconds: 28_800n, gpuSeconds: 0n }, covered: cover.jobs.get("1")! },
      { coreHour: y("0.35"), gpuHour: 0n },
    );
    expect(money.amount).toBe(y("1.575"));
  });

  it("worked example: a GPU-hour package covers GPU-seconds only, fractions exactly", () => {
    // An AI job, 6 cores and 1 GPU for 1 427 s, a 100 GPU-hour package: the GPU-seconds are
    // covered, the 8 562 core-seconds charged at 0.35 × 0.9 = 0.749175 → 0.74918.
    const cover = coverWithPackages(
      [{ jobId: "7", cpus: 6, gpus: 1, from: at("2026-11-27T10:36:13Z"), to: at("2026-11-27T11:00:00Z") }],
      [
        {
          id: "g",
          dimension: "gpuHour",
          validFrom: at("2026-11-01T00:00:00Z"),
          validUntil: at("2026-12-01T00:00:00Z"),
          remainingUnitSeconds: 100n * H,
        },
      ],
    );
    expect(cover.jobs.get("7")).toEqual({ coreSeconds: 0n, gpuSeconds: 1427n });
    expect(cover.packages.get("g")).toEqual({ used: 1427n, left: 360_000n - 1427n });
    const money = billableSpanAmount(
      { usage: NO_USAGE, covered: NO_USAGE },
      { usage: { coreSeconds: 8562n, gpuSeconds: 1427n }, covered: cover.jobs.get("7")! },
      { coreHour: y("0.35"), gpuHour: y("12"), discount: { hundredths: 90n } },
    );
    expect(money.amount).toBe(y("0.74918"));
    expect(money.original).toBe(y("0.83242"));
  });

  it("takes nothing from a package before it starts or after it ends", () => {
    const cover = coverWithPackages(
      [{ jobId: "1", cpus: 1, gpus: 0, from: at("2026-11-27T10:00:00Z"), to: at("2026-11-27T11:00:00Z") }],
      [
        {
          id: "p",
          dimension: "coreHour",
          validFrom: at("2026-11-27T10:45:00Z"),
          validUntil: at("2026-11-27T10:50:00Z"),
          remainingUnitSeconds: 100n * H,
        },
      ],
    );
    expect(cover.jobs.get("1")).toEqual({ coreSeconds: 300n, gpuSeconds: 0n });
  });

  it("keeps part hours: unit-hours and seconds round-trip", () => {
    expect(unitSecondsOf(999, 1800)).toBe(999n * H + 1800n);
    expect(unitHoursOf(999n * H + 1800n)).toEqual({ hours: 999, partSeconds: 1800 });
  });

  const pkgArb = fc.record({
    id: fc.constantFrom("a", "b", "c"),
    dimension: fc.constantFrom("coreHour" as const, "gpuHour" as const),
    from: fc.integer({ min: 0, max: 20_000 }),
    length: fc.integer({ min: 1, max: 40_000 }),
    remaining: fc.bigInt({ min: 0n, max: 500_000n }),
  });
  const t0 = Date.UTC(2026, 10, 27, 10);
  type PkgDraw = typeof pkgArb extends fc.Arbitrary<infer T> ? T : never;
  const asPackages = (ps: PkgDraw[]): HpcPackage[] =>
    ps.map((p, i) => ({
      id: `${p.id}${i}`,
      dimension: p.dimension,
      validFrom: new Date(t0 + p.from * 1000),
      validUntil: new Date(t0 + (p.from + p.length) * 1000),
      remainingUnitSeconds: p.remaining,
    }));

  it("property: a job split into hourly spans gets the same cover and money as at once", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 64 }),
        fc.integer({ min: 0, max: 8 }),
        fc.array(fc.integer({ min: 1, max: 7200 }), { minLength: 1, maxLength: 12 }),
        fc.array(pkgArb, { maxLength: 4 }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        (cpus, gpus, spans, pkgs, coreHour, gpuHour) => {
          const prices = { coreHour, gpuHour, discount: { hundredths: 90n } };
          const packages = asPackages(pkgs);
          const total = spans.reduce((s, x) => s + x, 0);
          const whole = coverWithPackages(
            [{ jobId: "j", cpus, gpus, from: new Date(t0), to: new Date(t0 + total * 1000) }],
            packages,
          );
          let left = packages;
          let usage: HpcUsage = NO_USAGE;
          let covered: HpcUsage = NO_USAGE;
          let charged = 0n;
          let start = 0;
          for (const s of spans) {
            const cover = coverWithPackages(
              [
                {
                  jobId: "j",
                  cpus,
                  gpus,
                  from: new Date(t0 + start * 1000),
                  to: new Date(t0 + (start + s) * 1000),
                },
              ],
              left,
            );
            left = left.map((p) => ({
              ...p,
              remainingUnitSeconds: cover.packages.get(p.id)?.left ?? p.remainingUnitSeconds,
            }));
            const got = cover.jobs.get("j") ?? NO_USAGE;
            // Never more than the span used, per resource.
            expect(got.coreSeconds <= BigInt(cpus * s)).toBe(true);
            expect(got.gpuSeconds <= BigInt(gpus * s)).toBe(true);
            const after = {
              usage: {
                coreSeconds: usage.coreSeconds + BigInt(cpus * s),
                gpuSeconds: usage.gpuSeconds + BigInt(gpus * s),
              },
              covered: {
                coreSeconds: covered.coreSeconds + got.coreSeconds,
                gpuSeconds: covered.gpuSeconds + got.gpuSeconds,
              },
            };
            const m = billableSpanAmount({ usage, covered }, after, prices);
            expect(m.amount >= 0n).toBe(true);
            charged += m.amount;
            ({ usage, covered } = after);
            start += s;
          }
          expect(covered).toEqual(whole.jobs.get("j") ?? NO_USAGE);
          // Every package gives exactly what it lost, never below zero.
          for (const p of packages) {
            const now = left.find((q) => q.id === p.id)!.remainingUnitSeconds;
            expect(now >= 0n).toBe(true);
            expect(p.remainingUnitSeconds - now).toBe(whole.packages.get(p.id)?.used ?? 0n);
          }
          // Covered + charged-for = used, and the money is that of the billable usage at once.
          const billable = {
            coreSeconds: usage.coreSeconds - covered.coreSeconds,
            gpuSeconds: usage.gpuSeconds - covered.gpuSeconds,
          };
          expect(charged).toBe(hpcUsageAmount(billable, prices));
        },
      ),
      { numRuns: 300 },
    );
  });
});
