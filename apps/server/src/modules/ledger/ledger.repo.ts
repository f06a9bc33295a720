// The ledger's SQL: accounts, journal entries and lines, and the voucher rows a charge locks and
// spends. Every function takes the caller's transaction (or the handle outside one); the rules —
// which lines an entry has, in which order sources pay — are in ledger.service.ts.
import type { LedgerMemoKey } from "@skyledger/contracts";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/client";
import { cashVouchers, journalEntries, journalLines, ledgerAccounts } from "./ledger.schema";

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type NewLedgerAccount = typeof ledgerAccounts.$inferInsert;
export type EntryKind = (typeof journalEntries.$inferInsert)["kind"];
export type VoucherStatus = (typeof cashVouchers.$inferSelect)["status"];

/** Creates the accounts that do not exist yet (one statement for all of them). */
export async function insertAccountsIfMissing(tx: Tx, rows: NewLedgerAccount[]): Promise<void> {
  await tx.insert(ledgerAccounts).values(rows).onConflictDoNothing();
}

/** Creates one account; it must not exist (a voucher's account, created when a tenant receives it). */
export async function insertAccount(tx: Tx, row: NewLedgerAccount): Promise<void> {
  await tx.insert(ledgerAccounts).values(row);
}

export type EntryRow = {
  orgId: string | null;
  kind: EntryKind;
  referenceType: string;
  referenceId: string;
  memo: string | null;
  memoKey: LedgerMemoKey | null;
  memoParams: Record<string, string> | null;
  createdBy: string | null;
  now: Date;
};

/**
 * The entry, its balance updates and its lines in one statement, one round trip instead of one per
 * line (the accounts stay locked until commit, so every round trip counts on a busy account):
 * - `locked` takes the row locks in account-id order before any row is updated, so concurrent entries
 *   lock accounts in the same order and cannot deadlock (the update only reaches rows `locked` has
 *   already produced, and locking a row this transaction already holds is free);
 * - `moved` adds every line's amount to its account and returns the balance after it;
 * - the lines are inserted from `moved`, so each carries its account's balance after the entry.
 * Answers the lines inserted; a line on an account that does not exist is not among them.
 */
export async function insertEntryWithLines(
  tx: Tx,
  entry: EntryRow,
  lines: [accountId: string, amount: bigint][],
): Promise<{ entry_id: string; account_id: string }[]> {
  const ids = sql.join(
    lines.map(([accountId]) => sql`${accountId}`),
    sql`, `,
  );
  const values = sql.join(
    lines.map(([accountId, amount]) => sql`(${accountId}::text, ${amount.toString()}::bigint)`),
    sql`, `,
  );
  return rowsOf(
    await tx.execute(sql`
        with locked as materialized (
          select id from ledger_accounts where id in (${ids}) order by id for update
        ), moved as (
          update ledger_accounts a set balance = a.balance + v.amount
          from (values ${values}) v(id, amount) join locked l on l.id = v.id
          where a.id = v.id
          returning a.id, v.amount, a.balance
        ), entry as (
          insert into journal_entries
            (org_id, kind, reference_type, reference_id, memo, memo_key, memo_params, created_by, created_at)
          values (${entry.orgId}, ${entry.kind}, ${entry.referenceType}, ${entry.referenceId},
            ${entry.memo}, ${entry.memoKey},
            ${entry.memoParams === null ? null : JSON.stringify(entry.memoParams)}::jsonb,
            ${entry.createdBy}, ${entry.now.toISOString()}::timestamptz)
          returning id
        )
        insert into journal_lines (entry_id, account_id, amount, balance_after)
        select entry.id, moved.id, moved.amount, moved.balance from entry, moved order by moved.id
        returning entry_id::text, account_id`),
  );
}

/**
 * Locks, in id order, the organisation's arrears, cash and credit accounts and the accounts of its
 * available vouchers (one statement: the voucher accounts are found by a subquery).
 */
export function lockTenantAccounts(
  tx: Tx,
  ids: { arrears: string; cash: string; credit: string; orgId: string },
): Promise<LedgerAccountRow[]> {
  return (
    tx
      .select()
      .from(ledgerAccounts)
      .where(
        // A union rather than `id in (…) or id in (select …)`: an OR over a subquery cannot use the
        // primary key and would scan every account.
        sql`${ledgerAccounts.id} in (
        select ${sql.placeholder("arrears")}::text
        union all select ${sql.placeholder("cash")}::text
        union all select ${sql.placeholder("credit")}::text
        union all select ${cashVouchers.accountId} from ${cashVouchers}
          where ${cashVouchers.orgId} = ${sql.placeholder("orgId")}::text and ${cashVouchers.status} = 'available')`,
      )
      .orderBy(asc(ledgerAccounts.id))
      .for("update", { of: ledgerAccounts })
      // A named statement on PostgreSQL: parsed and planned once per connection instead of on
      // every charge (planning this union took longer than running it).
      .prepare("ledger_lock_tenant_accounts")
      .execute(ids)
  );
}

