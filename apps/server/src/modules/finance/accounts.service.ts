// A tenant's account overview (balance, vouchers, credit, arrears), its movements of money
// (account details) and the operator's credit limit.
import { formatYuan, orderVouchers, type Voucher } from "@skyledger/billing";
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { journalEntries, journalLines, ledgerAccounts } from "../ledger/ledger.schema";
import { creditAccountId, ensureTenantAccounts, lockFunding } from "../ledger/ledger.service";
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
    return {
      orgId,
      balance: formatYuan(f.cash),
      creditLimit: formatYuan(f.creditLimit),
      creditUsed: formatYuan(f.creditUsed),
      availableCredit: formatYuan(available),
      arrears: formatYuan(f.creditUsed),
      deductionVoucherBalance: formatYuan(deduction),
      topupVoucherBalance: formatYuan(topup),
      availableToSpend: formatYuan(f.cash + available + deduction + topup),
    };
  }

  return {
    overview,

    /** Every movement on the organisation's cash, credit and voucher accounts, newest first. */
    async deals(orgId: string, pageNum: number, pageSize: number) {
      const cond: SQL = and(
        eq(ledgerAccounts.orgId, orgId),
        inArray(ledgerAccounts.kind, ["cash", "credit", "voucher"]),
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
          account: kind as "cash" | "credit" | "voucher",
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
        await ensureTenantAccounts(tx, orgId, clock.now());
        const [credit] = await tx
          .select()
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.id, creditAccountId(orgId)))
          .for("update");
        if (!credit) throw new DomainError("NOT_FOUND");
        if (-credit.balance > limit) throw new DomainError("CREDIT_LIMIT_BELOW_USED");
        await tx.update(ledgerAccounts).set({ creditLimit: limit }).where(eq(ledgerAccounts.id, credit.id));
      });
      return overview(orgId);
    },
  };
}
