import { describe, expect, it } from "vitest";
import {
  type Coupon,
  type CouponOrder,
  discountFromHundredths,
  evaluateCoupon,
  parseYuan,
} from "../src/index";
import { shanghai } from "./support/time";

const y = parseYuan;
const now = shanghai("2024-06-15 12:00");

const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  id: "C1",
  benefit: { kind: "value", value: y("50") },
  threshold: y("100"),
  productCodes: ["ecs", "gpu"],
  paymentTypes: ["prepaid"],
  validFrom: shanghai("2024-06-01 00:00"),
  validUntil: shanghai("2024-07-01 00:00"),
  status: "valid",
  ...overrides,
});
const order: CouponOrder = { amount: y("300"), productCode: "gpu", paymentType: "prepaid" };

describe("evaluateCoupon: applicable", () => {
  it("takes a value coupon's full value off a larger order", () => {
    expect(evaluateCoupon(coupon(), order, now)).toEqual({
      applicable: true,
      couponId: "C1",
      deduction: y("50"),
      excessForfeited: false,
      forfeited: 0n,
    });
  });

  it("caps a value coupon at the order amount and reports the forfeited excess", () => {
    const result = evaluateCoupon(
      coupon({ benefit: { kind: "value", value: y("120") } }),
      { ...order, amount: y("100") },
      now,
    );
    expect(result).toEqual({
      applicable: true,
      couponId: "C1",
      deduction: y("100"),
      excessForfeited: true,
      forfeited: y("20"),
    });
  });

  it("covers an order equal to its value without forfeiting anything", () => {
    const result = evaluateCoupon(
      coupon({ benefit: { kind: "value", value: y("100") } }),
      { ...order, amount: y("100") },
      now,
    );
    expect(result).toMatchObject({
      applicable: true,
      deduction: y("100"),
      excessForfeited: false,
      forfeited: 0n,
    });
  });

  it("makes a discount coupon cover amount − amount × discount (half-up on the paid part)", () => {
    const discount = coupon({
      benefit: { kind: "discount", discount: discountFromHundredths(85) },
      threshold: 0n,
    });
    expect(evaluateCoupon(discount, order, now)).toMatchObject({
      applicable: true,
      deduction: y("45"),
      forfeited: 0n,
    });
    // 0.00003 × 0.85 = 0.0000255 → customer pays 0.00003 (half-up), the coupon covers nothing
    expect(evaluateCoupon(discount, { ...order, amount: 3n }, now)).toMatchObject({ deduction: 0n });
    // 0.00003 × 0.5 = 0.000015 → customer pays 0.00002, coupon covers 0.00001
    const half = coupon({
      benefit: { kind: "discount", discount: discountFromHundredths(50) },
      threshold: 0n,
    });
    expect(evaluateCoupon(half, { ...order, amount: 3n }, now)).toMatchObject({ deduction: 1n });
  });

  it("treats empty product and payment type lists as all", () => {
    const open = coupon({ productCodes: [], paymentTypes: [] });
    expect(
      evaluateCoupon(open, { ...order, productCode: "oss", paymentType: "postpaid" }, now).applicable,
    ).toBe(true);
  });

  it("is valid from its start instant and at exactly the threshold", () => {
    expect(evaluateCoupon(coupon(), order, shanghai("2024-06-01 00:00")).applicable).toBe(true);
    expect(evaluateCoupon(coupon(), { ...order, amount: y("100") }, now).applicable).toBe(true);
  });
});

describe("evaluateCoupon: not applicable", () => {
  it.each<[Coupon["status"], string]>([
    ["inactive", "COUPON_INACTIVE"],
    ["used", "COUPON_USED"],
    ["voided", "COUPON_VOIDED"],
    ["expired", "COUPON_EXPIRED"],
  ])("refuses a %s coupon with %s", (status, reason) => {
    expect(evaluateCoupon(coupon({ status }), order, now)).toEqual({
      applicable: false,
      couponId: "C1",
      reason,
    });
  });

  it("refuses before the start and from the end instant on", () => {
    expect(evaluateCoupon(coupon(), order, shanghai("2024-05-31 23:59"))).toMatchObject({
      reason: "COUPON_NOT_STARTED",
    });
    expect(evaluateCoupon(coupon(), order, shanghai("2024-07-01 00:00"))).toMatchObject({
      reason: "COUPON_EXPIRED",
    });
  });

  it("refuses other payment types, other products and orders under the threshold", () => {
    expect(evaluateCoupon(coupon(), { ...order, paymentType: "postpaid" }, now)).toMatchObject({
      reason: "COUPON_PAYMENT_TYPE_NOT_APPLICABLE",
    });
    expect(evaluateCoupon(coupon(), { ...order, productCode: "oss" }, now)).toMatchObject({
      reason: "COUPON_PRODUCT_NOT_APPLICABLE",
    });
    expect(evaluateCoupon(coupon(), { ...order, amount: y("99.99999") }, now)).toMatchObject({
      reason: "COUPON_THRESHOLD_NOT_MET",
    });
  });

  it("reports the first failing check in a fixed order", () => {
    const bad: CouponOrder = { amount: 1n, productCode: "oss", paymentType: "postpaid" };
    expect(evaluateCoupon(coupon({ status: "used" }), bad, shanghai("2030-01-01 00:00"))).toMatchObject({
      reason: "COUPON_USED",
    });
    expect(evaluateCoupon(coupon(), bad, shanghai("2030-01-01 00:00"))).toMatchObject({
      reason: "COUPON_EXPIRED",
    });
    expect(evaluateCoupon(coupon(), bad, now)).toMatchObject({
      reason: "COUPON_PAYMENT_TYPE_NOT_APPLICABLE",
    });
    expect(evaluateCoupon(coupon(), { ...bad, paymentType: "prepaid" }, now)).toMatchObject({
      reason: "COUPON_PRODUCT_NOT_APPLICABLE",
    });
  });

  it("throws on malformed input", () => {
    expect(() => evaluateCoupon(coupon(), { ...order, amount: -1n }, now)).toThrow(/INVALID_AMOUNT/);
    expect(() => evaluateCoupon(coupon({ threshold: -1n }), order, now)).toThrow(/INVALID_AMOUNT/);
    expect(() => evaluateCoupon(coupon({ benefit: { kind: "value", value: 0n } }), order, now)).toThrow(
      /coupon value must be positive/,
    );
  });
});