/** The organisation's available vouchers (their balances are their accounts'). */
export function availableVouchers(tx: Tx, orgId: string) {
  return tx
    .select({
      accountId: cashVouchers.accountId,
      kind: cashVouchers.kind,
      validFrom: cashVouchers.validFrom,
      validUntil: cashVouchers.validUntil,
    })
    .from(cashVouchers)
    .where(and(eq(cashVouchers.orgId, orgId), eq(cashVouchers.status, "available")));
}

/**
 * A voucher spent to zero becomes "used", one above zero "available": one statement for all the
 * vouchers given, reading each balance as the entry left it.
 */
export async function syncVoucherStatuses(tx: Tx, accountIds: string[]): Promise<void> {
  await tx.execute(sql`
    update ${cashVouchers} set status = case when a.balance = 0 then 'used' else 'available' end
    from ${ledgerAccounts} a
    where a.id = ${cashVouchers.accountId}
      and ${cashVouchers.accountId} in (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      and ${cashVouchers.status} in ('available', 'used')`);
}

/** The accounts among these vouchers' whose voucher expired or was voided. */
export async function closedVoucherAccounts(tx: Tx, accountIds: string[]): Promise<string[]> {
  const rows = await tx
    .select({ accountId: cashVouchers.accountId })
    .from(cashVouchers)
    .where(
      and(inArray(cashVouchers.accountId, accountIds), inArray(cashVouchers.status, ["expired", "voided"])),
    );
  return rows.flatMap((v) => (v.accountId ? [v.accountId] : []));
}

/** An account's balance, or undefined when it does not exist. */
export async function accountBalance(tx: Tx, accountId: string): Promise<bigint | undefined> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row?.balance;
}

/** One account, locked for the rest of the transaction. */
export async function lockAccount(tx: Tx, accountId: string): Promise<LedgerAccountRow | undefined> {
  const [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId)).for("update");
  return row;
}

export async function updateCreditLimit(tx: Tx, accountId: string, limit: bigint): Promise<void> {
  await tx.update(ledgerAccounts).set({ creditLimit: limit }).where(eq(ledgerAccounts.id, accountId));
}

/** Sets the credit a tenant's contracts in execution give (decision 0029); the credit account is locked. */
export async function updateContractCreditLimit(tx: Tx, accountId: string, limit: bigint): Promise<void> {
  await tx.update(ledgerAccounts).set({ contractCreditLimit: limit }).where(eq(ledgerAccounts.id, accountId));
}

/** Balances and credit limits of these accounts, read without locks (quotes). */
export function accountsOf(tx: Tx, accountIds: string[]) {
  return tx
    .select({
      id: ledgerAccounts.id,
      balance: ledgerAccounts.balance,
      creditLimit: ledgerAccounts.creditLimit,
      contractCreditLimit: ledgerAccounts.contractCreditLimit,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds));
}

/** The organisation's vouchers in these statuses with their balances, read without locks. */
export function vouchersWithBalances(tx: Tx, orgId: string, statuses: VoucherStatus[]) {
  return tx
    .select({
      id: cashVouchers.accountId,
      kind: cashVouchers.kind,
      balance: ledgerAccounts.balance,
      validFrom: cashVouchers.validFrom,
      validUntil: cashVouchers.validUntil,
    })
    .from(cashVouchers)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, cashVouchers.accountId))
    .where(and(eq(cashVouchers.orgId, orgId), inArray(cashVouchers.status, statuses)));
}

// Movements (account details)

const tenantAccountKinds = ["cash", "credit", "arrears", "voucher"] as const;
const tenantMovements = (orgId: string) =>
  and(eq(ledgerAccounts.orgId, orgId), inArray(ledgerAccounts.kind, [...tenantAccountKinds]))!;

/** A page of the lines on an organisation's cash, credit, arrears and voucher accounts, newest first. */
export function tenantMovementsPage(tx: Tx, orgId: string, limit: number, offset: number) {
  return tx
    .select({ line: journalLines, entry: journalEntries, kind: ledgerAccounts.kind })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(tenantMovements(orgId))
    .orderBy(desc(journalLines.id))
    .limit(limit)
    .offset(offset);
}

export function tenantMovementsCount(tx: Tx, orgId: string) {
  return tx
    .select({ n: count() })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(tenantMovements(orgId));
}

/** Every line on one account with its entry, newest first. */
export function accountMovements(tx: Tx, accountId: string) {
  return tx
    .select({ line: journalLines, entry: journalEntries })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(eq(journalLines.accountId, accountId))
    .orderBy(desc(journalLines.id));
}

