// The invoiceable amount (docs/billing/invoices-and-contracts.md): worked examples, then properties
// that hold for any bills and requests.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocateInvoice,
  type InvoiceableItem,
  invoiceableItems,
  type PaidBill,
  postpaidOpensOn,
  parseYuan as y,
} from "../src/index";

const bill = (over: Partial<PaidBill>): PaidBill => ({
  billNo: "B1",
  type: "charge",
  chargeType: "prepaid",
  orderNo: "O1",
  billingCycle: "2026-10",
  cash: 0n,
  credit: 0n,
  arrearsSettledPaid: 0n,
  ...over,
});
const NONE = new Map<string, bigint>();
const day = (year: number, month: number, d: number) => ({ year, month, day: d });

describe("worked examples", () => {
  it("a prepaid order of 1,000 paid 600 in cash and 100 on credit after a 200 coupon and a 100 voucher: 700", () => {
    // The coupon and voucher parts never reach the cash and credit columns of the bill.
    const items = invoiceableItems([bill({ cash: y("600"), credit: y("100") })], NONE, day(2026, 10, 15));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ key: "order:O1", paid: y("700"), open: true, invoiceable: y("700") });
  });

  it("a refund of part of an order is taken off its paid amount", () => {
    const items = invoiceableItems(
      [bill({ cash: y("300") }), bill({ billNo: "B2", type: "refund", cash: y("-120.5") })],
      NONE,
      day(2026, 10, 15),
    );
    expect(items[0]!.invoiceable).toBe(y("179.5"));
  });

  it("October's postpaid bills open on 4 November, as one item for the month", () => {
    const bills = [
      bill({ chargeType: "postpaid", orderNo: null, billNo: "B3", cash: y("12.34") }),
      bill({ chargeType: "postpaid", orderNo: null, billNo: "B4", cash: y("0.66"), credit: y("1") }),
    ];
    expect(postpaidOpensOn("2026-10")).toEqual(day(2026, 11, 4));
    const before = invoiceableItems(bills, NONE, day(2026, 11, 3));
    expect(before[0]).toMatchObject({ key: "postpaid:2026-10", paid: y("14"), open: false, invoiceable: 0n });
    const after = invoiceableItems(bills, NONE, day(2026, 11, 4));
    expect(after[0]).toMatchObject({ open: true, invoiceable: y("14") });
  });

  it("a postpaid bill's arrears count once money settled them, in the bill's month, even when settled later", () => {
    // October: 10 in cash, 5 owed; money settled 3 of the 5 so far (a voucher may have settled more).
    const bills = [
      bill({ chargeType: "postpaid", orderNo: null, cash: y("10"), arrearsSettledPaid: y("3") }),
    ];
    const items = invoiceableItems(bills, NONE, day(2027, 2, 1));
    expect(items[0]).toMatchObject({ key: "postpaid:2026-10", paid: y("13"), invoiceable: y("13") });
  });

  it("December's postpaid month opens on 4 January of the next year", () => {
    expect(postpaidOpensOn("2026-12")).toEqual(day(2027, 1, 4));
  });

  it("what earlier requests took is not invoiceable again; adjustments never are", () => {
    const items = invoiceableItems(
      [
        bill({ cash: y("500") }),
        bill({ billNo: "B9", type: "adjustment", chargeType: "none", cash: y("50") }),
      ],
      new Map([["order:O1", y("200")]]),
      day(2026, 10, 15),
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ requested: y("200"), invoiceable: y("300") });
  });

  it("an amount is spread over the items oldest first; more than they leave is refused", () => {
    const items = invoiceableItems(
      [bill({ cash: y("100") }), bill({ billNo: "B2", orderNo: "O2", cash: y("50") })],
      NONE,
      day(2026, 10, 15),
    );
    expect(allocateInvoice(items, [], y("120"))).toEqual({
      ok: true,
      shares: [
        { key: "order:O1", amount: y("100") },
        { key: "order:O2", amount: y("20") },
      ],
    });
    expect(allocateInvoice(items, ["order:O2"], null)).toEqual({
      ok: true,
      shares: [{ key: "order:O2", amount: y("50") }],
    });
    expect(allocateInvoice(items, ["order:O2"], y("50.00001"))).toEqual({
      ok: false,
      reason: "exceeds",
      max: y("50"),
    });
    expect(allocateInvoice(items, [], 0n)).toEqual({ ok: false, reason: "notPositive" });
  });

  it("choosing a postpaid month before the 4th is refused with its opening day", () => {
    const items = invoiceableItems(
      [bill({ chargeType: "postpaid", orderNo: null, cash: y("10") })],
      NONE,
      day(2026, 11, 3),
    );
    expect(allocateInvoice(items, ["postpaid:2026-10"], null)).toEqual({
      ok: false,
      reason: "notOpen",
      key: "postpaid:2026-10",
      opensOn: day(2026, 11, 4),
    });
    expect(allocateInvoice(items, ["order:nope"], null)).toMatchObject({ ok: false, reason: "unknownItem" });
  });
});

