import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BYTES_PER_GB, type ObsPrices, obsUsageCharge, parseYuan } from "../src/index";

const y = parseYuan;
const GB = BYTES_PER_GB;
const standard: ObsPrices = { storagePerGbMonth: y("0.099"), requestsPer10k: y("0.01") };

const pricesArb: fc.Arbitrary<ObsPrices> = fc.record({
  storagePerGbMonth: fc.bigInt({ min: 0n, max: 1_000_000n }),
  requestsPer10k: fc.bigInt({ min: 0n, max: 1_000_000n }),
  discount: fc.record({ hundredths: fc.bigInt({ min: 0n, max: 100n }) }),
});
const bytesArb = fc.bigInt({ min: 0n, max: 1_000_000n * GB });

describe("obsUsageCharge: worked examples", () => {
  it("50 GB of standard for 2 hours and 25 000 requests", () => {
    // 50 × 0.099 × 2 ÷ 720 = 0.01375 exactly; 25 000 × 0.01 ÷ 10 000 = 0.025.
    const c = obsUsageCharge({ bytes: 50n * GB, hours: 2, requests: 25_000n }, standard);
    expect(c).toEqual({
      storage: y("0.01375"),
      requests: y("0.025"),
      amount: y("0.03875"),
      original: y("0.03875"),
    });
  });

  it("1.5 GB for one hour rounds half-up, and the discount applies before the rounding", () => {
    // 1.5 × 0.099 ÷ 720 = 0.00020625 → 0.00021; × 0.9 = 0.000185625 → 0.00019.
    const bytes = (3n * GB) / 2n;
    expect(obsUsageCharge({ bytes, hours: 1, requests: 0n }, standard).storage).toBe(y("0.00021"));
    const discounted = obsUsageCharge(
      { bytes, hours: 1, requests: 0n },
      { ...standard, discount: { hundredths: 90n } },
    );
    expect(discounted.storage).toBe(y("0.00019"));
    expect(discounted.original).toBe(y("0.00021"));
  });

  it("requests round half-up on their own: 12 345 requests at 0.01 per 10 000 are 0.01235", () => {
    const c = obsUsageCharge({ bytes: 0n, hours: 5, requests: 12_345n }, standard);
    expect(c.requests).toBe(y("0.01235"));
    expect(c.storage).toBe(0n);
  });

  it("archive: 1 TB (1024 GB) for a 720-hour month is 1024 × 0.033 = 33.792", () => {
    const c = obsUsageCharge(
      { bytes: 1024n * GB, hours: 720, requests: 0n },
      { storagePerGbMonth: y("0.033"), requestsPer10k: y("0.01") },
    );
    expect(c.amount).toBe(y("33.792"));
  });

  it("refuses negative figures and fractional hours", () => {
    expect(() => obsUsageCharge({ bytes: -1n, hours: 1, requests: 0n }, standard)).toThrow();
    expect(() => obsUsageCharge({ bytes: 1n, hours: 1.5, requests: 0n }, standard)).toThrow();
    expect(() => obsUsageCharge({ bytes: 1n, hours: 1, requests: -1n }, standard)).toThrow();
  });
});

describe("obsUsageCharge: properties", () => {
  it("no bytes and no requests cost nothing", () => {
    fc.assert(
      fc.property(pricesArb, fc.integer({ min: 0, max: 10_000 }), (prices, hours) => {
        expect(obsUsageCharge({ bytes: 0n, hours, requests: 0n }, prices).amount).toBe(0n);
      }),
    );
  });

  it("is monotone in bytes, hours and requests", () => {
    fc.assert(
      fc.property(pricesArb, bytesArb, bytesArb, fc.integer({ min: 0, max: 2000 }), (prices, a, b, hours) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const small = obsUsageCharge({ bytes: lo, hours, requests: lo }, prices);
        expect(obsUsageCharge({ bytes: hi, hours, requests: hi }, prices).amount).toBeGreaterThanOrEqual(
          small.amount,
        );
        expect(
          obsUsageCharge({ bytes: lo, hours: hours + 1, requests: lo }, prices).amount,
        ).toBeGreaterThanOrEqual(small.amount);
      }),
    );
  });

  it("splitting the hours into runs moves the storage charge by at most one unit per split", () => {
    fc.assert(
      fc.property(
        pricesArb,
        bytesArb,
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 24 }),
        (prices, bytes, spans) => {
          const whole = obsUsageCharge(
            { bytes, hours: spans.reduce((s, h) => s + h, 0), requests: 0n },
            prices,
          );
          const split = spans.reduce(
            (s, hours) => s + obsUsageCharge({ bytes, hours, requests: 0n }, prices).amount,
            0n,
          );
          const splits = BigInt(spans.length - 1);
          expect(split - whole.amount).toBeLessThanOrEqual(splits + 1n);
          expect(whole.amount - split).toBeLessThanOrEqual(splits + 1n);
        },
      ),
    );
  });

  it("the discounted charge never exceeds the original", () => {
    fc.assert(
      fc.property(pricesArb, bytesArb, fc.integer({ min: 0, max: 2000 }), (prices, bytes, hours) => {
        const c = obsUsageCharge({ bytes, hours, requests: bytes }, prices);
        expect(c.amount).toBeLessThanOrEqual(c.original);
        expect(c.amount).toBe(c.storage + c.requests);
      }),
    );
  });
});
