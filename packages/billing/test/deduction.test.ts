import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Allocation,
  allocateCharge,
  type ChargeInput,
  DEDUCTION_ORDER,
  orderVouchers,
  parseYuan,
  sum,
  type Voucher,
} from "../src/index";
import { shanghai } from "./support/time";

const y = parseYuan;
const now = shanghai("2024-06-15 12:00");
const base: ChargeInput = { charge: 0n, cashBalance: 0n, availableCredit: 0n, now };

describe("allocateCharge: worked examples", () => {
  it("takes coupon, deduction vouchers, top-up vouchers, cash, then credit", () => {
    const result = allocateCharge({
      charge: y("500"),
      coupon: { couponId: "C1", deduction: y("50") },
      deductionVouchers: [
        { id: "D-late", balance: y("40"), validUntil: shanghai("2024-12-31 00:00") },
        { id: "D-soon", balance: y("30"), validUntil: shanghai("2024-07-01 00:00") },
      ],
      topUpVouchers: [{ id: "T1", balance: y("80") }],
      cashBalance: y("200"),
      availableCredit: y("1000"),
      now,
    });
    expect(result).toEqual({
      ok: true,
      allocations: [
        { source: "coupon", sourceId: "C1", amount: y("50") },
        { source: "deduction_voucher", sourceId: "D-soon", amount: y("30") },
        { source: "deduction_voucher", sourceId: "D-late", amount: y("40") },
        { source: "topup_voucher", sourceId: "T1", amount: y("80") },
        { source: "cash", amount: y("200") },
        { source: "credit", amount: y("100") },
      ],
    });
  });

  it("owes what the sources cannot cover when arrears are allowed, after everything else", () => {
    const result = allocateCharge({
      ...base,
      charge: y("30"),
      topUpVouchers: [{ id: "T1", balance: y("4") }],
      cashBalance: y("10"),
      availableCredit: y("5"),
      arrearsAllowed: true,
    });
    expect(result).toEqual({
      ok: true,
      allocations: [
        { source: "topup_voucher", sourceId: "T1", amount: y("4") },
        { source: "cash", amount: y("10") },
        { source: "credit", amount: y("5") },
        { source: "arrears", amount: y("11") },
      ],
    });
    // Without arrears the same charge is refused, nothing proposed; covered charges never owe.
    expect(allocateCharge({ ...base, charge: y("30"), cashBalance: y("10") })).toEqual({
      ok: false,
      code: "INSUFFICIENT_BALANCE",
      shortfall: y("20"),
    });
    expect(allocateCharge({ ...base, charge: y("3"), cashBalance: y("10"), arrearsAllowed: true })).toEqual({
      ok: true,
      allocations: [{ source: "cash", amount: y("3") }],
    });
  });

  it("stops as soon as the charge is covered", () => {
    const result = allocateCharge({
      ...base,
      charge: y("10"),
      cashBalance: y("200"),
      availableCredit: y("5"),
    });
    expect(result).toEqual({ ok: true, allocations: [{ source: "cash", amount: y("10") }] });
  });

  it("lets credit cover the remainder up to the limit, exactly", () => {
    const result = allocateCharge({
      ...base,
      charge: y("30"),
      cashBalance: y("10"),
      availableCredit: y("20"),
    });
    expect(result).toEqual({
      ok: true,
      allocations: [
        { source: "cash", amount: y("10") },
        { source: "credit", amount: y("20") },
      ],
    });
  });

  it("refuses with the shortfall when all sources together fall short", () => {
    const input: ChargeInput = {
      ...base,
      charge: y("30"),
      topUpVouchers: [{ id: "T1", balance: y("5") }],
      cashBalance: y("10"),
      availableCredit: y("14.99999"),
    };
    expect(allocateCharge(input)).toEqual({
      ok: false,
      code: "INSUFFICIENT_BALANCE",
      shortfall: y("0.00001"),
    });
  });

  it("covers a charge fully paid by the coupon and a zero charge", () => {
    expect(allocateCharge({ ...base, charge: y("8"), coupon: { couponId: "C", deduction: y("8") } })).toEqual(
      {
        ok: true,
        allocations: [{ source: "coupon", sourceId: "C", amount: y("8") }],
      },
    );
    expect(allocateCharge({ ...base, cashBalance: y("1") })).toEqual({ ok: true, allocations: [] });
    expect(allocateCharge({ ...base, coupon: { couponId: "C", deduction: 0n } })).toEqual({
      ok: true,
      allocations: [],
    });
  });

  it("throws on malformed input instead of guessing", () => {
    expect(() => allocateCharge({ ...base, charge: -1n })).toThrow(/INVALID_AMOUNT/);
    expect(() => allocateCharge({ ...base, cashBalance: -1n })).toThrow(/INVALID_AMOUNT/);
    expect(() => allocateCharge({ ...base, availableCredit: -1n })).toThrow(/INVALID_AMOUNT/);
    expect(() => allocateCharge({ ...base, coupon: { couponId: "C", deduction: -1n } })).toThrow(
      /INVALID_AMOUNT/,
    );
    expect(() => allocateCharge({ ...base, charge: 5n, coupon: { couponId: "C", deduction: 6n } })).toThrow(
      /INVALID_ARGUMENT/,
    );
  });
});

