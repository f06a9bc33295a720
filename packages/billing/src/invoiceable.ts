// What a tenant may have invoiced (spec §4 "Invoicing", §9): only money the tenant really paid for
// a settled charge, i.e. the cash and credit parts of its bills and what money settled of their
// arrears parts (arrears-settlement.ts). The parts a package, a coupon, a cash voucher or a discount
// covered are not invoiceable (no money was paid for them), nor is an arrears part while it is owed
// or as far as a voucher settled it. A prepaid order is invoiceable at once; the postpaid bills of a
// month only from the 4th of the following month (local time), for that month as a whole. What
// earlier requests already asked for (and were not rejected) is taken off.
import { type Money, min } from "./money";

/** A bill as the ledger recorded it; cash and credit are signed as the money moved (refunds < 0). */
export type PaidBill = {
  billNo: string;
  type: "charge" | "refund" | "adjustment";
  chargeType: "prepaid" | "postpaid" | "none";
  orderNo: string | null;
  /** The bill's local month, "YYYY-MM". */
  billingCycle: string;
  cash: Money;
  credit: Money;
  /** What money (not a voucher, not a refund) has settled of the bill's arrears part so far. */
  arrearsSettledPaid: Money;
};

export type LocalDate = { year: number; month: number; day: number };

/** Postpaid months open for invoicing on this day of the following month (spec §9: "after the 3rd"). */
export const POSTPAID_INVOICE_DAY = 4;

export type InvoiceableItem = {
  /** `order:<order no>`, `bill:<bill no>` (a prepaid charge without an order) or `postpaid:<YYYY-MM>`. */
  key: string;
  kind: "order" | "bill" | "postpaidMonth";
  reference: string;
  chargeType: "prepaid" | "postpaid";
  /** Cash and credit paid, net of refunds, and arrears settled by money. */
  paid: Money;
  /** Already asked for by requests that were not rejected. */
  requested: Money;
  /** The first local day the item may be invoiced; null for a prepaid item (at once). */
  opensOn: LocalDate | null;
  open: boolean;
  /** What may still be asked for: 0 until open; never below 0 (a refund after invoicing). */
  invoiceable: Money;
};

/** The first day a postpaid month ("YYYY-MM") may be invoiced: the 4th of the next month. */
export function postpaidOpensOn(cycle: string): LocalDate {
  const [year, month] = cycle.split("-").map(Number) as [number, number];
  return month === 12
    ? { year: year + 1, month: 1, day: POSTPAID_INVOICE_DAY }
    : { year, month: month + 1, day: POSTPAID_INVOICE_DAY };
}

const dayNumber = (d: LocalDate) => d.year * 10_000 + d.month * 100 + d.day;

export const isOnOrAfter = (today: LocalDate, day: LocalDate): boolean => dayNumber(today) >= dayNumber(day);

function itemOf(bill: PaidBill): Pick<InvoiceableItem, "key" | "kind" | "reference" | "chargeType"> | null {
  if (bill.type === "adjustment") return null;
  if (bill.chargeType === "postpaid") {
    return {
      key: `postpaid:${bill.billingCycle}`,
      kind: "postpaidMonth",
      reference: bill.billingCycle,
      chargeType: "postpaid",
    };
  }
  if (bill.chargeType !== "prepaid") return null;
  return bill.orderNo
    ? { key: `order:${bill.orderNo}`, kind: "order", reference: bill.orderNo, chargeType: "prepaid" }
    : { key: `bill:${bill.billNo}`, kind: "bill", reference: bill.billNo, chargeType: "prepaid" };
}

/**
 * The invoiceable items of an organisation's bills, in the order of the bills (oldest first), on
 * the local day `today`. `requested` holds what open and issued requests already took, by item key.
 */
export function invoiceableItems(
  bills: readonly PaidBill[],
  requested: ReadonlyMap<string, Money>,
  today: LocalDate,
): InvoiceableItem[] {
  const items = new Map<string, InvoiceableItem>();
  for (const bill of bills) {
    const base = itemOf(bill);
    if (!base) continue;
    const item = items.get(base.key) ?? {
      ...base,
      paid: 0n,
      requested: requested.get(base.key) ?? 0n,
      opensOn: base.chargeType === "postpaid" ? postpaidOpensOn(bill.billingCycle) : null,
      open: false,
      invoiceable: 0n,
    };
    item.paid += bill.cash + bill.credit + bill.arrearsSettledPaid;
    items.set(base.key, item);
  }
  const out: InvoiceableItem[] = [];
  for (const item of items.values()) {
    item.open = item.opensOn === null || isOnOrAfter(today, item.opensOn);
    const left = item.paid - item.requested;
    item.invoiceable = item.open && left > 0n ? left : 0n;
    if (item.paid > 0n || item.requested > 0n) out.push(item);
  }
  return out;
}

export type InvoiceShare = { key: string; amount: Money };

export type InvoiceAllocation =
  | { ok: true; shares: InvoiceShare[] }
  | { ok: false; reason: "notOpen"; key: string; opensOn: LocalDate | null }
  | { ok: false; reason: "unknownItem"; key: string }
  | { ok: false; reason: "exceeds"; max: Money }
  | { ok: false; reason: "notPositive" };

/**
 * Spreads a requested amount over the chosen items (all items when none is chosen), oldest first.
 * Without an amount the chosen items are asked for in full. A chosen item that is not open yet, or
 * an amount beyond what the items leave, refuses the whole request.
 */
export function allocateInvoice(
  items: readonly InvoiceableItem[],
  chosen: readonly string[],
  amount: Money | null,
): InvoiceAllocation {
  const byKey = new Map(items.map((i) => [i.key, i]));
  for (const key of chosen) {
    const item = byKey.get(key);
    if (!item) return { ok: false, reason: "unknownItem", key };
    if (!item.open) return { ok: false, reason: "notOpen", key, opensOn: item.opensOn };
  }
  const pool = chosen.length > 0 ? items.filter((i) => chosen.includes(i.key)) : items;
  const max = pool.reduce((s, i) => s + i.invoiceable, 0n);
  const wanted = amount ?? max;
  if (amount !== null && amount <= 0n) return { ok: false, reason: "notPositive" };
  // Nothing left to ask for is "more than is invoiceable" (the most is 0).
  if (wanted <= 0n || wanted > max) return { ok: false, reason: "exceeds", max };
  const shares: InvoiceShare[] = [];
  let left = wanted;
  for (const item of pool) {
    if (left === 0n) break;
    const take = min(item.invoiceable, left);
    if (take > 0n) shares.push({ key: item.key, amount: take });
    left -= take;
  }
  return { ok: true, shares };
}
