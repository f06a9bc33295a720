// The double-entry ledger: every movement of money is one journal entry whose lines sum to zero,
// and the cached balances change in the same transaction as the lines. Entries are never updated
// or deleted; a mistake is corrected by another entry.
import {
  type Allocation,
  allocateCharge,
  allocateChargesInTurn,
  creditOverflow,
  distributeRefund,
  effectiveCreditLimit,
  type Money,
  min,
  orderVouchers,
  type Voucher,
} from "@skyledger/billing";
import type { LedgerMemoKey } from "@skyledger/contracts";
import type { Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { recordDebtSettlement } from "./debt-settlements";
import {
  accountBalance,
  availableVouchers,
  closedVoucherAccounts,
  type EntryKind,
  insertAccountsIfMissing,
  insertEntryWithLines,
  lockTenantAccounts,
  syncVoucherStatuses,
  updateContractCreditLimit,
} from "./ledger.repo";

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
export const arrearsAccountId = (orgId: string) => `arrears:${orgId}`;

export type { EntryKind };
export type Line = { accountId: string; amount: Money };

/**
 * What an entry says of itself: a key with its parameters, which the reader's language renders
 * (so a Chinese console never shows an English sentence stored years ago), or an operator's own
 * remark, kept as typed.
 */
export type LedgerMemo = { key: LedgerMemoKey; params?: Record<string, string | number> } | { text: string };

function memoColumns(memo: LedgerMemo | undefined) {
  if (!memo) return { memo: null, memoKey: null, memoParams: null };
  if ("text" in memo) return { memo: memo.text, memoKey: null, memoParams: null };
  const params = Object.fromEntries(Object.entries(memo.params ?? {}).map(([k, v]) => [k, String(v)]));
  return { memo: null, memoKey: memo.key, memoParams: params };
}
export type EntryInput = {
  orgId: string | null;
  kind: EntryKind;
  referenceType: string;
  referenceId: string;
  memo?: LedgerMemo;
  createdBy?: string | null;
  now: Date;
  lines: Line[];
};

export async function seedPlatformAccounts(tx: Tx, now: Date): Promise<void> {
  for (const [id, kind] of Object.entries(PLATFORM_KINDS)) {
    await insertAccountsIfMissing(tx, [{ id, orgId: null, kind, createdAt: now }]);
  }
}

/** Cash, credit and arrears accounts exist for every organisation that has ever moved money. */
export async function ensureTenantAccounts(tx: Tx, orgId: string, now: Date): Promise<void> {
  await insertAccountsIfMissing(tx, [
    { id: arrearsAccountId(orgId), orgId, kind: "arrears", createdAt: now },
    { id: cashAccountId(orgId), orgId, kind: "cash", createdAt: now },
    { id: creditAccountId(orgId), orgId, kind: "credit", createdAt: now },
  ]);
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
 * Posts one balanced entry. Lines on the same account are merged; the entry, its balance updates and
 * its lines are one statement (ledger.repo.ts), taking the accounts' locks in id order.
 * The database constraints refuse an overdraft even if a caller computed wrongly: that surfaces as
 * INSUFFICIENT_BALANCE and the surrounding transaction rolls back.
 */
export async function postEntry(tx: Tx, input: EntryInput): Promise<bigint> {
  const lines = mergedLines(input.lines);
  let posted: { entry_id: string; account_id: string }[];
  try {
    posted = await insertEntryWithLines(
      tx,
      {
        orgId: input.orgId,
        kind: input.kind,
        referenceType: input.referenceType,
        referenceId: input.referenceId,
        ...memoColumns(input.memo),
        createdBy: input.createdBy ?? null,
        now: input.now,
      },
      lines,
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
  /** The tenant's limit: the larger of the operator's and its contracts' in execution (decision 0029). */
  creditLimit: Money;
  /** The operator's own limit and the contracts' credit it combines. */
  operatorCreditLimit: Money;
  contractCreditLimit: Money;
  creditUsed: Money;
  /** Owed beyond everything the tenant held (the arrears account's balance, negated). */
  debt: Money;
  deductionVouchers: Voucher[];
  topUpVouchers: Voucher[];
};

const tenantAccountIds = (orgId: string) => ({
  arrears: arrearsAccountId(orgId),
  cash: cashAccountId(orgId),
  credit: creditAccountId(orgId),
  orgId,
});

/** The organisation's money sources, locked for the rest of the transaction. */
export async function lockFunding(tx: Tx, orgId: string, now: Date): Promise<Funding> {
  let accounts = await lockTenantAccounts(tx, tenantAccountIds(orgId));
  // The accounts exist once the organisation has moved money: create them only on its first move.
  const has = (id: string) => accounts.some((a) => a.id === id);
  if (!has(cashAccountId(orgId)) || !has(creditAccountId(orgId)) || !has(arrearsAccountId(orgId))) {
    await ensureTenantAccounts(tx, orgId, now);
    accounts = await lockTenantAccounts(tx, tenantAccountIds(orgId));
  }
  // Most organisations hold no voucher: their details are read only when a voucher account was locked.
  const vouchers = accounts.some((a) => a.kind === "voucher") ? await availableVouchers(tx, orgId) : [];
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const cash = byId.get(cashAccountId(orgId))!;
  const credit = byId.get(creditAccountId(orgId))!;
  const arrears = byId.get(arrearsAccountId(orgId))!;
  const toVoucher = (v: (typeof vouchers)[number]): Voucher => ({
    id: v.accountId!,
    balance: byId.get(v.accountId!)?.balance ?? 0n,
    validFrom: v.validFrom,
    validUntil: v.validUntil,
  });
  return {
    cash: cash.balance,
    creditLimit: effectiveCreditLimit(credit.creditLimit, [credit.contractCreditLimit]),
    operatorCreditLimit: credit.creditLimit,
    contractCreditLimit: credit.contractCreditLimit,
    creditUsed: -credit.balance,
    debt: -arrears.balance,
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
          : a.source === "arrears"
            ? arrearsAccountId(orgId)
            : a.sourceId!;
    lines.push(
      { accountId, amount: -sign * a.amount },
      { accountId: counterAccount, amount: sign * a.amount },
    );
  }
  return lines;
}

/** A voucher spent to zero is "used"; one refunded back above zero is "available" again. */
async function syncVoucherStatus(tx: Tx, allocations: Allocation[]): Promise<void> {
  const accountIds = allocations
    .filter((a) => a.source === "deduction_voucher" || a.source === "topup_voucher")
    .map((a) => a.sourceId!);
  if (accountIds.length === 0) return;
  await syncVoucherStatuses(tx, accountIds);
}

/**
 * Credit used, or arrears owed, by a charge may have been repaid since (money arriving settles the
 * debt and repays credit first). Only what is still in use or owed can be given back there; the
 * rest of that share is refunded as cash, as the money that repaid it was.
 */
function repaidAsCash(
  allocations: Allocation[],
  source: "credit" | "arrears",
  stillOwed: Money,
): Allocation[] {
  const share = allocations.find((a) => a.source === source);
  if (!share || share.amount <= stillOwed) return allocations;
  const excess = share.amount - stillOwed;
  const rest = allocations.filter((a) => a !== share && a.source !== "cash");
  const cash = allocations.find((a) => a.source === "cash")?.amount ?? 0n;
  return [
    ...(stillOwed > 0n ? [{ ...share, amount: stillOwed }] : []),
    { source: "cash" as const, amount: cash + excess },
    ...rest,
  ];
}

/**
 * How a refund of `amount` out of `paid` goes back while `creditUsed` credit is in use and `debt`
 * is owed: reverse deduction order (a debt first), whatever was repaid since given back as cash.
 * The unsubscribe inquiry shows the same allocations the refund then posts.
 */
export function refundAllocations(
  amount: Money,
  paid: Allocation[],
  owed: { creditUsed: Money; debt: Money },
): Allocation[] {
  return repaidAsCash(
    repaidAsCash(distributeRefund(amount, paid), "arrears", owed.debt),
    "credit",
    owed.creditUsed,
  );
}

/** What a charge may take from, as the billing engine's allocation reads it. */
const sourcesOf = (funding: Funding, input: { now: Date; arrearsAllowed?: boolean }) => ({
  deductionVouchers: funding.deductionVouchers,
  topUpVouchers: funding.topUpVouchers,
  cashBalance: funding.cash,
  availableCredit: funding.creditLimit - funding.creditUsed,
  now: input.now,
  arrearsAllowed: input.arrearsAllowed ?? false,
});

export type ChargeResult = { entryId: bigint | null; allocations: Allocation[] };

/**
 * Charges an organisation by the deduction order of spec §9 (coupon, deduction vouchers, top-up
 * vouchers, cash, credit). Refuses with INSUFFICIENT_BALANCE, changing nothing, when the sources
 * cannot cover it. `amount` includes the coupon's share; the coupon moves no money.
 */
export async function charge(
  tx: Tx,
  input: Omit<EntryInput, "lines" | "kind" | "orgId"> & {
    orgId: string;
    amount: Money;
    coupon?: { couponId: string; deduction: Money };
    /** Postpaid hours already used: what the sources cannot cover is owed instead of refused. */
    arrearsAllowed?: boolean;
  },
): Promise<ChargeResult> {
  const funding = await lockFunding(tx, input.orgId, input.now);
  const result = allocateCharge({
    charge: input.amount,
    ...(input.coupon ? { coupon: input.coupon } : {}),
    ...sourcesOf(funding, input),
  });
  if (!result.ok) throw new DomainError("INSUFFICIENT_BALANCE");
  return { entryId: await postCharge(tx, input, result.allocations), allocations: result.allocations };
}

/** The entry of a charge's allocations (none when only a coupon paid), vouchers' status kept in step. */
async function postCharge(
  tx: Tx,
  input: Omit<EntryInput, "lines" | "kind" | "orgId"> & { orgId: string },
  allocations: Allocation[],
): Promise<bigint | null> {
  const lines = allocationLines(input.orgId, allocations, PLATFORM.revenue, 1n);
  const entryId = lines.length
    ? await postEntry(tx, {
        orgId: input.orgId,
        kind: "charge",
        referenceType: input.referenceType,
        referenceId: input.referenceId,
        memo: input.memo,
        createdBy: input.createdBy,
        now: input.now,
        lines,
      })
    : null;
  await syncVoucherStatus(tx, allocations);
  return entryId;
}

/**
 * Charges an organisation several amounts in turn (batched metering: one per resource), each by the
 * deduction order from what the ones before it left, as `charge` called once per amount would, but
 * with its money sources locked once and one journal entry for all of them. What no source covers
 * is owed when `arrearsAllowed`; otherwise a charge that cannot be covered refuses them all.
 * Answers, with the allocations, what the organisation owes afterwards.
 */
export async function chargeInTurn(
  tx: Tx,
  input: Omit<EntryInput, "lines" | "kind" | "orgId"> & {
    orgId: string;
    amounts: readonly Money[];
    arrearsAllowed?: boolean;
  },
): Promise<{ entryId: bigint | null; allocations: Allocation[][]; debtAfter: Money }> {
  const funding = await lockFunding(tx, input.orgId, input.now);
  const result = allocateChargesInTurn({ charges: input.amounts, ...sourcesOf(funding, input) });
  if (!result.ok) throw new DomainError("INSUFFICIENT_BALANCE");
  const all = result.allocations.flat();
  // The organisation's accounts are locked: what it owes now is what it owed plus what this took on.
  const debtAfter = all.reduce((d, a) => (a.source === "arrears" ? d + a.amount : d), funding.debt);
  return { entryId: await postCharge(tx, input, all), allocations: result.allocations, debtAfter };
}

/** The vouchers among these allocations that expired or were voided: a refund cannot reopen them. */
export async function closedVouchers(tx: Tx, allocations: Allocation[]): Promise<Set<string>> {
  const voucherIds = allocations.flatMap((a) =>
    a.source.endsWith("_voucher") && a.sourceId ? [a.sourceId] : [],
  );
  if (voucherIds.length === 0) return new Set();
  return new Set(await closedVoucherAccounts(tx, voucherIds));
}

/**
 * Refunds part of an earlier charge to the sources it came from, in reverse deduction order.
 * Coupons are never refunded.
 */
export async function refund(
  tx: Tx,
  input: Omit<EntryInput, "lines" | "kind" | "orgId"> & { orgId: string; amount: Money; paid: Allocation[] },
): Promise<ChargeResult> {
  const funding = await lockFunding(tx, input.orgId, input.now);
  const allocations = refundAllocations(input.amount, input.paid, funding);
  // A voucher that expired or was voided since the charge stays closed: its share goes back to
  // promotions, as its remaining balance did when it closed, instead of being stranded on it.
  const closed = await closedVouchers(tx, allocations);
  const lines = allocationLines(input.orgId, allocations, PLATFORM.refunds, -1n).map((l) =>
    closed.has(l.accountId) ? { ...l, accountId: PLATFORM.promotions } : l,
  );
  const entryId = lines.length ? await postEntry(tx, { ...input, kind: "refund", lines }) : null;
  await syncVoucherStatus(tx, allocations);
  // A debt a refund gives back directly was never paid: it settles the debt, invoiceable nothing.
  const arrearsBack = allocations.filter((a) => a.source === "arrears").reduce((s, a) => s + a.amount, 0n);
  if (entryId !== null && arrearsBack > 0n) {
    await recordDebtSettlement(tx, {
      orgId: input.orgId,
      entryId,
      debtBefore: funding.debt,
      parts: [{ amount: arrearsBack, paid: false }],
      now: input.now,
    });
  }
  // Money given back to a tenant who still owes settles the debt first, as any money arriving does.
  await settleArrears(tx, { orgId: input.orgId, now: input.now, createdBy: input.createdBy ?? null });
  return { entryId, allocations };
}

/**
 * Sets the credit the organisation's contracts in execution give (decision 0029). Credit used
 * beyond the limit left once it shrinks becomes a debt (arrears), and the arrears rules apply to it;
 * credit that grows settles a debt first, as a higher operator's limit does.
 */
export async function setContractCredit(
  tx: Tx,
  input: { orgId: string; limit: Money; now: Date; createdBy: string | null; contractNo: string },
): Promise<{ overflow: Money }> {
  const funding = await lockFunding(tx, input.orgId, input.now);
  const overflow = creditOverflow(
    funding.creditUsed,
    effectiveCreditLimit(funding.operatorCreditLimit, [input.limit]),
  );
  if (overflow > 0n) {
    await postEntry(tx, {
      orgId: input.orgId,
      kind: "credit_withdrawal",
      referenceType: "contract",
      referenceId: input.contractNo,
      memo: { key: "contractCreditWithdrawn", params: { contractNo: input.contractNo } },
      createdBy: input.createdBy,
      now: input.now,
      lines: [
        { accountId: creditAccountId(input.orgId), amount: overflow },
        { accountId: arrearsAccountId(input.orgId), amount: -overflow },
      ],
    });
  }
  await updateContractCreditLimit(tx, creditAccountId(input.orgId), input.limit);
  await settleArrears(tx, input);
  return { overflow };
}

/** What an organisation owes beyond everything it held (0 when nothing), read in `tx`. */
export async function debtOf(tx: Tx, orgId: string): Promise<Money> {
  const balance = await accountBalance(tx, arrearsAccountId(orgId));
  return balance === undefined ? 0n : -balance;
}

/**
 * Money arriving for an organisation: it settles a debt first, then repays credit in use, and the
 * rest becomes cash.
 */
export async function creditIncoming(
  tx: Tx,
  input: Omit<EntryInput, "lines" | "orgId"> & { orgId: string; amount: Money; fromAccount: string },
): Promise<bigint> {
  const funding = await lockFunding(tx, input.orgId, input.now);
  const settle = min(funding.debt, input.amount);
  const repay = min(funding.creditUsed, input.amount - settle);
  const lines: Line[] = [
    { accountId: input.fromAccount, amount: -input.amount },
    { accountId: arrearsAccountId(input.orgId), amount: settle },
    { accountId: creditAccountId(input.orgId), amount: repay },
    { accountId: cashAccountId(input.orgId), amount: input.amount - settle - repay },
  ];
  const entryId = await postEntry(tx, { ...input, lines });
  // Money arriving is money paid: what it settles of bills' arrears becomes invoiceable.
  await recordDebtSettlement(tx, {
    orgId: input.orgId,
    entryId,
    debtBefore: funding.debt,
    parts: [{ amount: settle, paid: true }],
    now: input.now,
  });
  return entryId;
}

/**
 * Settles what an organisation owes from what it holds now, in the deduction order (vouchers, cash,
 * credit): run whenever money may have become available to a tenant in debt other than through
 * `creditIncoming` (a refund, a voucher, a higher credit limit). Changes nothing without a debt.
 */
export async function settleArrears(
  tx: Tx,
  input: { orgId: string; now: Date; createdBy: string | null },
): Promise<Money> {
  const funding = await lockFunding(tx, input.orgId, input.now);
  if (funding.debt === 0n) return 0n;
  const sources = {
    deductionVouchers: funding.deductionVouchers,
    topUpVouchers: funding.topUpVouchers,
    cashBalance: funding.cash,
    availableCredit: funding.creditLimit - funding.creditUsed,
    now: input.now,
  };
  // Vouchers count only while usable now, by the rule the deduction engine applies.
  const usable = orderVouchers([...funding.deductionVouchers, ...funding.topUpVouchers], input.now);
  const available = usable.reduce((s, v) => s + v.balance, sources.cashBalance + sources.availableCredit);
  const amount = min(funding.debt, available);
  if (amount === 0n) return 0n;
  const result = allocateCharge({ ...sources, charge: amount });
  if (!result.ok) throw new Error("settling arrears: the sources no longer cover what they held");
  const entryId = await postEntry(tx, {
    orgId: input.orgId,
    kind: "arrears_settlement",
    referenceType: "arrears",
    referenceId: input.orgId,
    memo: { key: "arrearsSettled" },
    createdBy: input.createdBy,
    now: input.now,
    lines: allocationLines(input.orgId, result.allocations, arrearsAccountId(input.orgId), 1n),
  });
  await syncVoucherStatus(tx, result.allocations);
  // In deduction order: vouchers settle first and are no money paid; cash and credit are.
  await recordDebtSettlement(tx, {
    orgId: input.orgId,
    entryId,
    debtBefore: funding.debt,
    parts: result.allocations.map((a) => ({
      amount: a.amount,
      paid: a.source === "cash" || a.source === "credit",
    })),
    now: input.now,
  });
  return amount;
}
