import { describe, expect, it } from "vitest";
import {
  type Allocation,
  distributeRefund,
  formatYuan,
  overdueCharge,
  parseYuan,
  unsubscribeRefund,
} from "../src/index";
import { shanghai } from "./support/time";

const y = parseYuan;
const cash = (amount: string): Allocation => ({ source: "cash", amount: y(amount) });

describe("distributeRefund", () => {
  const paid: Allocation[] = [
    { source: "coupon", sourceId: "C", amount: y("10") },
    { source: "deduction_voucher", sourceId: "D1", amount: y("20") },
    { source: "deduction_voucher", sourceId: "D2", amount: y("30") },
    { source: "topup_voucher", sourceId: "T1", amount: y("40") },
    cash("50"),
    { source: "credit", amount: y("60") },
  ];

  it("restores credit first, then cash", () => {
    expect(distributeRefund(y("100"), paid)).toEqual([
      { source: "credit", amount: y("60") },
      { source: "cash", amount: y("40") },
    ]);
  });

  it("restores every money source in reverse order, the voucher used last first, never the coupon", () => {
    expect(distributeRefund(y("200"), paid)).toEqual([
      { source: "credit", amount: y("60") },
      { source: "cash", amount: y("50") },
      { source: "topup_voucher", sourceId: "T1", amount: y("40") },
      { source: "deduction_voucher", sourceId: "D2", amount: y("30") },
      { source: "deduction_voucher", sourceId: "D1", amount: y("20") },
    ]);
  });

  it("refuses to return more than the money sources gave", () => {
    expect(() => distributeRefund(y("200.00001"), paid)).toThrow(/refund exceeds/);
    expect(() => distributeRefund(-1n, paid)).toThrow(/INVALID_AMOUNT/);
    expect(() => distributeRefund(0n, [{ source: "cash", amount: -1n }])).toThrow(/INVALID_AMOUNT/);
  });

  it("returns nothing for a zero refund", () => {
    expect(distributeRefund(0n, paid)).toEqual([]);
  });

  it("orders by source, not by list order, and merges repeated sources", () => {
    const mixed: Allocation[] = [cash("10"), { source: "credit", amount: y("5") }, cash("7")];
    expect(distributeRefund(y("5"), mixed)).toEqual([{ source: "credit", amount: y("5") }]);
    expect(distributeRefund(y("12"), mixed)).toEqual([
      { source: "credit", amount: y("5") },
      { source: "cash", amount: y("7") },
    ]);
    expect(distributeRefund(y("20"), mixed)).toEqual([
      { source: "credit", amount: y("5") },
      { source: "cash", amount: y("15") },
    ]);
  });
});