// The invariants (ledger.verify.ts). `since` narrows a check to what was written after a point
// already verified (the randomized ledger run checks after every batch); without it, everything.

/** The last entry and line written: where an incremental check starts next time. */
export async function ledgerHighWater(tx: Tx): Promise<{ entryId: bigint; lineId: bigint }> {
  const [row] = rowsOf<{ entry_id: string; line_id: string }>(
    await tx.execute(sql`
      select coalesce((select max(id) from journal_entries), 0)::text as entry_id,
             coalesce((select max(id) from journal_lines), 0)::text as line_id`),
  );
  return { entryId: BigInt(row!.entry_id), lineId: BigInt(row!.line_id) };
}

export type Since = { entryId: bigint; lineId: bigint };

export async function unbalancedEntries(tx: Tx, since?: Since) {
  return rowsOf<{ entry_id: string; total: string }>(
    await tx.execute(sql`
      select entry_id::text, sum(amount)::text as total from journal_lines
      where entry_id > ${(since?.entryId ?? 0n).toString()}::bigint
      group by entry_id having sum(amount) <> 0`),
  );
}

export async function mismatchedBalances(tx: Tx, since?: Since) {
  if (since) {
    // The accounts that moved since: once each line's running balance is checked, the cached balance
    // must equal the balance after the account's last line.
    return rowsOf<{ id: string; balance: string; total: string }>(
      await tx.execute(sql`
        select a.id, a.balance::text, last.balance_after::text as total
        from ledger_accounts a
        join lateral (select balance_after from journal_lines l
                      where l.account_id = a.id order by l.id desc limit 1) last on true
        where a.id in (select account_id from journal_lines where id > ${since.lineId.toString()}::bigint)
          and a.balance <> last.balance_after`),
    );
  }
  return rowsOf<{ id: string; balance: string; total: string }>(
    await tx.execute(sql`
      select a.id, a.balance::text, coalesce(sum(l.amount), 0)::text as total
      from ledger_accounts a left join journal_lines l on l.account_id = a.id
      group by a.id, a.balance having a.balance <> coalesce(sum(l.amount), 0)`),
  );
}

export async function runningBalanceBreaks(tx: Tx, since?: Since) {
  if (since) {
    // Each new line against the one before it on its account (found by the (account, id) index).
    return rowsOf<{ id: string; account_id: string }>(
      await tx.execute(sql`
        select l.id::text, l.account_id from journal_lines l
        where l.id > ${since.lineId.toString()}::bigint
          and l.balance_after <> l.amount + coalesce((
            select p.balance_after from journal_lines p
            where p.account_id = l.account_id and p.id < l.id order by p.id desc limit 1), 0)
        limit 20`),
    );
  }
  return rowsOf<{ id: string; account_id: string }>(
    await tx.execute(sql`
      select id::text, account_id from (
        select id, account_id, balance_after,
               sum(amount) over (partition by account_id order by id) as running
        from journal_lines) t
      where balance_after <> running limit 20`),
  );
}

export async function entriesWithoutLines(tx: Tx, since?: Since) {
  return rowsOf<{ id: string }>(
    await tx.execute(sql`
      select e.id::text from journal_entries e
      where e.id > ${(since?.entryId ?? 0n).toString()}::bigint
        and not exists (select 1 from journal_lines l where l.entry_id = e.id) limit 20`),
  );
}

/**
 * Accounts outside their sign rules: cash or a voucher below zero, credit above zero or beyond the
 * limit, arrears above zero. The table's constraints refuse these; this says so if one was lost.
 */
export async function signBreaks(tx: Tx) {
  return rowsOf<{ id: string; balance: string }>(
    await tx.execute(sql`
      select id, balance::text from ledger_accounts
      where (kind in ('cash', 'voucher') and balance < 0)
         or (kind = 'credit' and (balance > 0 or balance < -greatest(credit_limit, contract_credit_limit)))
         or (kind = 'arrears' and balance > 0)
      limit 20`),
  );
}

/**
 * Vouchers whose status and balance disagree: an undistributed voucher has no account, a held one
 * has; its balance is never above its face value; a used, expired or voided voucher holds nothing,
 * an available one something.
 */
export async function voucherBreaks(tx: Tx) {
  return rowsOf<{ code: string; status: string; balance: string | null }>(
    await tx.execute(sql`
      select v.code, v.status, a.balance::text as balance
      from cash_vouchers v left join ledger_accounts a on a.id = v.account_id
      where (v.status = 'undistributed' and v.account_id is not null)
         or (v.status in ('available', 'used') and a.id is null)
         or a.balance > v.face_value
         or (v.status in ('used', 'expired', 'voided') and a.balance <> 0)
         or (v.status = 'available' and a.balance = 0)
      limit 20`),
  );
}
