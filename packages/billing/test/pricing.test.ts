import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyDiscount,
  discountFromHundredths,
  formatYuan,
  hourlyPrice,
  monthlyPrice,
  NO_DISCOUNT,
  type PriceModel,
  parseDiscount,
  parseYuan,
  postpaidCharge,
  prepaidPrice,
  quotePrepaid,
} from "../src/index";

const y = parseYuan;

describe("parseDiscount", () => {
  it.each<[string | number, bigint]>([
    ["0.85", 85n],
    [0.85, 85n],
    ["0.8", 80n],
    ["0.05", 5n],
    ["0", 0n],
    [0, 0n],
    ["0.0", 0n],
    ["1", 100n],
    [1, 100n],
    ["1.0", 100n],
    ["1.00", 100n],
  ])("reads %j as %s hundredths", (input, hundredths) => {
    expect(parseDiscount(input)).toEqual({ ok: true, discount: { hundredths } });
  });

  it.each<string | number>([
    "0.855",
    0.855,
    "1.01",
    "1.1",
    1.5,
    2,
    "-0.1",
    -0.5,
    "abc",
    "",
    "01",
    ".5",
    "0.",
    Number.NaN,
    1e-7,
  ])("rejects %j", (input) => {
    expect(parseDiscount(input)).toEqual({ ok: false, code: "INVALID_DISCOUNT" });
  });
});

describe("discountFromHundredths and applyDiscount", () => {
  it("accepts integers 0–100", () => {
    expect(discountFromHundredths(85)).toEqual({ hundredths: 85n });
    expect(discountFromHundredths(100n)).toEqual(NO_DISCOUNT);
    expect(discountFromHundredths(0)).toEqual({ hundredths: 0n });
  });

  it.each<number | bigint>([101, -1, 1.5, 101n, Number.NaN])("rejects %s", (value) => {
    expect(() => discountFromHundredths(value)).toThrow(/INVALID_DISCOUNT/);
  });

  it("multiplies and rounds half-up at 0.00001 yuan", () => {
    expect(applyDiscount(y("100"), discountFromHundredths(85))).toBe(y("85"));
    expect(applyDiscount(1n, discountFromHundredths(50))).toBe(1n); // 0.5 unit rounds up
    expect(applyDiscount(1n, discountFromHundredths(49))).toBe(0n);
    expect(applyDiscount(y("0.00003"), discountFromHundredths(50))).toBe(2n); // 1.5 units → 2
    expect(applyDiscount(y("12.34567"), NO_DISCOUNT)).toBe(y("12.34567"));
  });

  it("refuses a hand-built discount outside 0–100", () => {
    expect(() => applyDiscount(1n, { hundredths: 150n })).toThrow(/INVALID_DISCOUNT/);
    expect(() => applyDiscount(1n, { hundredths: -1n })).toThrow(/INVALID_DISCOUNT/);
  });

  it("never raises a price and never makes it negative", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 100 }), (price, h) => {
        const discounted = applyDiscount(price, discountFromHundredths(h));
        expect(discounted >= 0n && discounted <= price).toBe(true);
      }),
    );
  });
});

describe("monthlyPrice", () => {
  const unit: PriceModel = { model: "unit", unitPrice: y("0.5") };
  const base: PriceModel = {
    model: "base_plus_unit",
    basePrice: y("20"),
    unitPrice: y("0.5"),
    configurationFee: y("3"),
  };

  it("unit: unit price × N", () => {
    expect(monthlyPrice(unit, 100)).toEqual({ ok: true, amount: y("50") });
    expect(monthlyPrice({ ...unit, configurationFee: y("5") }, 100)).toEqual({ ok: true, amount: y("55") });
  });

  it("base_plus_unit: base + unit price × N + configuration fee", () => {
    expect(monthlyPrice(base, 100)).toEqual({ ok: true, amount: y("73") });
    expect(monthlyPrice({ ...base, configurationFee: undefined }, 1)).toEqual({
      ok: true,
      amount: y("20.5"),
    });
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])("refuses quantity %s", (quantity) => {
    expect(monthlyPrice(unit, quantity)).toEqual({
      ok: false,
      code: "PRICE_NOT_CALCULABLE",
      reason: "INVALID_QUANTITY",
    });
  });

  it("refuses negative price components", () => {
    const refusal = { ok: false, code: "PRICE_NOT_CALCULABLE", reason: "NEGATIVE_PRICE" };
    expect(monthlyPrice({ model: "unit", unitPrice: -1n }, 1)).toEqual(refusal);
    expect(monthlyPrice({ ...base, basePrice: -1n }, 1)).toEqual(refusal);
    expect(monthlyPrice({ ...base, configurationFee: -1n }, 1)).toEqual(refusal);
  });

  it("refuses a model it does not know (stored configuration may be stale)", () => {
    const stale = { model: "tiered", unitPrice: 1n } as unknown as PriceModel;
    expect(monthlyPrice(stale, 1)).toEqual({
      ok: false,
      code: "PRICE_NOT_CALCULABLE",
      reason: "UNKNOWN_MODEL",
    });
  });
});

