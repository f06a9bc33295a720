// Operator finance endpoints (BI): tenants' accounts, manual recharges, credit limits, cash
// vouchers, coupons, balance adjustments — the money ones under the four-eyes rule, decided by a
// second operator — failed payment notifications, and everyone's bills.
import {
  accountOverview,
  adjustmentCreate,
  adjustmentDecision,
  adjustmentRecord,
  billExport,
  billQuery,
  billRecord,
  cashVoucherRecord,
  couponIssue,
  couponRecord,
  couponStatus,
  creditLimitUpdate,
  dealRecord,
  downloadTask,
  fourEyesDecision,
  fourEyesStatus,
  manualRechargeCreate,
  manualRechargeRecord,
  page,
  pageQuery,
  paymentFailureRecord,
  paymentFailureStatus,
  rechargeRecord,
  voucherIssue,
  voucherIssueOutcome,
  voucherIssueRecord,
} from "@skyledger/contracts";
import { z } from "zod";
import { idempotencyKeyOf } from "../../platform/idempotency";
import type { ModuleContext } from "../../platform/module";
import type { AdjustmentsService } from "./adjustments.service";
import { parseAmount } from "./amounts";
import type { FinanceServices } from "./finance.routes";
import type { ManualRechargesService } from "./manual-recharges.service";
import type { PaymentFailuresService } from "./payment-failures.service";
import type { VoucherIssuesService } from "./voucher-issues.service";

const orgParam = z.object({ orgId: z.string().min(1).max(64) });
const idParam = z.object({ id: z.string().uuid() });

