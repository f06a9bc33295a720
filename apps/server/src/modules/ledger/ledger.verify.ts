// The ledger's invariants, checked by `npm run ledger:verify`, after every integration test file and
// after every batch of the randomized ledger run (`npm run bench:ledger-fuzz`): each entry balances,
// each cached balance equals the sum of its lines, each line's balance-after equals the running sum
// of its account, every account keeps its sign rules, every voucher's status fits its balance, and no
// debt settlement allocates more than its bill, withdrawal or entry holds (decision 0032).
import type { Tx } from "../../platform/db/client";
import { settlementBreaks } from "./arrears.repo";
import {
  entriesWithoutLines,
  mismatchedBalances,
  runningBalanceBreaks,
  type Since,
  signBreaks,
  unbalancedEntries,
  voucherBreaks,
} from "./ledger.repo";

export { ledgerHighWater } from "./ledger.repo";

export type LedgerProblem = {
  kind:
    | "unbalanced_entry"
    | "balance_mismatch"
    | "running_balance"
    | "sign_rule"
    | "voucher_status"
    | "debt_settlement";
  detail: string;
};

/**
 * `since`: check only the entries and lines written after that point (a run that verified up to it
 * before); the journal sums are then checked through the running balances, so the whole-ledger check
 * without `since` should still end such a run.
 */
export async function verifyLedger(db: Tx, since?: Since): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await unbalancedEntries(db, since);
  for (const r of unbalanced)
    problems.push({ kind: "unbalanced_entry", detail: `entry ${r.entry_id} sums to ${r.total}` });

  const mismatched = await mismatchedBalances(db, since);
  for (const r of mismatched) {
    problems.push({
      kind: "balance_mismatch",
      detail: `account ${r.id}: cached ${r.balance}, journal ${r.total}`,
    });
  }

  const running = await runningBalanceBreaks(db, since);
  for (const r of running) {
    problems.push({
      kind: "running_balance",
      detail: `line ${r.id} of ${r.account_id}: balance-after differs`,
    });
  }

  const lineless = await entriesWithoutLines(db, since);
  for (const r of lineless) problems.push({ kind: "unbalanced_entry", detail: `entry ${r.id} has no lines` });

  for (const r of await signBreaks(db))
    problems.push({ kind: "sign_rule", detail: `account ${r.id} breaks its sign rule at ${r.balance}` });
  for (const r of await voucherBreaks(db)) {
    problems.push({
      kind: "voucher_status",
      detail: `voucher ${r.code} is ${r.status} with balance ${r.balance ?? "none"}`,
    });
  }
  for (const r of await settlementBreaks(db)) {
    problems.push({
      kind: "debt_settlement",
      detail: `${r.what} ${r.ref}: ${r.settled} settled of ${r.most}`,
    });
  }
  return problems;
}
