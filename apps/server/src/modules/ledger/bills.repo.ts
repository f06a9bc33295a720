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
  const [billNo] = await writeBills(tx, [input]);
  return billNo!;
}

/** The money columns of a bill, signed as the money moved. */
function amountsOf(input: BillInput) {
  const sumOf = (pred: (a: Allocation) => boolean) =>
    (input.allocations ?? []).filter(pred).reduce((s, a) => s + a.amount, 0n);
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
  return { coupon, discount, cash, credit, voucher, arrears, actual, refunded };
}

/**
 * Writes bills made at the same instant (one batch of metering, or a single bill), answering their
 * numbers in order. The day's sequence is advanced once for all of them in the same statement as
 * the inserts, so the sequence row, which every bill of the day updates, stays locked one round
 * trip less. Numbers are B + local day + a sequence zero-padded to at least seven digits.
 */
export async function writeBills(tx: Tx, inputs: readonly BillInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const first = inputs[0]!;
  if (inputs.some((i) => i.now.getTime() !== first.now.getTime() || i.timeZone !== first.timeZone))
    throw new Error("bills written together share their instant");
  const p = localParts(first.now, first.timeZone);
  const day = `${p.year}${p.month}${p.day}`;
  const ids = inputs.map(() => newId());
  const amounts = inputs.map(amountsOf);
  // One array per column, unnested: a statement of the same size whatever the number of bills.
  const column = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
  const texts = (pick: (i: BillInput) => string | null) => column(inputs.map(pick), "text");
  const moneys = (pick: (i: BillInput, k: number) => Money) =>
    column(
      inputs.map((i, k) => pick(i, k).toString()),
      "bigint",
    );
  const times = (pick: (i: BillInput) => Date | null | undefined) =>
    column(
      inputs.map((i) => pick(i)?.toISOString() ?? null),
      "timestamptz",
    );
  const n = inputs.length;
  const written = rowsOf<{ id: string; bill_no: string }>(
    await tx.execute(sql`
      with seq as (
        insert into bill_sequences (day, last) values (${day}, ${n})
        on conflict (day) do update set last = bill_sequences.last + ${n}
        returning last
      ), v as (
        select * from unnest(${column(ids, "text")}, ${texts((i) => i.orgId)}, ${texts((i) => i.type)},
          ${texts((i) => i.productCode)}, ${texts((i) => i.productName.zh)}, ${texts((i) => i.productName.en)},
          ${texts((i) => i.orderNo ?? null)}, ${texts((i) => i.chargeType)},
          ${moneys((i) => i.originalAmount)}, ${moneys((_, k) => amounts[k]!.discount)},
          ${moneys((i) => i.contractDiscount ?? 0n)}, ${moneys((_, k) => amounts[k]!.coupon)},
          ${moneys((_, k) => amounts[k]!.actual)}, ${moneys((_, k) => amounts[k]!.cash)},
          ${moneys((_, k) => amounts[k]!.credit)}, ${moneys((_, k) => amounts[k]!.voucher)},
          ${moneys((_, k) => amounts[k]!.arrears)}, ${moneys((_, k) => amounts[k]!.refunded)},
          ${moneys((i) => i.adjustmentAmount ?? 0n)},
          ${column(
            inputs.map((i) => i.entryId?.toString() ?? null),
            "bigint",
          )},
          ${times((i) => i.usageStart)}, ${times((i) => i.usageEnd)})
          with ordinality as v (id, org_id, type, product_code, product_name, product_name_en, order_no, charge_type,
            original_amount, discount_amount, contract_discount, coupon_deduction, actual_amount, cash_amount,
            credit_amount, voucher_amount, arrears_amount, refund_amount, adjustment_amount, entry_id, usage_start,
            usage_end, ord)
      ), numbered as (
        select v.*, seq.last - ${n} + v.ord as seq_no from v, seq
      )
      insert into bills (id, bill_no, org_id, billing_cycle, type, product_code, product_name, product_name_en, order_no,
        charge_type, original_amount, discount_amount, contract_discount, coupon_deduction, actual_amount, cash_amount,
        credit_amount, voucher_amount, arrears_amount, refund_amount, adjustment_amount, entry_id, usage_start, usage_end,
        created_at)
      select id, 'B' || ${day}::text || lpad(seq_no::text, greatest(7, length(seq_no::text)), '0'),
        org_id, ${`${p.year}-${p.month}`}, type, product_code, product_name, product_name_en, order_no, charge_type,
        original_amount, discount_amount, contract_discount, coupon_deduction, actual_amount, cash_amount,
        credit_amount, voucher_amount, arrears_amount, refund_amount, adjustment_amount, entry_id, usage_start,
        usage_end, ${first.now.toISOString()}::timestamptz
      from numbered
      returning id, bill_no`),
  );
  const numbers = new Map(written.map((r) => [r.id, r.bill_no]));
  return ids.map((id) => numbers.get(id)!);
}
