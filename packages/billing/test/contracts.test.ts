import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ContractDiscountRule,
  contractDiscountAmount,
  contractDiscountFor,
  contractStateAt,
  creditOverflow,
  discountFromHundredths,
  effectiveCreditLimit,
  parseYuan,
} from "../src/index";

const y = parseYuan;
const rate = (h: number) => discountFromHundredths(h);

describe("contract state", () => {
  const c = {
    startsAt: new Date("2026-01-01T00:00:00Z"),
    endsAt: new Date("2026-07-01T00:00:00Z"),
    terminatedAt: null,
  };
  it("is not started before its start, in execution from the start up to the end, expired at the end", () => {
    expect(contractStateAt(c, new Date("2025-12-31T23:59:59Z"))).toBe("notStarted");
    expect(contractStateAt(c, c.startsAt)).toBe("executing");
    expect(contractStateAt(c, new Date("2026-06-30T23:59:59Z"))).toBe("executing");
    expect(contractStateAt(c, c.endsAt)).toBe("expired");
  });
  it("is terminated from the termination on, whatever the dates", () => {
    const t = { ...c, terminatedAt: new Date("2026-03-01T00:00:00Z") };
    expect(contractStateAt(t, new Date("2026-02-28T00:00:00Z"))).toBe("executing");
    expect(contractStateAt(t, new Date("2026-03-01T00:00:00Z"))).toBe("terminated");
    expect(contractStateAt(t, new Date("2026-08-01T00:00:00Z"))).toBe("terminated");
  });
});

describe("contract discount", () => {
  const rules: ContractDiscountRule[] = [
    { target: "category", code: "compute", discount: rate(90) },
    { target: "product", code: "ecs", discount: rate(85) },
    { target: "category", code: "compute", discount: rate(95) },
  ];
  it("prefers the product's rule to its category's, and the lowest rate among equals", () => {
    expect(contractDiscountFor(rules, { code: "ecs", categoryCode: "compute" })?.hundredths).toBe(85n);
    expect(contractDiscountFor(rules, { code: "gpu", categoryCode: "compute" })?.hundredths).toBe(90n);
    expect(contractDiscountFor(rules, { code: "obs", categoryCode: "storage" })).toBeNull();
    expect(contractDiscountFor(rules, { code: "obs", categoryCode: null })).toBeNull();
  });

  it("worked examples (docs/billing/contracts.md)", () => {
    // 1,000.00 yuan at 0.85: 150.00 off, 850.00 paid.
    expect(contractDiscountAmount(y("1000"), rate(85))).toBe(y("150"));
    // 0.00003 yuan at 0.85 is 0.0000255, rounded half-up to 0.00003: nothing off.
    expect(contractDiscountAmount(y("0.00003"), rate(85))).toBe(0n);
    // 0.00001 yuan at 0.5 is 0.000005, rounded half-up to 0.00001: nothing off.
    expect(contractDiscountAmount(y("0.00001"), rate(50))).toBe(0n);
    // 123.45678 at 0.33 = 40.7407374 → 40.74074 paid, 82.71604 off.
    expect(contractDiscountAmount(y("123.45678"), rate(33))).toBe(y("82.71604"));
    // A rate of 0 takes the whole price off, a rate of 1 nothing.
    expect(contractDiscountAmount(y("99.99"), rate(0))).toBe(y("99.99"));
    expect(contractDiscountAmount(y("99.99"), rate(100))).toBe(0n);
  });

  it("never takes off a negative amount nor more than the price, and rounds to 0.00001 yuan", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 100 }), (price, h) => {
        const off = contractDiscountAmount(price, rate(h));
        expect(off >= 0n).toBe(true);
        expect(off <= price).toBe(true);
        // What is paid is price × rate to within half a unit (half-up rounding).
        const exact = price * BigInt(h); // in hundredths of a unit
        const paid = (price - off) * 100n;
        expect(paid - exact > -50n && paid - exact <= 50n).toBe(true);
      }),
    );
  });
});

describe("contract credit", () => {
  it("is the larger of the operator's limit and the credits of contracts in execution", () => {
    expect(effectiveCreditLimit(y("1000"), [])).toBe(y("1000"));
    expect(effectiveCreditLimit(y("1000"), [y("50000")])).toBe(y("50000"));
    expect(effectiveCreditLimit(y("80000"), [y("50000"), y("20000")])).toBe(y("80000"));
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n })),
        (op, cs) => {
          const limit = effectiveCreditLimit(op, cs);
          expect(limit >= op && cs.every((c) => limit >= c)).toBe(true);
          expect([op, ...cs]).toContain(limit);
        },
      ),
    );
  });
  it("turns credit used beyond the limit left at withdrawal into debt", () => {
    expect(creditOverflow(y("30000"), y("1000"))).toBe(y("29000"));
    expect(creditOverflow(y("500"), y("1000"))).toBe(0n);
    expect(creditOverflow(0n, 0n)).toBe(0n);
  });
});
