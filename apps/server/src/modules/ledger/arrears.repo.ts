// The SQL of debt settlements (decision 0032): the origins of what an organisation owes, and how
// each settlement was spread over them. The rule itself is arrears-settlement.ts in packages/billing.
import type { DebtOrigin, SettlementAllocation } from "@skyledger/billing";
import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/client";
import { arrearsSettlements } from "./ledger.schema";

/**
 * The newest debt origins of an organisation that together reach `debt`, oldest first: the arrears
 * parts of its charge bills and its credit withdrawals (the withdrawal's arrears line), in the order
 * the ledger posted them (entry id; bills of one entry by number, as they were charged in turn).
 * Settlements pay the oldest first, so older origins are settled and need not be read.
 */
export async function newestDebtOrigins(tx: Tx, orgId: string, debt: bigint): Promise<DebtOrigin[]> {
  const rows = rowsOf<{ kind: DebtOrigin["kind"]; ref: string; amount: string }>(
    await tx.execute(sql`
      with origins as (
        select b.entry_id, b.bill_no as ref, 'billArrears' as kind, b.arrears_amount as amount
        from bills b
        where b.org_id = ${orgId} and b.type = 'charge' and b.arrears_amount > 0
          and b.entry_id is not null
        union all
        select l.entry_id, l.entry_id::text, 'creditWithdrawal', -l.amount
        from journal_entries e join journal_lines l on l.entry_id = e.id
          join ledger_accounts a on a.id = l.account_id and a.kind = 'arrears'
        where e.org_id = ${orgId} and e.kind = 'credit_withdrawal'
      ), newest as (
        select *, sum(amount) over (order by entry_id desc, ref desc rows unbounded preceding) - amount as newer
        from origins
      )
      select kind, ref, amount::text as amount from newest
      where newer < ${debt.toString()}::bigint
      order by entry_id, ref`),
  );
  return rows.map((r) => ({ kind: r.kind, ref: r.ref, amount: BigInt(r.amount) }));
}

export async function insertArrearsSettlements(
  tx: Tx,
  input: { orgId: string; entryId: bigint; now: Date; allocations: SettlementAllocation[] },
): Promise<void> {
  if (input.allocations.length === 0) return;
  await tx.insert(arrearsSettlements).values(
    input.allocations.map((a) => ({
      orgId: input.orgId,
      entryId: input.entryId,
      billNo: a.kind === "billArrears" ? a.ref : null,
      withdrawalEntryId: a.kind === "creditWithdrawal" ? BigInt(a.ref) : null,
      amount: a.amount,
      paid: a.paid,
      createdAt: input.now,
    })),
  );
}

/**
 * Allocations that say more was settled than there was: of a bill beyond its arrears part, of a
 * credit withdrawal beyond what it withdrew, or by an entry beyond what it paid into the arrears
 * account. Each would count money twice.
 */
export async function settlementBreaks(tx: Tx) {
  return rowsOf<{ what: string; ref: string; settled: string; most: string }>(
    await tx.execute(sql`
      select 'bill' as what, s.bill_no as ref, sum(s.amount)::text as settled, max(b.arrears_amount)::text as most
      from arrears_settlements s join bills b on b.bill_no = s.bill_no
      group by s.bill_no having sum(s.amount) > max(b.arrears_amount)
      union all
      select 'withdrawal', s.withdrawal_entry_id::text, sum(s.amount)::text, max(w.amount)::text
      from arrears_settlements s
        join journal_lines w on w.entry_id = s.withdrawal_entry_id
        join ledger_accounts a on a.id = w.account_id and a.kind = 'credit'
      group by s.withdrawal_entry_id having sum(s.amount) > max(w.amount)
      union all
      select 'entry', s.entry_id::text, sum(s.amount)::text, coalesce(max(l.amount), 0)::text
      from arrears_settlements s
        left join (journal_lines l join ledger_accounts a on a.id = l.account_id and a.kind = 'arrears')
          on l.entry_id = s.entry_id
      group by s.entry_id having sum(s.amount) > coalesce(max(l.amount), 0)
      limit 20`),
  );
}
