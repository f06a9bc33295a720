import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysOfBalanceLeft, parseYuan } from "../src/index";

const yuan = parseYuan;

describe("daysOfBalanceLeft (worked examples of docs/billing/spend-and-forecast.md)", () => {
  it("divides the balance by the average daily burn of the last 7 days, whole days down", () => {
    // 1,000 yuan; 7 days spent 700 yuan, 100 a day: 10 days.
    expect(daysOfBalanceLeft(yuan("1000"), yuan("700"))).toBe(10);
    // 500 yuan; 7 days spent 812.50, 116.07142… a day: 4.307… days, 4 whole days.
    expect(daysOfBalanceLeft(yuan("500"), yuan("812.5"))).toBe(4);
    // 0.00001 yuan short of a 7th day is 6 days.
    expect(daysOfBalanceLeft(yuan("69.99999"), yuan("70"))).toBe(6);
    expect(daysOfBalanceLeft(yuan("70"), yuan("70"))).toBe(7);
  });

  it("has no forecast without spend, and 0 days for an empty or owing balance", () => {
    expect(daysOfBalanceLeft(yuan("1000"), 0n)).toBeNull();
    // Refunds outweighing the charges are no burn either.
    expect(daysOfBalanceLeft(yuan("1000"), yuan("-12"))).toBeNull();
    expect(daysOfBalanceLeft(0n, yuan("70"))).toBe(0);
    expect(daysOfBalanceLeft(yuan("-3"), yuan("70"))).toBe(0);
  });

  it("stays exact for balances far beyond a float's integers", () => {
    // 10^12 yuan at 1 yuan a week: 7 × 10^12 days; a float division of the units would drift.
    expect(daysOfBalanceLeft(yuan("1000000000000"), yuan("1"))).toBe(7_000_000_000_000);
  });
});

describe("daysOfBalanceLeft properties", () => {
  const money = fc.bigInt({ min: 1n, max: 10n ** 13n });

  it("is the largest whole number of days the average burn fits in the balance", () => {
    fc.assert(
      fc.property(money, money, (balance, spend) => {
        const days = BigInt(daysOfBalanceLeft(balance, spend)!);
        // days × daily burn ≤ balance < (days + 1) × daily burn, with the burn as spend ÷ 7.
        expect(days * spend <= balance * 7n).toBe(true);
        expect((days + 1n) * spend > balance * 7n).toBe(true);
      }),
    );
  });

  it("never grows when the spend grows, and never shrinks when the balance grows", () => {
    fc.assert(
      fc.property(money, money, money, (balance, spend, more) => {
        const base = daysOfBalanceLeft(balance, spend)!;
        expect(daysOfBalanceLeft(balance, spend + more)!).toBeLessThanOrEqual(base);
        expect(daysOfBalanceLeft(balance + more, spend)!).toBeGreaterThanOrEqual(base);
      }),
    );
  });

  it("is never negative and is null exactly when nothing was spent", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n }),
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 13n }),
        (balance, spend) => {
          const days = daysOfBalanceLeft(balance, spend);
          if (spend <= 0n) expect(days).toBeNull();
          else expect(days).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
