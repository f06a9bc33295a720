// The ledger's invariants, checked by `npm run ledger:verify` and after every integration test
// file: each entry balances, each cached balance equals the sum of its lines, and each line's
// balance-after equals the running sum of its account.
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/client";

export type LedgerProblem = {
  kind: "unbalanced_entry" | "balance_mismatch" | "running_balance";
  detail: string;
};

export async function verifyLedger(db: Db): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = rowsOf<{ entry_id: string; total: string }>(
    await db.execute(sql`
      select entry_id::text, sum(amount)::text as total from journal_lines
      group by entry_id having sum(amount) <> 0`),
  );
  for (const r of unbalanced)
    problems.push({ kind: "unbalanced_entry", detail: `entry ${r.entry_id} sums to ${r.total}` });

  const mismatched = rowsOf<{ id: string; balance: string; total: string }>(
    await db.execute(sql`
      select a.id, a.balance::text, coalesce(sum(l.amount), 0)::text as total
      from ledger_accounts a left join journal_lines l on l.account_id = a.id
      group by a.id, a.balance having a.balance <> coalesce(sum(l.amount), 0)`),
  );
  for (const r of mismatched) {
    problems.push({
      kind: "balance_mismatch",
      detail: `account ${r.id}: cached ${r.balance}, journal ${r.total}`,
    });
  }

  const running = rowsOf<{ id: string; account_id: string }>(
    await db.execute(sql`
      select id::text, account_id from (
        select id, account_id, balance_after,
               sum(amount) over (partition by account_id order by id) as running
        from journal_lines) t
      where balance_after <> running limit 20`),
  );
  for (const r of running) {
    problems.push({
      kind: "running_balance",
      detail: `line ${r.id} of ${r.account_id}: balance-after differs`,
    });
  }

  const entriesWithoutLines = rowsOf<{ id: string }>(
    await db.execute(sql`
      select e.id::text from journal_entries e
      where not exists (select 1 from journal_lines l where l.entry_id = e.id) limit 20`),
  );
  for (const r of entriesWithoutLines)
    problems.push({ kind: "unbalanced_entry", detail: `entry ${r.id} has no lines` });
  return problems;
}
