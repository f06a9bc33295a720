// Operator finance endpoints (BI): tenants' accounts, manual recharges, credit limits, cash
// vouchers, coupons, balance adjustments — the money ones under the four-eyes rule, decided by a
// second operator — failed payment notifications, and everyone's bills.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { AdjustmentsService } from "./adjustments.service";
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
  const { accounts, topups, vouchers, coupons, bills, adjustments, manualRecharges, voucherIssues } = s;
  const ops = endpoints.financeOps;
  const ok = { ok: true as const };

  userRoute(app, guards, ops.listOrgs, ({ query }) => accounts.orgs(query));
  userRoute(app, guards, ops.listBillingAccounts, ({ query }) => s.billingAccounts.list(query));
  userRoute(app, guards, ops.exportBillingAccounts, ({ ctx, body }) => s.billingAccounts.export(ctx, body));
  userRoute(app, guards, ops.orgAccount, ({ params }) => accounts.overviewOfOrg(params.orgId));
  userRoute(app, guards, ops.orgDeals, ({ params, query }) => accounts.dealsOfOrg(params.orgId, query));
  userRoute(app, guards, ops.setCreditLimit, ({ ctx, params, body }) =>
    accounts.setCreditLimit(ctx, params.orgId, body),
  );
  userRoute(app, guards, ops.listDeposits, ({ query }) => topups.listAll(query));

  userRoute(app, guards, ops.recordManualRecharge, ({ ctx, body }) => manualRecharges.request(ctx, body));
  userRoute(app, guards, ops.listManualRecharges, ({ query }) => manualRecharges.list(query));
  userRoute(app, guards, ops.issueCashVouchers, ({ ctx, body }) => voucherIssues.request(ctx, body));
  userRoute(app, guards, ops.listVoucherIssues, ({ query }) => voucherIssues.list(query));
  userRoute(app, guards, ops.requestAdjustment, ({ ctx, body }) => adjustments.request(ctx, body));
  userRoute(app, guards, ops.listAdjustments, ({ query }) => adjustments.list(query));
  // A second operator's decisions: the approve and reject endpoints of each four-eyes request.
  for (const [recharge, voucherIssue, adjustment, approve] of [
    [ops.approveManualRecharge, ops.approveVoucherIssue, ops.approveAdjustment, true],
    [ops.rejectManualRecharge, ops.rejectVoucherIssue, ops.rejectAdjustment, false],
  ] as const) {
    userRoute(app, guards, recharge, ({ ctx, params, body }) =>
      manualRecharges.decide(ctx, params.id, { approve, remark: body.remark }),
    );
    userRoute(app, guards, voucherIssue, ({ ctx, params, body }) =>
      voucherIssues.decide(ctx, params.id, { approve, remark: body.remark }),
    );
    userRoute(app, guards, adjustment, ({ ctx, params, body }) =>
      adjustments.decide(ctx, params.id, { approve, remark: body.remark }),
    );
  }

  userRoute(app, guards, ops.listPaymentFailures, ({ query }) => s.paymentFailures.list(query));
  userRoute(app, guards, ops.retryPaymentFailure, ({ ctx, params }) =>
    s.paymentFailures.retry(ctx, params.id),
  );

  userRoute(app, guards, ops.listCashVouchers, ({ query }) => vouchers.listAll(query));
  userRoute(app, guards, ops.voidCashVoucher, async ({ ctx, params }) => {
    await vouchers.void(ctx, params.id);
    return ok;
  });

  userRoute(app, guards, ops.createCoupon, ({ ctx, body }) => coupons.issue(ctx, body));
  userRoute(app, guards, ops.listCoupons, ({ query }) => coupons.listAll(query));
  userRoute(app, guards, ops.distributeCoupon, async ({ ctx, params, body }) => {
    await coupons.distribute(ctx, params.id, body);
    return ok;
  });
  userRoute(app, guards, ops.voidCoupon, async ({ ctx, params }) => {
    await coupons.void(ctx, params.id);
    return ok;
  });

  userRoute(app, guards, ops.listBills, ({ ctx, query }) => bills.listAll(ctx, query));
  userRoute(app, guards, ops.exportBills, ({ ctx, body }) => bills.exportAll(ctx, body));
}