const money = fc.bigInt({ min: 0n, max: 10n ** 10n });
const arbitraryBill: fc.Arbitrary<PaidBill> = fc
  .record({
    billNo: fc.constantFrom("B1", "B2", "B3", "B4"),
    type: fc.constantFrom("charge" as const, "refund" as const, "adjustment" as const),
    chargeType: fc.constantFrom("prepaid" as const, "postpaid" as const, "none" as const),
    orderNo: fc.constantFrom("O1", "O2", null),
    billingCycle: fc.constantFrom("2026-09", "2026-10", "2026-11"),
    cash: money,
    credit: money,
    arrearsSettledPaid: money,
  })
  .map((b) =>
    b.type === "refund" ? { ...b, cash: -b.cash / 2n, credit: -b.credit / 2n, arrearsSettledPaid: 0n } : b,
  );
const arbitraryDay = fc.record({
  year: fc.constant(2026),
  month: fc.integer({ min: 9, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
});
const total = (items: InvoiceableItem[]) => items.reduce((s, i) => s + i.invoiceable, 0n);

describe("properties", () => {
  it("nothing is ever invoiceable beyond the cash and credit paid and the arrears money settled, nor below zero", () => {
    fc.assert(
      fc.property(fc.array(arbitraryBill, { maxLength: 12 }), arbitraryDay, (bills, today) => {
        const items = invoiceableItems(bills, NONE, today);
        const paidOf = (key: string) =>
          bills
            .filter((b) => b.type !== "adjustment" && b.chargeType !== "none")
            .filter((b) =>
              [`order:${b.orderNo}`, `bill:${b.billNo}`, `postpaid:${b.billingCycle}`].includes(key),
            )
            .filter((b) => (b.chargeType === "postpaid") === key.startsWith("postpaid:"))
            .filter((b) => key.startsWith("bill:") === (b.orderNo === null && b.chargeType === "prepaid"))
            .reduce((s, b) => s + b.cash + b.credit + b.arrearsSettledPaid, 0n);
        for (const item of items) {
          expect(item.paid).toBe(paidOf(item.key));
          expect(item.invoiceable >= 0n).toBe(true);
          expect(item.invoiceable).toBe(item.open && item.paid > 0n ? item.paid : 0n);
        }
      }),
    );
  });

  it("granting a request and asking again never exceeds what was invoiceable at first", () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryBill, { maxLength: 12 }),
        arbitraryDay,
        fc.array(money, { minLength: 1, maxLength: 4 }),
        (bills, today, asks) => {
          const requested = new Map<string, bigint>();
          const start = total(invoiceableItems(bills, requested, today));
          let granted = 0n;
          for (const ask of asks) {
            const items = invoiceableItems(bills, requested, today);
            const result = allocateInvoice(items, [], ask);
            if (!result.ok) {
              expect(ask === 0n || ask > total(items)).toBe(true);
              continue;
            }
            expect(result.shares.reduce((s, x) => s + x.amount, 0n)).toBe(ask);
            for (const share of result.shares) {
              requested.set(share.key, (requested.get(share.key) ?? 0n) + share.amount);
            }
            granted += ask;
          }
          expect(granted <= start).toBe(true);
          expect(total(invoiceableItems(bills, requested, today))).toBe(start - granted);
        },
      ),
    );
  });
});
