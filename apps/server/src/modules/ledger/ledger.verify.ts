// The ledger's invariants, checked by `npm run ledger:verify` and after every integration test
// file: each entry balances, each cached balance equals the sum of its lines, and each line's
// balance-after equals the running sum of its account.
import type { Tx } from "../../platform/db/client";
import {
  entriesWithoutLines,
  mismatchedBalances,
  runningBalanceBreaks,
  unbalancedEntries,
} from "./ledger.repo";

export type LedgerProblem = {
  kind: "unbalanced_entry" | "balance_mismatch" | "running_balance";
  detail: string;
};

export async function verifyLedger(db: Tx): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await unbalancedEntries(db);
  for (const r of unbalanced)
    problems.push({ kind: "unbalanced_entry", detail: `entry ${r.entry_id} sums to ${r.total}` });

  const mismatched = await mismatchedBalances(db);
  for (const r of mismatched) {
    problems.push({
      kind: "balance_mismatch",
      detail: `account ${r.id}: cached ${r.balance}, journal ${r.total}`,
    });
  }

  const running = await runningBalanceBreaks(db);
  for (const r of running) {
    problems.push({
      kind: "running_balance",
      detail: `line ${r.id} of ${r.account_id}: balance-after differs`,
    });
  }

  const lineless = await entriesWithoutLines(db);
  for (const r of lineless) problems.push({ kind: "unbalanced_entry", detail: `entry ${r.id} has no lines` });
  return problems;
}
