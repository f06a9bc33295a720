// Operator finance endpoints (BI): tenants' accounts, manual recharges, credit limits, cash
// vouchers, coupons, balance adjustments — the money ones under the four-eyes rule, decided by a
// second operator — failed payment notifications, and everyone's bills.
import { endpoints } from "@skyledger/contracts";
import { count, desc, eq, ilike } from "drizzle-orm";
import { containsPattern } from "../../platform/db/like";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { idempotencyKeyOf, once } from "../../platform/idempotency";
import type { ModuleContext } from "../../platform/module";
import { organizations } from "../iam/iam.schema";
import type { AdjustmentsService } from "./adjustments.service";
import { parseAmount } from "./amounts";
import type { FinanceServices } from "./finance.routes";
import type { ManualRechargesService } from "./manual-recharges.service";
import type { PaymentFailuresService } from "./payment-failures.service";
import type { VoucherIssuesService } from "./voucher-issues.service";

export function registerFinanceOpsRoutes(
  { app, guards, userRoute }: ModuleContext,
  s: FinanceServices & {
    adjustments: AdjustmentsService;
    manualRecharges: ManualRechargesService;
    voucherIssues: VoucherIssuesService;
    paymentFailures: PaymentFailuresService;
  },
) {
  const ok = { ok: true as const };

  async function mustOrg(orgId: string) {
    const [org] = await s.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    if (!org) throw new DomainError("NOT_FOUND");
  }

  userRoute(app, guards, endpoints.financeOps.listOrgs, async ({ query }) => {
    const cond = query.keyword ? ilike(organizations.name, containsPattern(query.keyword)) : undefined;
    return pageOf(
      query,
      (limit, offset) =>
        s.db
          .select()
          .from(organizations)
          .where(cond)
          .orderBy(desc(organizations.createdAt))
          .limit(limit)
          .offset(offset),
      s.db.select({ n: count() }).from(organizations).where(cond),
      (o) => ({ orgId: o.id, name: o.name, email: o.email, createdAt: o.createdAt.toISOString() }),
    );
  });

  userRoute(app, guards, endpoints.financeOps.orgAccount, async ({ params }) => {
    await mustOrg(params.orgId);
    return s.accounts.overview(params.orgId);
  });

  userRoute(app, guards, endpoints.financeOps.orgDeals, ({ params, query }) =>
    s.accounts.deals(params.orgId, query.pageNum, query.pageSize),
  );

  userRoute(app, guards, endpoints.financeOps.setCreditLimit, async ({ params, body }) => {
    await mustOrg(params.orgId);
    return s.accounts.setCreditLimit(params.orgId, body.creditLimit);
  });

  userRoute(app, guards, endpoints.financeOps.recordManualRecharge, ({ body, principal, req }) =>
    once(s.db, s.clock, `manual:${principal.userId}`, idempotencyKeyOf(req), body, (tx) =>
      s.manualRecharges.request(
        tx,
        {
          orgId: body.orgId,
          amount: parseAmount(body.amount),
          remark: body.remark,
          evidenceFileId: body.evidenceFileId,
        },
        principal.userId,
        req.ip,
      ),
    ),
  );

  userRoute(app, guards, endpoints.financeOps.listManualRecharges, ({ query }) =>
    s.manualRecharges.list(query),
  );

  userRoute(app, guards, endpoints.financeOps.listVoucherIssues, ({ query }) => s.voucherIssues.list(query));

  for (const [recharge, voucherIssue, approve] of [
    [endpoints.financeOps.approveManualRecharge, endpoints.financeOps.approveVoucherIssue, true],
    [endpoints.financeOps.rejectManualRecharge, endpoints.financeOps.rejectVoucherIssue, false],
  ] as const) {
    userRoute(app, guards, recharge, ({ params, body, principal, req }) =>
      s.manualRecharges.decide(params.id, approve, body.remark, principal.userId, req.ip),
    );
    userRoute(app, guards, voucherIssue, ({ params, body, principal, req }) =>
      s.voucherIssues.decide(params.id, approve, body.remark, principal.userId, req.ip),
    );
  }

  userRoute(app, guards, endpoints.financeOps.listPaymentFailures, ({ query }) =>
    s.paymentFailures.list(query),
  );

  userRoute(app, guards, endpoints.financeOps.retryPaymentFailure, ({ params, principal, req }) =>
    s.paymentFailures.retry(params.id, principal.userId, req.ip),
  );

  userRoute(app, guards, endpoints.financeOps.listDeposits, ({ query }) =>
    s.topups.list(query.orgId, query.pageNum, query.pageSize, true),
  );

  userRoute(app, guards, endpoints.financeOps.issueCashVouchers, ({ body, principal, req }) =>
    s.voucherIssues.request(
      {
        kind: body.kind,
        faceValue: parseAmount(body.faceValue),
        count: body.count,
        validFrom: new Date(body.validFrom),
        validUntil: new Date(body.validUntil),
        ...(body.orgId ? { orgId: body.orgId } : {}),
        remark: body.remark,
      },
      principal.userId,
      req.ip,
    ),
  );

  userRoute(app, guards, endpoints.financeOps.listCashVouchers, ({ query }) => s.vouchers.list(query));

  userRoute(app, guards, endpoints.financeOps.voidCashVoucher, async ({ params, principal }) => {
    await s.vouchers.void(params.id, principal.userId);
    return ok;
  });

  userRoute(app, guards, endpoints.financeOps.createCoupon, ({ body, principal }) =>
    s.coupons.issue(
      {
        name: body.name,
        benefitKind: body.benefitKind,
        value: body.benefitKind === "value" ? parseAmount(body.value!) : 0n,
        discountHundredths: body.benefitKind === "discount" ? Math.round(Number(body.discount) * 100) : 100,
        threshold: parseAmount(body.threshold),
        applicableProducts: body.applicableProducts,
        applicablePaymentTypes: body.applicablePaymentTypes,
        validFrom: new Date(body.validFrom),
        validUntil: new Date(body.validUntil),
        count: body.count,
        ...(body.orgId ? { orgId: body.orgId } : {}),
      },
      principal.userId,
    ),
  );

  userRoute(app, guards, endpoints.financeOps.listCoupons, ({ query }) => s.coupons.list(query));

  userRoute(app, guards, endpoints.financeOps.distributeCoupon, async ({ params, body }) => {
    await s.coupons.distribute(params.id, body.orgId);
    return ok;
  });

  userRoute(app, guards, endpoints.financeOps.voidCoupon, async ({ params }) => {
    await s.coupons.void(params.id);
    return ok;
  });

  userRoute(app, guards, endpoints.financeOps.requestAdjustment, ({ body, principal, req }) =>
    once(s.db, s.clock, `adjust:${principal.userId}`, idempotencyKeyOf(req), body, (tx) =>
      s.adjustments.request(
        tx,
        { orgId: body.orgId, amount: parseAmount(body.amount), reason: body.reason },
        principal.userId,
        req.ip,
      ),
    ),
  );

  userRoute(app, guards, endpoints.financeOps.listAdjustments, ({ query }) => s.adjustments.list(query));

  for (const [endpoint, approve] of [
    [endpoints.financeOps.approveAdjustment, true],
    [endpoints.financeOps.rejectAdjustment, false],
  ] as const) {
    userRoute(app, guards, endpoint, ({ params, body, principal, req }) =>
      s.db.transaction((tx) =>
        s.adjustments.decide(tx, params.id, approve, body.remark, principal.userId, req.ip),
      ),
    );
  }

  userRoute(app, guards, endpoints.financeOps.listBills, ({ query }) => s.bills.list(query));

  userRoute(app, guards, endpoints.financeOps.exportBills, ({ body, principal, locale }) =>
    s.bills.startExport(
      {
        startCycle: body.startCycle,
        endCycle: body.endCycle,
        orgId: body.orgId,
        userId: principal.userId,
        locale,
      },
      s.runInBackground,
    ),
  );
}
