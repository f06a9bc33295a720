// A tenant's account overview (balance, vouchers, credit, arrears), its movements of money
// (account details) and the operator's credit limit.
import { effectiveCreditLimit, formatYuan, orderVouchers, type Voucher } from "@skyledger/billing";
import { createAudit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { type PageRequest, pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { orgExists } from "../iam/users.repo";
import { tenantMovementsCount, tenantMovementsPage, updateCreditLimit } from "../ledger/ledger.repo";
import { creditAccountId, lockFunding, settleArrears } from "../ledger/ledger.service";
import { parseAmount } from "./amounts";
import { createMoneyControls } from "./money-controls";
import { orgsCount, orgsPage } from "./orgs.repo";

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService(db: Db, clock: Clock, controls = createMoneyControls(clock)) {
  const audit = createAudit(clock);

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

  async function mustOrg(orgId: string) {
    if (!(await orgExists(db, orgId))) throw new DomainError("NOT_FOUND");
  }

  /** Every movement on the organisation's cash, credit, arrears and voucher accounts, newest first. */
  function deals(orgId: string, page: PageRequest) {
    return pageOf(
      page,
      (limit, offset) => tenantMovementsPage(db, orgId, limit, offset),
      tenantMovementsCount(db, orgId),
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
        memoKey: entry.memoKey,
        memoParams: entry.memoParams,
      }),
    );
  }

  return {
    overview,

    /** The caller's organisation's account. */
    own(ctx: RequestContext) {
      return overview(ctx.ownTenant());
    },

    /** The money maxima the forms show; operators with finance rights also see the four-eyes threshold. */
    moneyLimits(ctx: RequestContext) {
      return controls.limits(db, ctx.actor.permissions.has("BI"));
    },

    /** The caller's organisation's movements of money. */
    ownDeals(ctx: RequestContext, page: PageRequest) {
      return deals(ctx.ownTenant(), page);
    },

    /** Operators' list of tenant organisations, by a name fragment matched literally. */
    orgs(filter: PageRequest & { keyword?: string | undefined }) {
      return pageOf(
        filter,
        (limit, offset) => orgsPage(db, filter.keyword, limit, offset),
        orgsCount(db, filter.keyword),
        (o) => ({ orgId: o.id, name: o.name, email: o.email, createdAt: o.createdAt.toISOString() }),
      );
    },

    /** A tenant's overview for operators: an organisation that does not exist is not found. */
    async overviewOfOrg(orgId: string) {
      await mustOrg(orgId);
      return overview(orgId);
    },

    /** One organisation's movements of money, for operators. */
    async dealsOfOrg(orgId: string, page: PageRequest) {
      return deals(orgId, page);
    },

    /** Sets an existing organisation's credit limit (NOT_FOUND for any other). */
    async setCreditLimit(ctx: RequestContext, orgId: string, body: { creditLimit: string }) {
      await mustOrg(orgId);
      const limit = parseAmount(body.creditLimit);
      await db.transaction(async (tx) => {
        await controls.assertWithin(tx, "creditLimit", limit);
        const now = clock.now();
        // Every account of the organisation locked in id order, as each money movement locks them.
        const funding = await lockFunding(tx, orgId, now);
        // A contract in execution may hold the tenant's limit above the operator's (decision 0029).
        if (funding.creditUsed > effectiveCreditLimit(limit, [funding.contractCreditLimit])) {
          throw new DomainError("CREDIT_LIMIT_BELOW_USED");
        }
        await updateCreditLimit(tx, creditAccountId(orgId), limit);
        // Credit made available to a tenant who owes settles the debt first.
        await settleArrears(tx, { orgId, now, createdBy: ctx.actor.userId });
        await audit.record(tx, {
          action: "creditLimit.set",
          ...ctx.auditBy,
          orgId,
          target: orgId,
          detail: { creditLimit: { from: formatYuan(funding.operatorCreditLimit), to: formatYuan(limit) } },
        });
      });
      return overview(orgId);
    },
  };
}
