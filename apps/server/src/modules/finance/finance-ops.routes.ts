// Operator finance endpoints (BI): tenants' accounts, manual recharges, credit limits, cash
// vouchers, coupons, balance adjustments — the money ones under the four-eyes rule, decided by a
// second operator — failed payment notifications, and everyone's bills.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
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

  userRoute(app, guards, endpoints.financeOps.listOrgs, ({ query }) => s.accounts.orgs(query));

  userRoute(app, guards, endpoints.financeOps.orgAccount, ({ params }) =>
    s.accounts.overviewOfOrg(params.orgId),
  );

  userRoute(app, guards, endpoints.financeOps.orgDeals, ({ params, query }) =>
    s.accounts.deals(params.orgId, query.pageNum, query.pageSize),
  );

  userRoute(app, guards, endpoints.financeOps.setCreditLimit, ({ params, body }) =>
    s.accounts.setCreditLimit(params.orgId, body.creditLimit),
  );

  userRoute(
    app,
    guards,
    endpoints.financeOps.recordManualRecharge,
    ({ body, principal, req, idempotencyKey }) =>
      s.manualRecharges.request(body, principal.userId, req.ip, idempotencyKey),
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

  userRoute(app, guards, endpoints.financeOps.requestAdjustment, ({ body, principal, req, idempotencyKey }) =>
    s.adjustments.request(body, principal.userId, req.ip, idempotencyKey),
  );

  userRoute(app, guards, endpoints.financeOps.listAdjustments, ({ query }) => s.adjustments.list(query));

  for (const [endpoint, approve] of [
    [endpoints.financeOps.approveAdjustment, true],
    [endpoints.financeOps.rejectAdjustment, false],
  ] as const) {
    userRoute(app, guards, endpoint, ({ params, body, principal, req }) =>
      s.adjustments.decide(params.id, approve, body.remark, principal.userId, req.ip),
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
