import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ContractWindow,
  contractDiscountAt,
  discountFromHundredths,
  hourlyContractCharge,
  NO_DISCOUNT,
  parseYuan,
  postpaidCharge,
  uniformContractSpan,
} from "../src/index";

const y = parseYuan;
const rate = (h: number) => discountFromHundredths(h);
const at = (iso: string) => new Date(iso);
const host = { code: "ecs", categoryCode: "compute" };

describe("contract discount at an instant", () => {
  const windows: ContractWindow[] = [
    {
      from: at("2026-03-01T10:00:00Z"),
      until: at("2026-03-01T14:00:00Z"),
      rules: [{ target: "product", code: "ecs", discount: rate(80) }],
    },
    {
      from: at("2026-03-01T12:00:00Z"),
      until: at("2026-03-02T00:00:00Z"),
      rules: [{ target: "category", code: "compute", discount: rate(50) }],
    },
  ];
  it("applies from the start (inclusive) to the end (exclusive); a product rule beats a category rule", () => {
    expect(contractDiscountAt(windows, host, at("2026-03-01T09:59:59Z"))).toBeNull();
    expect(contractDiscountAt(windows, host, at("2026-03-01T10:00:00Z"))?.hundredths).toBe(80n);
    expect(contractDiscountAt(windows, host, at("2026-03-01T13:00:00Z"))?.hundredths).toBe(80n);
    expect(contractDiscountAt(windows, host, at("2026-03-01T14:00:00Z"))?.hundredths).toBe(50n);
    expect(contractDiscountAt(windows, host, at("2026-03-02T00:00:00Z"))).toBeNull();
  });
});

describe("hourly contract charge", () => {
  const always = () => rate(85);
  const monthly = y("310");

  it("docs example: one hour of a 310.00 host at 0.85 is 0.43056 gross, 0.06458 off, 0.36598 net", () => {
    const c = hourlyContractCharge({
      monthly,
      productDiscount: NO_DISCOUNT,
      from: at("2026-03-01T00:00:00Z"),
      hours: 1,
      discountAt: always,
    });
    expect(c).toEqual({ gross: y("0.43056"), contractDiscount: y("0.06458"), net: y("0.36598") });
  });

  it("docs example: ten hours, the contract starting after the fourth: only the last six are discounted", () => {
    const start = at("2026-03-01T04:00:00Z");
    const c = hourlyContractCharge({
      monthly,
      productDiscount: NO_DISCOUNT,
      from: at("2026-03-01T00:00:00Z"),
      hours: 10,
      discountAt: (t) => (t >= start ? rate(80) : null),
    });
    // 310 × 10 / 720 = 4.30556; the six hours 2.58333, × 0.80 = 2.06666(4) → 0.51667 off.
    expect(c).toEqual({ gross: y("4.30556"), contractDiscount: y("0.51667"), net: y("3.78889") });
  });

  it("charges in full when no contract applies, and is zero for no hours", () => {
    const none = hourlyContractCharge({
      monthly,
      productDiscount: rate(90),
      from: at("2026-03-01T00:00:00Z"),
      hours: 3,
      discountAt: () => null,
    });
    expect(none.contractDiscount).toBe(0n);
    expect(none.net).toBe(postpaidCharge(monthly, 3, rate(90)));
    expect(
      hourlyContractCharge({
        monthly,
        productDiscount: NO_DISCOUNT,
        from: new Date(0),
        hours: 0,
        discountAt: always,
      }),
    ).toEqual({ gross: 0n, contractDiscount: 0n, net: 0n });
  });

  it("net = gross − discount, the discount within 0..gross, and the same input always rates the same", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 200 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 100 })), {
          maxLength: 5,
        }),
        (m, productH, hours, cuts) => {
          const from = at("2026-03-01T00:00:00Z");
          // Each cut: from that hour on the rate changes (a contract starting, ending or replaced).
          const sorted = [...cuts].sort((a, b) => a[0] - b[0]);
          const discountAt = (t: Date) => {
            const h = (t.getTime() - from.getTime()) / 3_600_000;
            const last = sorted.filter(([c]) => c <= h).pop();
            return last && last[1] !== 100 ? rate(last[1]) : null;
          };
          const input = { monthly: m, productDiscount: rate(productH), from, hours, discountAt };
          const c = hourlyContractCharge(input);
          expect(c.net).toBe(c.gross - c.contractDiscount);
          expect(c.contractDiscount >= 0n && c.contractDiscount <= c.gross).toBe(true);
          expect(c.gross).toBe(postpaidCharge(m, hours, rate(productH)));
          expect(hourlyContractCharge(input)).toEqual(c);
        },
      ),
    );
  });
});

describe("uniform contract span", () => {
  const from = at("2026-03-01T00:00:00Z");
  const until = at("2026-03-01T06:00:00Z");
  it("stops at the first hour whose contract rate differs, and runs to the end otherwise", () => {
    const start = at("2026-03-01T02:30:00Z");
    const later = (t: Date) => (t >= start ? rate(80) : null);
    // Hours beginning at 0, 1 and 2 h are outside the contract (2 h begins before 2:30).
    expect(uniformContractSpan(from, until, later)).toEqual({
      until: at("2026-03-01T03:00:00Z"),
      discount: null,
    });
    const rest = uniformContractSpan(at("2026-03-01T03:00:00Z"), until, later);
    expect(rest).toEqual({ until, discount: rate(80) });
    expect(uniformContractSpan(from, until, () => null)).toEqual({ until, discount: null });
  });
  it("always moves forward, so a rater charging part after part ends", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 48 }), (rates) => {
        const byHour = (t: Date) =>
          rate(rates[Math.floor((t.getTime() - from.getTime()) / 3_600_000)] ?? 100);
        const end = new Date(from.getTime() + rates.length * 3_600_000);
        let cursor = from;
        let parts = 0;
        while (cursor < end) {
          const span = uniformContractSpan(cursor, end, byHour);
          expect(span.until > cursor).toBe(true);
          cursor = span.until;
          parts += 1;
        }
        expect(parts).toBeLessThanOrEqual(rates.length);
      }),
    );
  });
});
