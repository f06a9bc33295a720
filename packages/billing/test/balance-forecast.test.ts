import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysOfBalanceLeft, parseYuan } from "../src/index";

const y = parseYuan;

describe("daysOfBalanceLeft", () => {
  it("divides the balance by the average daily spend of 7 days, rounded down", () => {
    // 70 yuan in 7 days = 10 a day; 25 yuan lasts 2.5 days → 2.
    expect(daysOfBalanceLeft(y("25"), y("70"))).toBe(2);
    expect(daysOfBalanceLeft(y("700"), y("70"))).toBe(70);
  });

  it("is null without spend and 0 when the balance is used up", () => {
    expect(daysOfBalanceLeft(y("100"), 0n)).toBeNull();
    expect(daysOfBalanceLeft(y("100"), y("-4"))).toBeNull();
    expect(daysOfBalanceLeft(0n, y("7"))).toBe(0);
    expect(daysOfBalanceLeft(y("-3"), y("7"))).toBe(0);
  });

  it("property: the days left, spent at the daily average, fit the balance and one more day does not", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (balance, spend) => {
          const days = BigInt(daysOfBalanceLeft(balance, spend) ?? -1);
          expect(days * spend <= balance * 7n).toBe(true);
          expect((days + 1n) * spend > balance * 7n).toBe(true);
        },
      ),
    );
  });
});