describe("unsubscribeRefund: by_month", () => {
  const start = shanghai("2024-01-15 10:00");
  const refund = (at: string, paid: Allocation[] = [cash("300")], months = 3) =>
    unsubscribeRefund({ policy: "by_month", periodStart: start, months, paid, at: shanghai(at) });

  it("does not refund the month in progress", () => {
    expect(refund("2024-01-20 00:00")).toMatchObject({
      periodPrice: y("300"),
      used: y("100"),
      refund: y("200"),
    });
    expect(refund("2024-02-15 09:59")).toMatchObject({ used: y("100"), refund: y("200") });
    expect(refund("2024-02-15 10:00")).toMatchObject({ used: y("200"), refund: y("100") });
    expect(refund("2024-01-20 00:00").refundAllocations).toEqual([cash("200")]);
  });

  it("refunds everything before the start and nothing from the end on", () => {
    expect(refund("2024-01-15 09:00")).toMatchObject({ used: 0n, refund: y("300") });
    expect(refund("2024-04-15 10:00")).toMatchObject({ used: y("300"), refund: 0n, refundAllocations: [] });
  });

  it("rounds the used months half-up", () => {
    // 1000 × 1/12 = 83.333333… → 83.33333 used, 916.66667 refunded
    const result = refund("2024-01-20 00:00", [cash("1000")], 12);
    expect(formatYuan(result.used)).toBe("83.33333");
    expect(formatYuan(result.refund)).toBe("916.66667");
  });

  it("does not refund a used coupon", () => {
    const paid: Allocation[] = [
      { source: "coupon", sourceId: "C", amount: y("100") },
      { source: "topup_voucher", sourceId: "T", amount: y("50") },
      cash("100"),
      { source: "credit", amount: y("50") },
    ];
    const result = refund("2024-01-20 00:00", paid);
    expect(result).toMatchObject({
      periodPrice: y("300"),
      moneyPaid: y("200"),
      used: y("100"),
      refund: y("100"),
    });
    expect(result.refundAllocations).toEqual([{ source: "credit", amount: y("50") }, cash("50")]);
  });

  it("charges a late unsubscribe for the overdue days", () => {
    // Jan 15 → Apr 15 is 91 days; 2 days 1 hour late counts 3 days: 300 × 3 ÷ 91 = 9.8901098… → 9.89011
    const result = refund("2024-04-17 11:00");
    expect(result.refund).toBe(0n);
    expect(result.overdue).toEqual({ overdueDays: 3, amount: y("9.89011") });
    expect(refund("2024-03-01 00:00").overdue).toEqual({ overdueDays: 0, amount: 0n });
  });

  it("refuses periods that are not offered", () => {
    expect(() => refund("2024-01-20 00:00", [cash("300")], 2)).toThrow(/INVALID_PERIOD/);
  });
});

describe("unsubscribeRefund: paid_minus_used", () => {
  const refund = (at: string, paid: Allocation[] = [cash("310")]) =>
    unsubscribeRefund({
      policy: "paid_minus_used",
      periodStart: shanghai("2024-01-01 00:00"),
      months: 1,
      paid,
      at: shanghai(at),
      timeZone: "Asia/Shanghai",
    });

  it("charges used days at period price ÷ period days, a part day as a full day", () => {
    // 9.5 days used → 10 days; 310 × 10 ÷ 31 = 100
    expect(refund("2024-01-10 12:00")).toMatchObject({ used: y("100"), refund: y("210") });
    expect(refund("2024-01-01 00:00")).toMatchObject({ used: 0n, refund: y("310") });
    expect(refund("2024-03-01 00:00")).toMatchObject({ used: y("310"), refund: 0n });
  });

  it("rounds the used amount half-up", () => {
    // 200 × 10 ÷ 31 = 64.516129… → 64.51613
    expect(refund("2024-01-10 12:00", [cash("200")])).toMatchObject({
      used: y("64.51613"),
      refund: y("135.48387"),
    });
  });

  it("never refunds a negative amount when the coupon covered more than the unused part", () => {
    const paid: Allocation[] = [{ source: "coupon", sourceId: "C", amount: y("250") }, cash("60")];
    expect(refund("2024-01-10 12:00", paid)).toMatchObject({
      moneyPaid: y("60"),
      used: y("100"),
      refund: 0n,
    });
  });
});

describe("overdueCharge", () => {
  const start = shanghai("2024-01-01 00:00");
  const expiry = shanghai("2024-02-01 00:00");

  it("charges overdue days × period price ÷ period days, half-up", () => {
    expect(overdueCharge(y("310"), start, expiry, shanghai("2024-02-03 01:00"))).toEqual({
      overdueDays: 3,
      amount: y("30"),
    });
    // 100 × 2 ÷ 31 = 6.4516129… → 6.45161
    expect(overdueCharge(y("100"), start, expiry, shanghai("2024-02-03 00:00"))).toEqual({
      overdueDays: 2,
      amount: y("6.45161"),
    });
    expect(overdueCharge(y("100"), start, expiry, expiry)).toEqual({ overdueDays: 0, amount: 0n });
  });

  it("rejects an empty period and a negative price", () => {
    expect(() => overdueCharge(y("1"), expiry, expiry, expiry)).toThrow(/INVALID_ARGUMENT/);
    expect(() => overdueCharge(-1n, start, expiry, expiry)).toThrow(/INVALID_AMOUNT/);
  });
});
