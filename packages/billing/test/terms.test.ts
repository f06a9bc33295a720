import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Allocation, evenShares, parseYuan, splitAllocations, termRefund } from "../src";

const y = (s: string) => parseYuan(s);

describe("splitAllocations", () => {
  it("carves an order of two hosts paid by voucher and cash in deduction order", () => {
    const paid: Allocation[] = [
      { source: "coupon", sourceId: "c1", amount: y("20") },
      { source: "deduction_voucher", sourceId: "v1", amount: y("100") },
      { source: "cash", amount: y("180") },
    ];
    const [first, second] = splitAllocations(paid, [y("150"), y("150")]);
    expect(first).toEqual([
      { source: "coupon", sourceId: "c1", amount: y("20") },
      { source: "deduction_voucher", sourceId: "v1", amount: y("100") },
      { source: "cash", amount: y("30") },
    ]);
    expect(second).toEqual([{ source: "cash", amount: y("150") }]);
  });

  it("refuses shares that do not add up to the payment", () => {
    expect(() => splitAllocations([{ source: "cash", amount: 10n }], [3n, 3n])).toThrow();
  });

  it("gives back, source by source, exactly what was paid", () => {
    const source = fc.constantFrom("coupon", "deduction_voucher", "topup_voucher", "cash", "credit");
    fc.assert(
      fc.property(
        fc.array(fc.record({ source, amount: fc.bigInt({ min: 0n, max: 10n ** 9n }) }), { maxLength: 6 }),
        fc.integer({ min: 1, max: 7 }),
        (paid, count) => {
          const total = paid.reduce((s, a) => s + a.amount, 0n);
          const parts = splitAllocations(paid as Allocation[], evenShares(total, count));
          expect(parts).toHaveLength(count);
          for (const kind of ["coupon", "deduction_voucher", "topup_voucher", "cash", "credit"]) {
            const given = paid.filter((a) => a.source === kind).reduce((s, a) => s + a.amount, 0n);
            const back = parts
              .flat()
              .filter((a) => a.source === kind)
              .reduce((s, a) => s + a.amount, 0n);
            expect(back).toBe(given);
          }
        },
      ),
    );
  });
});

describe("evenShares", () => {
  it("splits 100.00001 yuan in three shares differing by at most one unit", () => {
    expect(evenShares(y("100.00001"), 3)).toEqual([3333334n, 3333334n, 3333333n]);
  });
  it("refuses a count below one", () => {
    expect(() => evenShares(1n, 0)).toThrow();
  });
});

describe("termRefund", () => {
  const start = new Date("2026-01-01T00:00:00+08:00");
  const paid: Allocation[] = [{ source: "cash", amount: y("300") }];

  it("a standard month follows the policy: paid minus used, 10 days of 31", () => {
    const r = termRefund({
      policy: "paid_minus_used",
      start,
      end: new Date("2026-02-01T00:00:00+08:00"),
      months: 1,
      paid,
      at: new Date("2026-01-10T12:00:00+08:00"),
    });
    // used = 300 × 10 ÷ 31 = 96.77419…; refund = 203.22581
    expect(r.used).toBe(y("96.77419"));
    expect(r.refund).toBe(y("203.22581"));
  });

  it("a term of days is paid minus used by days under the paid-minus-used reading", () => {
    const r = termRefund({
      policy: "paid_minus_used",
      start,
      end: new Date("2026-01-06T00:00:00+08:00"),
      months: null,
      paid: [{ source: "cash", amount: y("50") }],
      at: new Date("2026-01-02T08:00:00+08:00"),
    });
    // 2 of 5 days used (a part day is a day): used 20, refund 30
    expect(r).toEqual({ used: y("20"), refund: y("30") });
  });

  it("a term of days under the by-month reading keeps the month in progress, counted back from its end", () => {
    // A change on 22 Nov 10:00 to a flavour of 255 a month, to the period's end on 22 Feb: 92 days
    // charged 255 ÷ 30 × 92 = 782. Its months end on 22 Dec, 22 Jan and 22 Feb.
    const changeAt = new Date("2026-11-22T10:00:00+08:00");
    const term = {
      policy: "by_month" as const,
      start: changeAt,
      end: new Date("2027-02-22T10:00:00+08:00"),
      months: null,
      paid: [{ source: "cash" as const, amount: y("782") }],
    };
    // A day later the first month is in progress: 30 days used, 782 × 30 ÷ 92 = 255.
    expect(termRefund({ ...term, at: new Date("2026-11-23T10:00:00+08:00") })).toEqual({
      used: y("255"),
      refund: y("527"),
    });
    // On 23 Dec the second month (31 days) is in progress: 61 days used, 782 × 61 ÷ 92 = 518.5.
    expect(termRefund({ ...term, at: new Date("2026-12-23T10:00:00+08:00") })).toEqual({
      used: y("518.5"),
      refund: y("263.5"),
    });
    // The paid-minus-used reading keeps only the day begun: 782 ÷ 92 = 8.5.
    expect(
      termRefund({ ...term, policy: "paid_minus_used", at: new Date("2026-11-23T09:00:00+08:00") }),
    ).toEqual({ used: y("8.5"), refund: y("773.5") });
    // A few days' term (an alignment) is one month in progress as soon as it begins.
    expect(
      termRefund({
        ...term,
        start,
        end: new Date("2026-01-06T00:00:00+08:00"),
        paid: [{ source: "cash", amount: y("50") }],
        at: new Date("2026-01-02T08:00:00+08:00"),
      }),
    ).toEqual({ used: y("50"), refund: 0n });
  });

  it("a term of days never refunds more by month than by days, nor more later than earlier", () => {
    const start = new Date("2026-03-10T09:30:00+08:00");
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (days, price, f1, f2) => {
          const end = new Date(start.getTime() + days * 86_400_000);
          const span = end.getTime() - start.getTime();
          const [a, b] = [f1, f2].sort((x, z) => x - z) as [number, number];
          const term = { start, end, months: null, paid: [{ source: "cash" as const, amount: price }] };
          const at = (f: number) => new Date(start.getTime() + Math.floor(span * f));
          const byMonth = (f: number) => termRefund({ ...term, policy: "by_month", at: at(f) }).refund;
          const byDays = (f: number) => termRefund({ ...term, policy: "paid_minus_used", at: at(f) }).refund;
          expect(byMonth(a)).toBeLessThanOrEqual(byDays(a));
          expect(byMonth(b)).toBeLessThanOrEqual(byMonth(a));
          expect(byMonth(a) >= 0n && byMonth(a) <= price).toBe(true);
        },
      ),
    );
  });

  it("a term not begun is refunded whole, coupon excepted; an ended one not at all", () => {
    const withCoupon: Allocation[] = [
      { source: "coupon", sourceId: "c", amount: y("10") },
      { source: "cash", amount: y("90") },
    ];
    const end = new Date("2026-02-01T00:00:00+08:00");
    expect(
      termRefund({ policy: "by_month", start, end, months: 1, paid: withCoupon, at: start }).refund,
    ).toBe(y("90"));
    expect(termRefund({ policy: "by_month", start, end, months: 1, paid: withCoupon, at: end }).refund).toBe(
      0n,
    );
  });
});
