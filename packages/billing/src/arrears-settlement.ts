// Which debt a settlement pays, and whether that makes it invoiceable (docs/billing/rules.md §16,
// decision 0032). An organisation's debt has origins in time order: the arrears parts of bills
// (postpaid hours no source covered) and credit withdrawals (credit in use that became debt when
// the limit shrank). Settlements pay the oldest origin first. A bill's arrears part becomes
// invoiceable as far as money settled it (a top-up, a positive adjustment, cash or credit), never
// when a voucher or a refund's arrears share did (no money was paid). A credit withdrawal is never
// invoiceable again: its credit was already counted on the credit parts of the bills that used it.
import { type Money, min } from "./money";

export type DebtOrigin = {
  kind: "billArrears" | "creditWithdrawal";
  /** The bill number, or the withdrawal's journal entry id. */
  ref: string;
  amount: Money;
};

/** An origin and what of it is still owed. */
export type OutstandingOrigin = DebtOrigin & { outstanding: Money };

/** One part of a settlement, in the order it pays: `paid` when it is money. */
export type SettlementPart = { amount: Money; paid: boolean };

export type SettlementAllocation = {
  kind: DebtOrigin["kind"];
  ref: string;
  amount: Money;
  paid: boolean;
};

/**
 * What of the origins (oldest first) is still owed when the organisation owes `debt`. Settlements
 * always pay the oldest first, so what is owed is the newest origins summing to `debt`, the oldest
 * of them only in part. This needs no record of earlier settlements, so it holds for debts older
 * than the records too. Should the origins sum to less than the debt, the rest belongs to no origin
 * (and is never invoiceable).
 */
export function outstandingOrigins(origins: readonly DebtOrigin[], debt: Money): OutstandingOrigin[] {
  const out: OutstandingOrigin[] = [];
  let left = debt;
  for (let i = origins.length - 1; i >= 0 && left > 0n; i--) {
    const origin = origins[i]!;
    if (origin.amount <= 0n) continue;
    const outstanding = min(origin.amount, left);
    out.push({ ...origin, outstanding });
    left -= outstanding;
  }
  return out.reverse();
}

/**
 * Spreads a settlement's parts, in their order, over the outstanding origins, oldest first. What
 * exceeds the outstanding origins (a debt that belongs to none) is not allocated.
 */
export function allocateSettlement(
  outstanding: readonly OutstandingOrigin[],
  parts: readonly SettlementPart[],
): SettlementAllocation[] {
  const queue = outstanding.map((o) => ({ ...o }));
  const out: SettlementAllocation[] = [];
  let at = 0;
  for (const part of parts) {
    let left = part.amount;
    while (left > 0n && at < queue.length) {
      const origin = queue[at]!;
      const take = min(origin.outstanding, left);
      const last = out[out.length - 1];
      if (last && last.ref === origin.ref && last.kind === origin.kind && last.paid === part.paid) {
        last.amount += take;
      } else {
        out.push({ kind: origin.kind, ref: origin.ref, amount: take, paid: part.paid });
      }
      origin.outstanding -= take;
      left -= take;
      if (origin.outstanding === 0n) at++;
    }
  }
  return out;
}

/** A settlement of `parts` while `debt` is owed over `origins` (oldest first). */
export const settleDebt = (
  origins: readonly DebtOrigin[],
  debt: Money,
  parts: readonly SettlementPart[],
): SettlementAllocation[] => allocateSettlement(outstandingOrigins(origins, debt), parts);

/** What of a settlement's allocations makes bills invoiceable, by bill number. */
export function invoiceableSettled(allocations: readonly SettlementAllocation[]): Map<string, Money> {
  const byBill = new Map<string, Money>();
  for (const a of allocations) {
    if (a.kind === "billArrears" && a.paid) byBill.set(a.ref, (byBill.get(a.ref) ?? 0n) + a.amount);
  }
  return byBill;
}
