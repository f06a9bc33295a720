// Tenant cost-centre endpoints: account overview, top-ups, account details, cash vouchers,
// coupons, bills and downloads. Every query is scoped to the caller's organisation.
import {
  accountOverview,
  billExport,
  billQuery,
  billRecord,
  cashVoucherRecord,
  couponRecord,
  couponStatus,
  cycleBill,
  dealRecord,
  downloadTask,
  moneyLimits,
  page,
  pageQuery,
  paySwitch,
  rechargeCreate,
  rechargeRecord,
  voucherCode,
} from "@skyledger/contracts";
import { z } from "zod";
import type { Principal } from "../../platform/auth/principal";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { idempotencyKeyOf } from "../../platform/idempotency";
import type { ModuleContext } from "../../platform/module";
import type { AccountsService } from "./accounts.service";
import type { BillsService } from "./bills.service";
import type { CouponsService } from "./coupons.service";
import type { MoneyControls } from "./money-controls";
import type { TopUpsService } from "./topups.service";
import type { VouchersService } from "./vouchers.service";

export type FinanceServices = {
  db: Db;
  clock: Clock;
  controls: MoneyControls;
  accounts: AccountsService;
  topups: TopUpsService;
  vouchers: VouchersService;
  coupons: CouponsService;
  bills: BillsService;
  runInBackground: (job: () => Promise<void>) => void;
};

/** Tenant endpoints act on the caller's organisation; platform accounts have none. */
export function orgOf(principal: Principal): string {
  if (!principal.orgId) throw new DomainError("NO_PERMISSION");
  return principal.orgId;
}

