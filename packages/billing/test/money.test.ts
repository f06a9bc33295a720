import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BillingError,
  divide,
  formatYuan,
  max,
  min,
  mulRatio,
  parseYuan,
  type RoundingMode,
  sum,
  tryParseYuan,
  UNITS_PER_YUAN,
} from "../src/index";
import { assertNonNegative } from "../src/money";

describe("parseYuan", () => {
  it.each([
    ["12.3", 1_230_000n],
    ["12", 1_200_000n],
    ["0.00001", 1n],
    ["-0.5", -50_000n],
    ["-12.34567", -1_234_567n],
    ["-0", 0n],
    ["007.10", 710_000n],
    ["123456789012345.99999", 12_345_678_901_234_599_999n],
  ])("parses %s", (text, units) => {
    expect(parseYuan(text)).toBe(units);
  });

  it.each([
    "12.345678",
    "",
    "abc",
    "1,000",
    " 1",
    "1 ",
    "1.",
    ".5",
    "+1",
    "1e5",
    "--1",
    "1.2.3",
    "-",
    "１２",
  ])("rejects %j", (text) => {
    expect(tryParseYuan(text)).toEqual({ ok: false, code: "INVALID_AMOUNT" });
    expect(() => parseYuan(text)).toThrow(BillingError);
  });

  it("throws a BillingError with the INVALID_AMOUNT code", () => {
    try {
      parseYuan("1.000001");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BillingError);
      expect((error as BillingError).code).toBe("INVALID_AMOUNT");
      expect((error as BillingError).name).toBe("BillingError");
    }
  });
});

describe("formatYuan", () => {
  it.each([
    [1_230_000n, "12.30000"],
    [0n, "0.00000"],
    [1n, "0.00001"],
    [-1n, "-0.00001"],
    [-1_234_567n, "-12.34567"],
    [UNITS_PER_YUAN, "1.00000"],
    [10n ** 25n, "100000000000000000000.00000"],
  ])("formats %s as %s", (units, text) => {
    expect(formatYuan(units)).toBe(text);
  });

  it("round-trips every amount through parseYuan", () => {
    fc.assert(fc.property(fc.bigInt(), (units) => parseYuan(formatYuan(units)) === units));
  });

  it("normalises any valid text to 5 decimals without changing its value", () => {
    const text = fc
      .tuple(fc.boolean(), fc.stringMatching(/^\d{1,20}$/), fc.stringMatching(/^\d{0,5}$/))
      .map(
        ([negative, whole, fraction]) => `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`,
      );
    fc.assert(
      fc.property(text, (input) => {
        const formatted = formatYuan(parseYuan(input));
        const [whole = "", fraction = ""] = input.replace("-", "").split(".");
        const expectedMagnitude = `${BigInt(whole)}.${fraction.padEnd(5, "0")}`;
        const isZero = /^[0.]*$/.test(expectedMagnitude);
        expect(formatted).toBe(`${input.startsWith("-") && !isZero ? "-" : ""}${expectedMagnitude}`);
      }),
    );
  });
});

describe("divide and mulRatio", () => {
  it.each<[bigint, bigint, RoundingMode, bigint]>([
    [10n, 3n, "halfUp", 3n],
    [20n, 3n, "halfUp", 7n],
    [5n, 2n, "halfUp", 3n],
    [-5n, 2n, "halfUp", -3n], // a tie goes away from zero
    [-7n, 3n, "halfUp", -2n],
    [-8n, 3n, "halfUp", -3n],
    [5n, -2n, "halfUp", -3n],
    [-5n, -2n, "halfUp", 3n],
    [7n, 2n, "floor", 3n],
    [-7n, 2n, "floor", -4n],
    [7n, 2n, "ceil", 4n],
    [-7n, 2n, "ceil", -3n],
    [6n, 3n, "floor", 2n],
    [6n, 3n, "ceil", 2n],
    [-6n, 3n, "halfUp", -2n],
  ])("%s / %s %s = %s", (n, d, mode, q) => {
    expect(divide(n, d, mode)).toBe(q);
  });

  it("defaults to half-up", () => {
    expect(divide(5n, 2n)).toBe(3n);
    expect(mulRatio(1n, 1n, 2n)).toBe(1n);
    expect(mulRatio(-1n, 1n, 2n)).toBe(-1n);
  });

  it("rounds once, after multiplying", () => {
    // 100 yuan × 10/31: rounding 100/31 first would give 32.25810, not 32.25806.
    expect(formatYuan(mulRatio(parseYuan("100"), 10n, 31n))).toBe("32.25806");
    expect(mulRatio(parseYuan("100"), 1n, 31n) * 10n).not.toBe(mulRatio(parseYuan("100"), 10n, 31n));
  });

  it("rejects a zero denominator", () => {
    expect(() => divide(1n, 0n)).toThrow(/INVALID_ARGUMENT/);
    expect(() => mulRatio(1n, 1n, 0n, "floor")).toThrow(BillingError);
  });

  const nonZero = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).filter((d) => d !== 0n);
  const numerator = fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n });

  it("floor and ceil bracket the exact quotient", () => {
    fc.assert(
      fc.property(numerator, nonZero, (n, d) => {
        const [nn, dd] = d < 0n ? [-n, -d] : [n, d];
        const lo = divide(n, d, "floor");
        const hi = divide(n, d, "ceil");
        expect(lo * dd <= nn && nn < (lo + 1n) * dd).toBe(true);
        expect((hi - 1n) * dd < nn && nn <= hi * dd).toBe(true);
      }),
    );
  });

  it("half-up is within half a unit and breaks ties away from zero", () => {
    fc.assert(
      fc.property(numerator, nonZero, (n, d) => {
        const [nn, dd] = d < 0n ? [-n, -d] : [n, d];
        const q = divide(n, d, "halfUp");
        const error = nn - q * dd; // exact − rounded, scaled by dd
        const twice = 2n * (error < 0n ? -error : error);
        expect(twice <= dd).toBe(true);
        if (twice === dd) expect(q < 0n ? error > 0n : error < 0n).toBe(true);
        // Symmetric: rounding −x gives −(rounding x).
        expect(divide(-n, d, "halfUp")).toBe(-q);
      }),
    );
  });
});

describe("sum, min, max", () => {
  it("adds amounts", () => {
    expect(sum([])).toBe(0n);
    expect(sum([1n, 2n, -4n])).toBe(-1n);
  });

  it("picks the least and the greatest", () => {
    expect(min(3n)).toBe(3n);
    expect(min(3n, -1n, 2n)).toBe(-1n);
    expect(max(3n)).toBe(3n);
    expect(max(-3n, 5n, 2n)).toBe(5n);
  });

  it("rejects negative amounts where only non-negative make sense", () => {
    expect(() => assertNonNegative(-1n, "charge")).toThrow(/charge must not be negative/);
    expect(() => assertNonNegative(0n, "charge")).not.toThrow();
  });
});
