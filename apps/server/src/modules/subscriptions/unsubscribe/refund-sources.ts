// Where an unsubscribe's refund goes back to, shown by the inquiry before the user confirms: the
// allocations the ledger's refund will post (`refundAllocations`), term by term as the unsubscribe
// refunds them, merged per source in reverse deduction order. Read without locks.
import type { Allocation, Money } from "@skyledger/billing";
import type { Db } from "../../../platform/db/client";
import {
  arrearsAccountId,
  closedVouchers,
  creditAccountId,
  refundAllocations,
} from "../../ledger/ledger.service";
import { mergeAllocations } from "../merge-allocations";
import { accountBalances } from "../subscriptions.repo";

export type RefundSource = Allocation & { voucherClosed: boolean };

export async function refundSources(
  tx: Db,
  orgId: string,
  refunds: { amount: Money; paid: Allocation[] }[],
): Promise<RefundSource[]> {
  const accounts = await accountBalances(tx, [creditAccountId(orgId), arrearsAccountId(orgId)]);
  const owedOn = (id: string) => {
    const balance = accounts.find((a) => a.id === id)?.balance ?? 0n;
    return balance < 0n ? -balance : 0n;
  };
  // The refunds are posted one after another: credit or a debt given back by one is no longer in
  // use or owed for the next.
  const owed = { creditUsed: owedOn(creditAccountId(orgId)), debt: owedOn(arrearsAccountId(orgId)) };
  const all: Allocation[] = [];
  for (const r of refunds) {
    if (r.amount <= 0n) continue;
    const allocations = refundAllocations(r.amount, r.paid, owed);
    for (const a of allocations) {
      if (a.source === "credit") owed.creditUsed -= a.amount;
      if (a.source === "arrears") owed.debt -= a.amount;
    }
    all.push(...allocations);
  }
  const merged = mergeAllocations(all, "refund");
  // The ledger sends a closed voucher's share to the platform (ledger.service `refund`).
  const closed = await closedVouchers(tx, merged);
  return merged.map((a) => ({ ...a, voucherClosed: a.sourceId !== undefined && closed.has(a.sourceId) }));
}
