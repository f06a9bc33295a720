// Records how a settlement of a debt was spread over the debt's origins, in the transaction of the
// settlement's journal entry (decision 0032): what money settled of a bill's arrears part becomes
// invoiceable, what a voucher or a refund's arrears share settled never does.
import { type Money, type SettlementPart, settleDebt } from "@skyledger/billing";
import type { Tx } from "../../platform/db/client";
import { insertArrearsSettlements, newestDebtOrigins } from "./arrears.repo";

export async function recordDebtSettlement(
  tx: Tx,
  input: {
    orgId: string;
    /** The settlement's journal entry. */
    entryId: bigint;
    /** What the organisation owed just before it, read under the accounts' lock. */
    debtBefore: Money;
    /** Its parts in the order they paid. */
    parts: SettlementPart[];
    now: Date;
  },
): Promise<void> {
  const parts = input.parts.filter((p) => p.amount > 0n);
  if (input.debtBefore <= 0n || parts.length === 0) return;
  const origins = await newestDebtOrigins(tx, input.orgId, input.debtBefore);
  await insertArrearsSettlements(tx, {
    orgId: input.orgId,
    entryId: input.entryId,
    now: input.now,
    allocations: settleDebt(origins, input.debtBefore, parts),
  });
}