describe("prepaid prices", () => {
  it("is the monthly price × months × discount, rounded half-up once", () => {
    expect(prepaidPrice(y("100"), 3)).toBe(y("300"));
    expect(prepaidPrice(y("100"), 12, discountFromHundredths(85))).toBe(y("1020"));
    // 33.33333 × 3 = 99.99999 → × 0.85 = 84.9999915 → 84.99999
    expect(formatYuan(prepaidPrice(y("33.33333"), 3, discountFromHundredths(85)))).toBe("84.99999");
    // 0.00003 × 1 × 0.5 = 0.000015 → half-up 0.00002
    expect(prepaidPrice(3n, 1, discountFromHundredths(50))).toBe(2n);
    // Discounting the total, not each month: 0.00012 × 0.5 = 0.00006 (per month would be 12 × 0.00001).
    expect(prepaidPrice(1n, 12, discountFromHundredths(50))).toBe(6n);
  });

  it("refuses periods that are not offered and negative prices", () => {
    expect(() => prepaidPrice(y("100"), 2)).toThrow(/INVALID_PERIOD/);
    expect(() => prepaidPrice(-1n, 1)).toThrow(/INVALID_AMOUNT/);
  });

  it("quotes a model for a period", () => {
    const model: PriceModel = { model: "unit", unitPrice: y("10") };
    expect(quotePrepaid(model, 4, 6, discountFromHundredths(90))).toEqual({ ok: true, amount: y("216") });
    expect(quotePrepaid(model, 4, 1)).toEqual({ ok: true, amount: y("40") });
    expect(quotePrepaid(model, 0, 1)).toEqual({
      ok: false,
      code: "PRICE_NOT_CALCULABLE",
      reason: "INVALID_QUANTITY",
    });
  });
});

describe("postpaid hourly prices", () => {
  it("derives the hourly price as monthly ÷ 720, half-up", () => {
    expect(hourlyPrice(y("720"))).toBe(y("1"));
    expect(formatYuan(hourlyPrice(y("100")))).toBe("0.13889"); // 0.138888…
    expect(formatYuan(hourlyPrice(y("100"), discountFromHundredths(80)))).toBe("0.11111");
  });

  it("charges hours with one rounding for the whole charge", () => {
    // 100 × 10 ÷ 720 = 1.388888… → 1.38889, while 0.13889 × 10 would be 1.38890.
    expect(formatYuan(postpaidCharge(y("100"), 10))).toBe("1.38889");
    expect(hourlyPrice(y("100")) * 10n).toBe(y("1.3889"));
    expect(postpaidCharge(y("100"), 720)).toBe(y("100"));
    expect(postpaidCharge(y("100"), 0)).toBe(0n);
    // 100 × 0.85 × 5 ÷ 720 = 0.5902777… → 0.59028
    expect(formatYuan(postpaidCharge(y("100"), 5, discountFromHundredths(85)))).toBe("0.59028");
  });

  it("refuses bad inputs", () => {
    expect(() => postpaidCharge(y("1"), -1)).toThrow(/INVALID_ARGUMENT/);
    expect(() => postpaidCharge(y("1"), 1.5)).toThrow(/INVALID_ARGUMENT/);
    expect(() => postpaidCharge(-1n, 1)).toThrow(/INVALID_AMOUNT/);
    expect(() => postpaidCharge(1n, 1, { hundredths: 101n })).toThrow(/INVALID_DISCOUNT/);
  });

  it("charges a full 720-hour month exactly the monthly price after discount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 100 }), (monthly, h) => {
        const discount = discountFromHundredths(h);
        expect(postpaidCharge(monthly, 720, discount)).toBe(applyDiscount(monthly, discount));
      }),
    );
  });
});
