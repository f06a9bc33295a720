// Several charges or refunds of one request shown as one: the amounts per source (and voucher)
// added up, in deduction order for a charge or reverse deduction order for a refund.
import { type Allocation, DEDUCTION_ORDER } from "@skyledger/billing";

export function mergeAllocations(allocations: Allocation[], order: "charge" | "refund"): Allocation[] {
  const merged: Allocation[] = [];
  for (const a of allocations) {
    const same = merged.find((m) => m.source === a.source && m.sourceId === a.sourceId);
    if (same) same.amount += a.amount;
    else merged.push({ ...a });
  }
  const rank = (a: Allocation) => DEDUCTION_ORDER.indexOf(a.source);
  // A stable sort: the vouchers of one kind keep the order they were used or restored in.
  return merged
    .filter((a) => a.amount > 0n)
    .sort((a, b) => (order === "charge" ? rank(a) - rank(b) : rank(b) - rank(a)));
}
