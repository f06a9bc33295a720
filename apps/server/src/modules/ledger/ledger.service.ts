// The double-entry ledger: every movement of money is one journal entry whose lines sum to zero,
// and the cached balances change in the same transaction as the lines. Entries are never updated
// or deleted; a mistake is corrected by another entry.
import {
  type Allocation,
  allocateCharge,
  distributeRefund,
  type Money,
  min,
  type Voucher,
} from "@skyledger/billing";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { cashVouchers } from "../finance/finance.schema";
import { type journalEntries, ledgerAccounts } from "./ledger.schema";

export const PLATFORM = {
  revenue: "platform:revenue",
  refunds: "platform:refunds",
  gatewayClearing: "platform:gateway_clearing",
  promotions: "platform:promotions",
  adjustments: "platform:adjustments",
} as const;

const PLATFORM_KINDS = {
  [PLATFORM.revenue]: "revenue",
  [PLATFORM.refunds]: "refunds",
  [PLATFORM.gatewayClearing]: "gateway_clearing",
  [PLATFORM.promotions]: "promotions",
  [PLATFORM.adjustments]: "adjustments",
} as const;

export const cashAccountId = (orgId: string) => `cash:${orgId}`;
export const creditAccountId = (orgId: string) => `credit:${orgId}`;

export type EntryKind = (typeof journalEntries.$inferInsert)["kind"];
export type Line = { accountId: string; amount: Money };
export type EntryInput = {
  orgId: string | null;
  kind: EntryKind;
  referenceType: string;
  referenceId: string;
  memo?: string;
  createdBy?: string | null;
  now: Date;
  lines: Line[];
};

export async function seedPlatformAccounts(db: Db, now: Date): Promise<void> {
  for (const [id, kind] of Object.entries(PLATFORM_KINDS)) {
    await db.insert(ledgerAccounts).values({ id, orgId: null, kind, createdAt: now }).onConflictDoNothing();
  }
}

/** Cash and credit accounts exist for every organisation that has ever moved money. */
export async function ensureTenantAccounts(tx: Db, orgId: string, now: Date): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values([
      { id: cashAccountId(orgId), orgId, kind: "cash", createdAt: now },
      { id: creditAccountId(orgId), orgId, kind: "credit", createdAt: now },
    ])
    .onConflictDoNothing();
}

function checkViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === "23514";
}

