// A tenant's account overview (balance, vouchers, credit, arrears), its movements of money
// (account details) and the operator's credit limit.
import { formatYuan, orderVouchers, type Voucher } from "@skyledger/billing";
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { journalEntries, journalLines, ledgerAccounts } from "../ledger/ledger.schema";
import { creditAccountId, lockFunding, settleArrears } from "../ledger/ledger.service";
import { parseAmount } from "./amounts";
import { createMoneyControls } from "./money-controls";

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(db: Db, clock: Clock, controls = createMoneyControls(clock)) {
  async function overview(orgId: string) {
    // A read-only snapshot: lockFunding's row locks end with this short transaction.
    const now = clock.now();
    const f = await db.transaction((tx) => lockFunding(tx, orgId, now));
    // Only what a charge could take now: vouchers not yet valid or past their end (until the sweep
    // closes them) are left out, by the same rule the deduction engine applies.
    const sumOf = (vs: Voucher[]) => orderVouchers(vs, now).reduce((s, v) => s + v.balance, 0n);
    const available = f.creditLimit - f.creditUsed;
    const deduction = sumOf(f.deductionVouchers);
    const topup = sumOf(f.topUpVouchers);
    // A debt shows as a negative balance: postpaid hours used beyond the money and credit held.
    return {
      orgId,
      balance: formatYuan(f.cash - f.debt),
      creditLimit: formatYuan(f.creditLimit),
      creditUsed: formatYuan(f.creditUsed),
      availableCredit: formatYuan(available),
      arrears: formatYuan(f.debt),
      deductionVoucherBalance: formatYuan(deduction),
      topupVoucherBalance: formatYuan(topup),
      availableToSpend: formatYuan(f.cash + available + deduction + topup),
    };
  }

  return {
    overview,

    /** Every movement on the organisation's cash, credit, arrears and voucher accounts, newest first. */
    async deals(orgId: string, pageNum: number, pageSize: number) {
      const cond: SQL = and(
        eq(ledgerAccounts.orgId, orgId),
        inArray(ledgerAccounts.kind, ["cash", "credit", "arrears", "voucher"]),
      )!;
      const base = db
        .select({ line: journalLines, entry: journalEntries, kind: ledgerAccounts.kind })
        .from(journalLines)
        .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
        .where(cond);
      return pageOf(
        { pageNum, pageSize },
        (limit, offset) => base.orderBy(desc(journalLines.id)).limit(limit).offset(offset),
        db
          .select({ n: count() })
          .from(journalLines)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
          .where(cond),
        ({ line, entry, kind }) => ({
          id: line.id.toString(),
          entryId: entry.id.toString(),
          time: entry.createdAt.toISOString(),
          type: entry.kind,
          account: kind as "cash" | "credit" | "arrears" | "voucher",
          amount: formatYuan(line.amount),
          balanceAfter: formatYuan(line.balanceAfter),
          referenceType: entry.referenceType,
          referenceId: entry.referenceId,
          memo: entry.memo,
        }),
      );
    },

    async setCreditLimit(orgId: string, limitText: string) {
      const limit = parseAmount(limitText);
      await db.transaction(async (tx) => {
        await controls.assertWithin(tx, "creditLimit", limit);
        const now = clock.now();
        // Every account of the organisation locked in id order, as each money movement locks them.
        const funding = await lockFunding(tx, orgId, now);
        if (funding.creditUsed > limit) throw new DomainError("CREDIT_LIMIT_BELOW_USED");
        await tx
          .update(ledgerAccounts)
          .set({ creditLimit: limit })
          .where(eq(ledgerAccounts.id, creditAccountId(orgId)));
        // Credit made available to a tenant who owes settles the debt first.
        await settleArrears(tx, { orgId, now, createdBy: null });
      });
      return overview(orgId);
    },
  };
}