export function registerFinanceRoutes({ app, guards, userRoute }: ModuleContext, s: FinanceServices) {
  const tags = ["cost centre"];

  userRoute(app, guards, {
    method: "GET",
    url: "/api/billing_account",
    summary: "Balance, voucher balances, credit limit and arrears of the caller's organisation",
    tags,
    permissions: ["CA", "CC01", "CC07"],
    tenantOnly: true,
    response: accountOverview,
    handler: ({ principal }) => s.accounts.overview(orgOf(principal)),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/money_limits",
    summary:
      "The configured maxima of money inputs (top-up, manual recharge, adjustment, voucher face value, credit limit, coupon value); operators also get the four-eyes threshold",
    tags,
    permissions: [],
    response: moneyLimits,
    handler: ({ principal }) => s.controls.limits(s.db, principal.permissions.has("BI")),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/online_recharge/paySwitch",
    summary: "Which top-up channels are on",
    tags,
    permissions: ["CC01", "CC0101"],
    tenantOnly: true,
    response: paySwitch,
    // Alipay and UnionPay are on once every one of their ALIPAY_* / UNIONPAY_* variables is valid.
    handler: async () => ({
      sandbox: s.topups.channelOn("sandbox"),
      alipay: s.topups.channelOn("alipay"),
      unionpay: s.topups.channelOn("unionpay"),
    }),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/online_recharge/create",
    summary: "Create a pending online top-up (needs an Idempotency-Key header)",
    tags,
    permissions: ["CC0101"],
    tenantOnly: true,
    body: rechargeCreate,
    response: rechargeRecord,
    handler: ({ body, principal, req }) =>
      s.topups.create(orgOf(principal), principal.userId, body, idempotencyKeyOf(req)),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/online_recharge/:rechargeNo",
    summary: "One top-up of the caller's organisation",
    tags,
    permissions: ["CC01", "CC0101", "CC04"],
    tenantOnly: true,
    params: z.object({ rechargeNo: z.string().min(1).max(64) }),
    response: rechargeRecord,
    handler: ({ params, principal }) => s.topups.get(orgOf(principal), params.rechargeNo),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/deposits",
    summary: "Top-up details",
    tags,
    permissions: ["CC04"],
    tenantOnly: true,
    querystring: pageQuery,
    response: page(rechargeRecord),
    handler: ({ query, principal }) => s.topups.list(orgOf(principal), query.pageNum, query.pageSize),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/account_deals",
    summary: "Account details: every movement of money with the balance after it",
    tags,
    permissions: ["CC07"],
    tenantOnly: true,
    querystring: pageQuery,
    response: page(dealRecord),
    handler: ({ query, principal }) => s.accounts.deals(orgOf(principal), query.pageNum, query.pageSize),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/cashCoupons",
    summary: "Cash vouchers of the caller's organisation",
    tags,
    permissions: ["CC02", "CC07"],
    tenantOnly: true,
    querystring: pageQuery.extend({ status: z.enum(["available", "used", "expired", "voided"]).optional() }),
    response: page(cashVoucherRecord),
    handler: ({ query, principal }) => s.vouchers.list({ ...query, orgId: orgOf(principal) }),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/cashCoupon/check",
    summary: "Whether a cash voucher code exists and can be redeemed",
    tags,
    permissions: ["CC02", "CC07"],
    noStateChange: "inquiry",
    tenantOnly: true,
    body: voucherCode,
    response: z.object({
      code: z.string(),
      kind: z.enum(["deduction", "topup"]),
      faceValue: z.string(),
      validUntil: z.string(),
      redeemable: z.boolean(),
    }),
    handler: ({ body }) => s.vouchers.check(body.code),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/cashCoupons/redeem",
    summary: "Redeem a cash voucher code (needs an Idempotency-Key header)",
    tags,
    permissions: ["CC0201"],
    tenantOnly: true,
    body: voucherCode,
    response: z.object({
      id: z.string(),
      code: z.string(),
      kind: z.enum(["deduction", "topup"]),
      faceValue: z.string(),
    }),
    handler: ({ body, principal, req }) =>
      s.vouchers.redeem(orgOf(principal), body, principal.userId, idempotencyKeyOf(req)),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/cashCoupon/deductRecord/:id",
    summary: "Movements on one cash voucher",
    tags,
    permissions: ["CC02", "CC07"],
    tenantOnly: true,
    params: z.object({ id: z.string().uuid() }),
    response: z.array(
      z.object({
        time: z.string(),
        type: z.string(),
        amount: z.string(),
        balanceAfter: z.string(),
        referenceType: z.string(),
        referenceId: z.string(),
      }),
    ),
    handler: ({ params, principal }) => s.vouchers.deductRecord(orgOf(principal), params.id),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/coupons",
    summary: "Coupons of the caller's organisation",
    tags,
    permissions: ["CC02"],
    tenantOnly: true,
    querystring: pageQuery.extend({ status: couponStatus.optional() }),
    response: page(couponRecord),
    handler: ({ query, principal }) => s.coupons.list({ ...query, orgId: orgOf(principal) }),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/bills",
    summary: "Itemised bills",
    tags,
    permissions: ["CC03"],
    tenantOnly: true,
    querystring: billQuery.omit({ orgId: true }),
    response: page(billRecord),
    handler: ({ query, principal }) => s.bills.list({ ...query, orgId: orgOf(principal) }),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/bills/listCycleBills",
    summary: "Bill totals per billing cycle",
    tags,
    permissions: ["CC03"],
    tenantOnly: true,
    response: z.array(cycleBill),
    handler: ({ principal }) => s.bills.cycles(orgOf(principal)),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/bills/listBillDetails/:billNo",
    summary: "One bill",
    tags,
    permissions: ["CC03"],
    tenantOnly: true,
    params: z.object({ billNo: z.string().min(1).max(64) }),
    response: billRecord,
    handler: ({ params, principal }) => s.bills.detail(orgOf(principal), params.billNo),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/bills/asynExportBills",
    summary: "Export at most three billing cycles to .xlsx in the background",
    tags,
    permissions: ["CC03"],
    noStateChange: "export",
    tenantOnly: true,
    body: billExport,
    response: downloadTask,
    handler: ({ body, principal, locale }) =>
      s.bills.startExport(
        { ...body, orgId: orgOf(principal), userId: principal.userId, locale },
        s.runInBackground,
      ),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/download/list",
    summary: "The caller's exports with their progress",
    tags,
    permissions: [],
    response: z.array(downloadTask),
    handler: ({ principal }) => s.bills.tasks(principal.userId),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/download/file/:id",
    summary: "Download a finished export",
    tags,
    permissions: [],
    params: z.object({ id: z.string() }),
    rawReply: true,
    handler: async ({ params, principal, reply }) => {
      if (!/^[0-9a-f-]{36}$/.test(params.id)) throw new DomainError("NOT_FOUND");
      const file = await s.bills.file(principal.userId, params.id);
      return reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .send(file.stream);
    },
  });
}
