// Bill records (spec §3 "Bill"): every charge, refund and adjustment writes one.
import type { Allocation, Money } from "@skyledger/billing";
import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/client";
import { newId } from "../../platform/ids";
import { localParts } from "../../platform/time-zone";

/** A bill line's name in both languages: a product's two names, or data shown as typed in both. */
export type BillName = { zh: string; en: string };

/** A name that is data (a resource's, a reason typed by an operator): the same in both languages. */
export const asTyped = (name: string): BillName => ({ zh: name, en: name });

/** A product's (or package offer's) two names. */
export const namesOf = (p: { nameZh: string; nameEn: string }): BillName => ({ zh: p.nameZh, en: p.nameEn });

export type BillInput = {
  orgId: string;
  type: "charge" | "refund" | "adjustment";
  productCode: string;
  productName: BillName;
  orderNo?: string | null;
  chargeType: "prepaid" | "postpaid" | "none";
  originalAmount: Money;
  discountAmount?: Money;
  /** The contract discount's part of `discountAmount` (decision 0029). */
  contractDiscount?: Money;
  couponDeduction?: Money;
  /** How the money moved: the allocation of a charge or refund over the sources. */
  allocations?: Allocation[];
  adjustmentAmount?: Money;
  entryId: bigint | null;
  usageStart?: Date | null;
  usageEnd?: Date | null;
  now: Date;
  timeZone: string;
};

export async function writeBill(tx: Tx, input: BillInput): Promise<string> {
  const sumOf = (pred: (a: Allocation) => boolean) =>
    (input.allocations ?? []).filter(pred).reduce((s, a) => s + a.amount, 0n);
  const p = localParts(input.now, input.timeZone);
  const day = `${p.year}${p.month}${p.day}`;
  const coupon = input.couponDeduction ?? sumOf((a) => a.source === "coupon");
  const discount = input.discountAmount ?? 0n;
  // The money columns are signed as the money moved: what a charge took is positive, what a refund
  // gave back negative, so a cycle's sums are what was paid net of refunds (and add up to the journal).
  const sign = input.type === "refund" ? -1n : 1n;
  const cash = sign * sumOf((a) => a.source === "cash");
  const credit = sign * sumOf((a) => a.source === "credit");
  const voucher = sign * sumOf((a) => a.source === "deduction_voucher" || a.source === "topup_voucher");
  const arrears = sign * sumOf((a) => a.source === "arrears");
  // An adjustment is nothing the tenant owes: its amount is the adjustment column's, signed as the
  // money moved (credited above zero), and nothing is due.
  const actual = input.type === "adjustment" ? 0n : input.originalAmount - discount - coupon;
  const refunded = input.type === "refund" ? -(cash + credit + voucher + arrears) : 0n;
  const money = (m: Money) => sql`${m.toString()}::bigint`;
  const time = (d: Date | null | undefined) => (d ? sql`${d.toISOString()}::timestamptz` : sql`null`);
  // The day's next bill number and the bill are one statement: the day's sequence row, which every
  // bill of the day updates, stays locked one round trip less. Numbers are B + local day + a
  // sequence zero-padded to at least seven digits.
  const [row] = rowsOf<{ bill_no: string }>(
    await tx.execute(sql`
      with seq as (
        insert into bill_sequences (day, last) values (${day}, 1)
        on conflict (day) do update set last = bill_sequences.last + 1
        returning last
      )
      insert into bills (id, bill_no, org_id, billing_cycle, type, product_code, product_name, product_name_en, order_no,
        charge_type, original_amount, discount_amount, contract_discount, coupon_deduction, actual_amount, cash_amount,
        credit_amount, voucher_amount, arrears_amount, refund_amount, adjustment_amount, entry_id, usage_start, usage_end,
        created_at)
      select ${newId()}, 'B' || ${day}::text || lpad(seq.last::text, greatest(7, length(seq.last::text)), '0'),
        ${input.orgId}, ${`${p.year}-${p.month}`}, ${input.type}, ${input.productCode}, ${input.productName.zh}, ${input.productName.en},
        ${input.orderNo ?? null}, ${input.chargeType}, ${money(input.originalAmount)}, ${money(discount)},
        ${money(input.contractDiscount ?? 0n)}, ${money(coupon)}, ${money(actual)}, ${money(cash)}, ${money(credit)}, ${money(voucher)}, ${money(arrears)},
        ${money(refunded)},
        ${money(input.adjustmentAmount ?? 0n)},
        ${input.entryId === null ? sql`null` : money(input.entryId)}, ${time(input.usageStart)},
        ${time(input.usageEnd)}, ${time(input.now)}
      from seq
      returning bill_no`),
  );
  return row!.bill_no;
}