/** An entry's lines with lines on the same account merged and zero lines dropped, in account order. */
function mergedLines(lines: Line[]): [string, Money][] {
  const merged = new Map<string, Money>();
  for (const line of lines) merged.set(line.accountId, (merged.get(line.accountId) ?? 0n) + line.amount);
  const result = [...merged.entries()]
    .filter(([, amount]) => amount !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const total = result.reduce((s, [, amount]) => s + amount, 0n);
  if (total !== 0n) throw new Error(`unbalanced journal entry (${total})`);
  if (result.length < 2) throw new Error("a journal entry moves money between at least two accounts");
  return result;
}

/**
 * Posts one balanced entry. Lines on the same account are merged. The entry, its balance updates and
 * its lines are one statement, one round trip instead of one per line (the accounts stay locked
 * until commit, so every round trip counts on a busy account):
 * - `locked` takes the row locks in account-id order before any row is updated, so concurrent entries
 *   lock accounts in the same order and cannot deadlock (the update only reaches rows `locked` has
 *   already produced, and locking a row this transaction already holds is free);
 * - `moved` adds every line's amount to its account and returns the balance after it;
 * - the lines are inserted from `moved`, so each carries its account's balance after the entry.
 * The database constraints refuse an overdraft even if a caller computed wrongly: that surfaces as
 * INSUFFICIENT_BALANCE and the surrounding transaction rolls back.
 */
export async function postEntry(tx: Db, input: EntryInput): Promise<bigint> {
  const lines = mergedLines(input.lines);
  const ids = sql.join(
    lines.map(([accountId]) => sql`${accountId}`),
    sql`, `,
  );
  const values = sql.join(
    lines.map(([accountId, amount]) => sql`(${accountId}::text, ${amount.toString()}::bigint)`),
    sql`, `,
  );
  let posted: { entry_id: string; account_id: string }[];
  try {
    posted = rowsOf(
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
            (org_id, kind, reference_type, reference_id, memo, created_by, created_at)
          values (${input.orgId}, ${input.kind}, ${input.referenceType}, ${input.referenceId},
            ${input.memo ?? null}, ${input.createdBy ?? null}, ${input.now.toISOString()}::timestamptz)
          returning id
        )
        insert into journal_lines (entry_id, account_id, amount, balance_after)
        select entry.id, moved.id, moved.amount, moved.balance from entry, moved order by moved.id
        returning entry_id::text, account_id`),
    );
  } catch (err) {
    if (checkViolation(err)) throw new DomainError("INSUFFICIENT_BALANCE");
    throw err;
  }
  // A line on an account that does not exist updates nothing and is not inserted: refuse the
  // entry, which would not balance, and let the surrounding transaction roll back.
  const found = new Set(posted.map((p) => p.account_id));
  const unknown = lines.find(([accountId]) => !found.has(accountId));
  if (unknown) throw new Error(`unknown ledger account ${unknown[0]}`);
  return BigInt(posted[0]!.entry_id);
}

export type Funding = {
  cash: Money;
  creditLimit: Money;
  creditUsed: Money;
  deductionVouchers: Voucher[];
  topUpVouchers: Voucher[];
};

/**
 * Locks, in id order, the organisation's cash and credit accounts and the accounts of its
 * available vouchers (one statement: the voucher accounts are found by a subquery).
 */
function lockTenantAccounts(tx: Db, orgId: string) {
  return (
    tx
      .select()
      .from(ledgerAccounts)
      .where(
        // A union rather than `id in (…) or id in (select …)`: an OR over a subquery cannot use the
        // primary key and would scan every account.
        sql`${ledgerAccounts.id} in (
        select ${sql.placeholder("cash")}::text
        union all select ${sql.placeholder("credit")}::text
        union all select ${cashVouchers.accountId} from ${cashVouchers}
          where ${cashVouchers.orgId} = ${sql.placeholder("orgId")}::text and ${cashVouchers.status} = 'available')`,
      )
      .orderBy(asc(ledgerAccounts.id))
      .for("update", { of: ledgerAccounts })
      // A named statement on PostgreSQL: parsed and planned once per connection instead of on
      // every charge (planning this union took longer than running it).
      .prepare("ledger_lock_tenant_accounts")
      .execute({ cash: cashAccountId(orgId), credit: creditAccountId(orgId), orgId })
  );
}

/** The organisation's money sources, locked for the rest of the transaction. */
export async function lockFunding(tx: Db, orgId: string, now: Date): Promise<Funding> {
  let accounts = await lockTenantAccounts(tx, orgId);
  // The accounts exist once the organisation has moved money: create them only on its first move.
  const has = (id: string) => accounts.some((a) => a.id === id);
  if (!has(cashAccountId(orgId)) || !has(creditAccountId(orgId))) {
    await ensureTenantAccounts(tx, orgId, now);
    accounts = await lockTenantAccounts(tx, orgId);
  }
  // Most organisations hold no voucher: their details are read only when a voucher account was locked.
  const vouchers = accounts.some((a) => a.kind === "voucher")
    ? await tx
        .select({
          accountId: cashVouchers.accountId,
          kind: cashVouchers.kind,
          validFrom: cashVouchers.validFrom,
          validUntil: cashVouchers.validUntil,
        })
        .from(cashVouchers)
        .where(and(eq(cashVouchers.orgId, orgId), eq(cashVouchers.status, "available")))
    : [];
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const cash = byId.get(cashAccountId(orgId))!;
  const credit = byId.get(creditAccountId(orgId))!;
  const toVoucher = (v: (typeof vouchers)[number]): Voucher => ({
    id: v.accountId!,
    balance: byId.get(v.accountId!)?.balance ?? 0n,
    validFrom: v.validFrom,
    validUntil: v.validUntil,
  });
  return {
    cash: cash.balance,
    creditLimit: credit.creditLimit,
    creditUsed: -credit.balance,
    deductionVouchers: vouchers.filter((v) => v.kind === "deduction" && v.accountId).map(toVoucher),
    topUpVouchers: vouchers.filter((v) => v.kind === "topup" && v.accountId).map(toVoucher),
  };
}

/** The ledger lines of an allocation: each money source gives, `counterAccount` receives. */
export function allocationLines(
  orgId: string,
  allocations: Allocation[],
  counterAccount: string,
  sign: 1n | -1n,
): Line[] {
  const lines: Line[] = [];
  for (const a of allocations) {
    if (a.source === "coupon") continue;
    const accountId =
      a.source === "cash"
        ? cashAccountId(orgId)
        : a.source === "credit"
          ? creditAccountId(orgId)
          : a.sourceId!;
    lines.push(
      { accountId, amount: -sign * a.amount },
      { accountId: counterAccount, amount: sign * a.amount },
    );
  }
  return lines;
}

/** A voucher spent to zero is "used"; one refunded back above zero is "available" again. */
async function syncVoucherStatus(tx: Db, allocations: Allocation[]): Promise<void> {
  const accountIds = allocations
    .filter((a) => a.source === "deduction_voucher" || a.source === "topup_voucher")
    .map((a) => a.sourceId!);
  if (accountIds.length === 0) return;
  // One statement for all the vouchers touched, reading each balance as the entry left it.
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

/**
 * Credit used by a charge may have been repaid since (money arriving repays credit first). Only
 * the credit still in use can be given back as credit; the rest of the credit's share is refunded
 * as cash, as the money that repaid it was.
 */
function creditRepaidAsCash(allocations: Allocation[], creditUsed: Money): Allocation[] {
  const credit = allocations.find((a) => a.source === "credit");
  if (!credit || credit.amount <= creditUsed) return allocations;
  const excess = credit.amount - creditUsed;
  const rest = allocations.filter((a) => a !== credit && a.source !== "cash");
  const cash = allocations.find((a) => a.source === "cash")?.amount ?? 0n;
  return [
    ...(creditUsed > 0n ? [{ ...credit, amount: creditUsed }] : []),
    { source: "cash" as const, amount: cash + excess },
    ...rest,
  ];
}

/**
 * How a refund of `amount` out of `paid` goes back while `creditUsed` credit is in use: reverse
 * deduction order, credit repaid since the charge given back as cash. The unsubscribe inquiry shows
 * the same allocations the refund then posts.
 */
export function refundAllocations(amount: Money, paid: Allocation[], creditUsed: Money): Allocation[] {
  return creditRepaidAsCash(distributeRefund(amount, paid), creditUsed);
}

export type ChargeResult = { entryId: bigint | null; allocations: Allocation[] };

/**
 * Charges an organisation by the deduction order of spec §9 (coupon, deduction vouchers, top-up
 * vouchers, cash, credit). Refuses with INSUFFICIENT_BALANCE, changing nothing, when the sources
 * cannot cover it. `amount` includes the coupon's share; the coupon moves no money.
 */
export async function charge(
  tx: Db,
  input: Omit<EntryInput, "lines" | "kind" | "orgId"> & {
    orgId: string;
    amount: Money;
    coupon?: { couponId: string; deduction: Money };
  },
): Promise<ChargeResult> {
  const funding = await lockFunding(tx, input.orgId, input.now);
  const result = allocateCharge({
    charge: input.amount,
    ...(input.coupon ? { coupon: input.coupon } : {}),
    deductionVouchers: funding.deductionVouchers,
    topUpVouchers: funding.topUpVouchers,
    cashBalance: funding.cash,
    availableCredit: funding.creditLimit - funding.creditUsed,
    now: input.now,
  });
  if (!result.ok) throw new DomainError("INSUFFICIENT_BALANCE");
  const lines = allocationLines(input.orgId, result.allocations, PLATFORM.revenue, 1n);
  const entryId = lines.length ? await postEntry(tx, { ...input, kind: "charge", lines }) : null;
  await syncVoucherStatus(tx, result.allocations);
  return { entryId, allocations: result.allocations };
}

/** The vouchers among these allocations that expired or were voided: a refund cannot reopen them. */
export async function closedVouchers(tx: Db, allocations: Allocation[]): Promise<Set<string>> {
  const voucherIds = allocations.flatMap((a) =>
    a.source.endsWith("_voucher") && a.sourceId ? [a.sourceId] : [],
  );
  if (voucherIds.length === 0) return new Set();
  const rows = await tx
    .select({ accountId: cashVouchers.accountId })
    .from(cashVouchers)
    .where(
      and(inArray(cashVouchers.accountId, voucherIds), inArray(cashVouchers.status, ["expired", "voided"])),
    );
  return new Set(rows.flatMap((v) => (v.accountId ? [v.accountId] : [])));
}

/**
 * Refunds part of an earlier charge to the sources it came from, in reverse deduction order.
 * Coupons are never refunded.
 */
export async function refund(
  tx: Db,
  input: Omit<EntryInput, "lines" | "kind" | "orgId"> & { orgId: string; amount: Money; paid: Allocation[] },
): Promise<ChargeResult> {
  const funding = await lockFunding(tx, input.orgId, input.now);
  const allocations = refundAllocations(input.amount, input.paid, funding.creditUsed);
  // A voucher that expired or was voided since the charge stays closed: its share goes back to
  // promotions, as its remaining balance did when it closed, instead of being stranded on it.
  const closed = await closedVouchers(tx, allocations);
  const lines = allocationLines(input.orgId, allocations, PLATFORM.refunds, -1n).map((l) =>
    closed.has(l.accountId) ? { ...l, accountId: PLATFORM.promotions } : l,
  );
  const entryId = lines.length ? await postEntry(tx, { ...input, kind: "refund", lines }) : null;
  await syncVoucherStatus(tx, allocations);
  return { entryId, allocations };
}

/** Money arriving for an organisation: it repays credit in use first, the rest becomes cash. */
export async function creditIncoming(
  tx: Db,
  input: Omit<EntryInput, "lines" | "orgId"> & { orgId: string; amount: Money; fromAccount: string },
): Promise<bigint> {
  const funding = await lockFunding(tx, input.orgId, input.now);
  const repay = min(funding.creditUsed, input.amount);
  const lines: Line[] = [
    { accountId: input.fromAccount, amount: -input.amount },
    { accountId: creditAccountId(input.orgId), amount: repay },
    { accountId: cashAccountId(input.orgId), amount: input.amount - repay },
  ];
  return postEntry(tx, { ...input, lines });
}