describe("orderVouchers", () => {
  it("uses usable vouchers soonest-expiring first, ties by id, never-expiring last", () => {
    const vouchers: Voucher[] = [
      { id: "forever", balance: 1n },
      { id: "b", balance: 1n, validUntil: shanghai("2024-07-01 00:00") },
      { id: "a", balance: 1n, validUntil: shanghai("2024-07-01 00:00") },
      { id: "c", balance: 1n, validUntil: shanghai("2024-06-20 00:00") },
      { id: "empty", balance: 0n, validUntil: shanghai("2024-06-16 00:00") },
      { id: "expired", balance: 1n, validUntil: now },
      { id: "future", balance: 1n, validFrom: shanghai("2024-06-16 00:00") },
      { id: "started", balance: 1n, validFrom: now },
      { id: "B", balance: 1n, validUntil: shanghai("2024-07-01 00:00") },
    ];
    expect(orderVouchers(vouchers, now).map((v) => v.id)).toEqual(["c", "B", "a", "b", "forever", "started"]);
  });

  it("rejects duplicate ids and negative balances", () => {
    expect(() =>
      orderVouchers(
        [
          { id: "x", balance: 1n },
          { id: "x", balance: 2n },
        ],
        now,
      ),
    ).toThrow(/duplicate/);
    expect(() => orderVouchers([{ id: "x", balance: -1n }], now)).toThrow(/INVALID_AMOUNT/);
  });
});

const voucherArb = (prefix: string) =>
  fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 0, max: 20 }).map((n) => `${prefix}${n}`),
      balance: fc.bigInt({ min: 0n, max: 10_000_000n }),
      validUntil: fc.option(
        fc.integer({ min: -10, max: 10 }).map((days) => now.getTime() + days * 86_400_000),
        {
          nil: undefined,
        },
      ),
    }),
    { selector: (v) => v.id, maxLength: 5 },
  );

const inputArb = fc
  .record({
    charge: fc.bigInt({ min: 0n, max: 50_000_000n }),
    couponShare: fc.option(fc.bigInt({ min: 0n, max: 100n }), { nil: undefined }),
    deductionVouchers: voucherArb("d"),
    topUpVouchers: voucherArb("t"),
    cashBalance: fc.bigInt({ min: 0n, max: 20_000_000n }),
    availableCredit: fc.bigInt({ min: 0n, max: 20_000_000n }),
  })
  .map(
    ({ couponShare, ...rest }): ChargeInput => ({
      ...rest,
      now,
      ...(couponShare === undefined
        ? {}
        : { coupon: { couponId: "C", deduction: (rest.charge * couponShare) / 100n } }),
    }),
  );

function available(input: ChargeInput): Map<string, bigint> {
  const byKey = new Map<string, bigint>();
  byKey.set("coupon:C", input.coupon?.deduction ?? 0n);
  for (const v of orderVouchers(input.deductionVouchers ?? [], now))
    byKey.set(`deduction_voucher:${v.id}`, v.balance);
  for (const v of orderVouchers(input.topUpVouchers ?? [], now))
    byKey.set(`topup_voucher:${v.id}`, v.balance);
  byKey.set("cash:", input.cashBalance);
  byKey.set("credit:", input.availableCredit);
  return byKey;
}

const key = (a: Allocation) => `${a.source}:${a.sourceId ?? ""}`;

describe("allocateCharge: properties", () => {
  it("sums exactly to the charge, or refuses with the exact shortfall", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const total = sum([...available(input).values()]);
        const result = allocateCharge(input);
        if (result.ok) {
          expect(sum(result.allocations.map((a) => a.amount))).toBe(input.charge);
          expect(total >= input.charge).toBe(true);
        } else {
          expect(result.shortfall).toBe(input.charge - total);
          expect(result.shortfall > 0n).toBe(true);
        }
      }),
    );
  });

  it("never takes more than a source has, nor from an unusable voucher", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = allocateCharge(input);
        if (!result.ok) return;
        const balances = available(input);
        for (const allocation of result.allocations) {
          expect(allocation.amount > 0n).toBe(true);
          const has = balances.get(key(allocation));
          expect(has).toBeDefined();
          expect(allocation.amount <= (has ?? 0n)).toBe(true);
        }
        expect(new Set(result.allocations.map(key)).size).toBe(result.allocations.length);
      }),
    );
  });

  it("follows the deduction order and only moves on when a source is exhausted", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = allocateCharge(input);
        if (!result.ok) return;
        const ranks = result.allocations.map((a) => DEDUCTION_ORDER.indexOf(a.source));
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        const balances = available(input);
        for (const allocation of result.allocations.slice(0, -1)) {
          expect(allocation.amount).toBe(balances.get(key(allocation)));
        }
      }),
    );
  });
});