export function registerFinanceOpsRoutes(
  { app, guards, userRoute }: ModuleContext,
  s: FinanceServices & {
    adjustments: AdjustmentsService;
    manualRecharges: ManualRechargesService;
    voucherIssues: VoucherIssuesService;
    paymentFailures: PaymentFailuresService;
  },
) {
  const tags = ["operations: finance"];
  const ok = { ok: true as const };

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/orgs",
    summary: "Tenant organisations",
    tags,
    permissions: ["BI"],
    querystring: pageQuery.extend({ keyword: z.string().trim().max(64).optional() }),
    response: page(
      z.object({ orgId: z.string(), name: z.string(), email: z.string().nullable(), createdAt: z.string() }),
    ),
    handler: ({ query }) => s.accounts.orgs(query),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/orgs/:orgId/account",
    summary: "A tenant's account overview",
    tags,
    permissions: ["BI"],
    params: orgParam,
    response: accountOverview,
    handler: ({ params }) => s.accounts.overviewOfOrg(params.orgId),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/orgs/:orgId/deals",
    summary: "A tenant's ledger movements",
    tags,
    permissions: ["BI"],
    params: orgParam,
    querystring: pageQuery,
    response: page(dealRecord),
    handler: ({ params, query }) => s.accounts.deals(params.orgId, query.pageNum, query.pageSize),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: "/api/ops/orgs/:orgId/credit_limit",
    summary: "Set a tenant's credit limit",
    tags,
    permissions: ["BI"],
    params: orgParam,
    body: creditLimitUpdate,
    response: accountOverview,
    handler: ({ params, body }) => s.accounts.setCreditLimit(params.orgId, body.creditLimit),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/billing_account/recharge",
    summary:
      "Record money a tenant paid outside the gateways, with the evidence (an uploaded rechargeEvidence file); above the four-eyes threshold it waits for a second operator (needs an Idempotency-Key header)",
    tags,
    permissions: ["BI"],
    body: manualRechargeCreate,
    response: manualRechargeRecord,
    handler: ({ body, principal, req }) =>
      s.manualRecharges.request(body, principal.userId, req.ip, idempotencyKeyOf(req)),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/manual_recharges",
    summary: "Manual recharges: applied, waiting for a second operator, or rejected",
    tags,
    permissions: ["BI"],
    querystring: pageQuery.extend({
      status: fourEyesStatus.optional(),
      orgId: z.string().max(64).optional(),
    }),
    response: page(manualRechargeRecord),
    handler: ({ query }) => s.manualRecharges.list(query),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/voucher_issues",
    summary: "Cash voucher issues: applied, waiting for a second operator, or rejected",
    tags,
    permissions: ["BI"],
    querystring: pageQuery.extend({
      status: fourEyesStatus.optional(),
      orgId: z.string().max(64).optional(),
    }),
    response: page(voucherIssueRecord),
    handler: ({ query }) => s.voucherIssues.list(query),
  });

  for (const decision of ["approve", "reject"] as const) {
    const verb = decision === "approve" ? "Approve" : "Reject";
    userRoute(app, guards, {
      method: "POST",
      url: `/api/ops/manual_recharges/:id/${decision}`,
      summary: `${verb} a pending manual recharge (not the operator who recorded it)`,
      tags,
      permissions: ["BI"],
      params: idParam,
      body: fourEyesDecision,
      response: manualRechargeRecord,
      handler: ({ params, body, principal, req }) =>
        s.manualRecharges.decide(params.id, decision === "approve", body.remark, principal.userId, req.ip),
    });
    userRoute(app, guards, {
      method: "POST",
      url: `/api/ops/voucher_issues/:id/${decision}`,
      summary: `${verb} a pending cash voucher issue (not the operator who asked)`,
      tags,
      permissions: ["BI"],
      params: idParam,
      body: fourEyesDecision,
      response: voucherIssueOutcome,
      handler: ({ params, body, principal, req }) =>
        s.voucherIssues.decide(params.id, decision === "approve", body.remark, principal.userId, req.ip),
    });
  }

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/payment_failures",
    summary: "Verified payment notifications whose money could not be credited, with the reason",
    tags,
    permissions: ["BI"],
    querystring: pageQuery.extend({ status: paymentFailureStatus.optional() }),
    response: page(paymentFailureRecord),
    handler: ({ query }) => s.paymentFailures.list(query),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/payment_failures/:id/retry",
    summary: "Apply a failed payment notification again, once its cause is fixed",
    tags,
    permissions: ["BI"],
    params: idParam,
    response: z.object({ outcome: z.string(), failure: paymentFailureRecord }),
    handler: ({ params, principal, req }) => s.paymentFailures.retry(params.id, principal.userId, req.ip),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/deposits",
    summary: "Every tenant's top-ups",
    tags,
    permissions: ["BI"],
    querystring: pageQuery.extend({ orgId: z.string().optional() }),
    response: page(rechargeRecord),
    handler: ({ query }) => s.topups.list(query.orgId, query.pageNum, query.pageSize, true),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/cash_vouchers",
    summary:
      "Issue cash vouchers, as codes or straight to a tenant; above the four-eyes threshold nothing is issued until a second operator approves",
    tags,
    permissions: ["BI"],
    body: voucherIssue,
    response: voucherIssueOutcome,
    handler: ({ body, principal, req }) =>
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
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/cash_vouchers/batchQuery",
    summary: "Cash vouchers by batch, tenant or status",
    tags,
    permissions: ["BI"],
    querystring: pageQuery.extend({
      batchNo: z.string().trim().max(64).optional(),
      orgId: z.string().optional(),
      status: z.enum(["undistributed", "available", "used", "expired", "voided"]).optional(),
    }),
    response: page(cashVoucherRecord),
    handler: ({ query }) => s.vouchers.list(query),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/cash_vouchers/:id/void",
    summary: "Void a cash voucher; what is left on it goes back",
    tags,
    permissions: ["BI"],
    params: idParam,
    response: z.object({ ok: z.literal(true) }),
    handler: async ({ params, principal }) => {
      await s.vouchers.void(params.id, principal.userId);
      return ok;
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/coupons",
    summary: "Issue coupons, undistributed or straight to a tenant",
    tags,
    permissions: ["BI"],
    body: couponIssue,
    response: z.array(couponRecord),
    handler: ({ body, principal }) =>
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
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/coupons",
    summary: "Every coupon",
    tags,
    permissions: ["BI"],
    querystring: pageQuery.extend({
      orgId: z.string().optional(),
      status: couponStatus.optional(),
      couponNo: z.string().trim().max(64).optional(),
    }),
    response: page(couponRecord),
    handler: ({ query }) => s.coupons.list(query),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/coupons/:id/distribute",
    summary: "Give an undistributed coupon to a tenant",
    tags,
    permissions: ["BI"],
    params: idParam,
    body: z.object({ orgId: z.string().min(1) }),
    response: z.object({ ok: z.literal(true) }),
    handler: async ({ params, body }) => {
      await s.coupons.distribute(params.id, body.orgId);
      return ok;
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/coupons/:id/void",
    summary: "Void a coupon",
    tags,
    permissions: ["BI"],
    params: idParam,
    response: z.object({ ok: z.literal(true) }),
    handler: async ({ params }) => {
      await s.coupons.void(params.id);
      return ok;
    },
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/adjustments",
    summary:
      "Adjust a tenant's balance with a reason (large amounts wait for a second operator; needs an Idempotency-Key header)",
    tags,
    permissions: ["BI"],
    body: adjustmentCreate,
    response: z.object({ id: z.string(), status: z.enum(["pending_approval", "applied", "rejected"]) }),
    handler: ({ body, principal, req }) =>
      s.adjustments.request(body, principal.userId, req.ip, idempotencyKeyOf(req)),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/adjustments",
    summary: "Balance adjustments",
    tags,
    permissions: ["BI"],
    querystring: pageQuery.extend({
      status: z.enum(["pending_approval", "applied", "rejected"]).optional(),
      orgId: z.string().optional(),
    }),
    response: page(adjustmentRecord),
    handler: ({ query }) => s.adjustments.list(query),
  });

  for (const decision of ["approve", "reject"] as const) {
    userRoute(app, guards, {
      method: "POST",
      url: `/api/ops/adjustments/:id/${decision}`,
      summary: `${decision === "approve" ? "Approve" : "Reject"} a pending adjustment (a different operator than the requester)`,
      tags,
      permissions: ["BI"],
      params: idParam,
      body: adjustmentDecision,
      response: z.object({ id: z.string(), status: z.enum(["applied", "rejected"]) }),
      handler: ({ params, body, principal, req }) =>
        s.adjustments.decide(params.id, decision === "approve", body.remark, principal.userId, req.ip),
    });
  }

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/bills",
    summary: "Bills of every tenant",
    tags,
    permissions: ["BI"],
    querystring: billQuery,
    response: page(billRecord),
    handler: ({ query }) => s.bills.list(query),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/bills/asynExportBills",
    summary: "Export bills of every tenant (or one) for at most three cycles",
    tags,
    permissions: ["BI"],
    body: billExport.and(z.object({ orgId: z.string().optional() })),
    response: downloadTask,
    handler: ({ body, principal, locale }) =>
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
  });
}
