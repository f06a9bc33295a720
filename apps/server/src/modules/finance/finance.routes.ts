// Tenant cost-centre endpoints: account overview, top-ups, account details, cash vouchers,
// coupons, bills and downloads. Every query is scoped to the caller's organisation.
import { endpoints } from "@skyledger/contracts";
import type { Principal } from "../../platform/auth/principal";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
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
  userRoute(app, guards, endpoints.finance.account, ({ principal }) => s.accounts.overview(orgOf(principal)));

  userRoute(app, guards, endpoints.finance.moneyLimits, ({ principal }) =>
    s.controls.limits(s.db, principal.permissions.has("BI")),
  );

  userRoute(
    app,
    guards,
    endpoints.finance.paymentChannels, // Alipay and UnionPay are on once every one of their ALIPAY_* / UNIONPAY_* variables is valid.
    async () => ({
      sandbox: s.topups.channelOn("sandbox"),
      alipay: s.topups.channelOn("alipay"),
      unionpay: s.topups.channelOn("unionpay"),
    }),
  );

  userRoute(app, guards, endpoints.finance.startTopUp, ({ body, principal, idempotencyKey }) =>
    s.topups.create(orgOf(principal), principal.userId, body, idempotencyKey),
  );

  userRoute(app, guards, endpoints.finance.topUp, ({ params, principal }) =>
    s.topups.get(orgOf(principal), params.rechargeNo),
  );

  userRoute(app, guards, endpoints.finance.listDeposits, ({ query, principal }) =>
    s.topups.list(orgOf(principal), query.pageNum, query.pageSize),
  );

  userRoute(app, guards, endpoints.finance.listDeals, ({ query, principal }) =>
    s.accounts.deals(orgOf(principal), query.pageNum, query.pageSize),
  );

  userRoute(app, guards, endpoints.finance.listCashVouchers, ({ query, principal }) =>
    s.vouchers.list({ ...query, orgId: orgOf(principal) }),
  );

  userRoute(app, guards, endpoints.finance.checkCashVoucher, ({ body }) => s.vouchers.check(body.code));

  userRoute(app, guards, endpoints.finance.redeemCashVoucher, ({ body, principal, idempotencyKey }) =>
    s.vouchers.redeem(orgOf(principal), body, principal.userId, idempotencyKey),
  );

  userRoute(app, guards, endpoints.finance.cashVoucherDeductions, ({ params, principal }) =>
    s.vouchers.deductRecord(orgOf(principal), params.id),
  );

  userRoute(app, guards, endpoints.finance.listCoupons, ({ query, principal }) =>
    s.coupons.list({ ...query, orgId: orgOf(principal) }),
  );

  userRoute(app, guards, endpoints.finance.listBills, ({ query, principal }) =>
    s.bills.list({ ...query, orgId: orgOf(principal) }),
  );

  userRoute(app, guards, endpoints.finance.listCycleBills, ({ principal }) =>
    s.bills.cycles(orgOf(principal)),
  );

  userRoute(app, guards, endpoints.finance.billDetails, ({ params, principal }) =>
    s.bills.detail(orgOf(principal), params.billNo),
  );

  userRoute(app, guards, endpoints.finance.exportBills, ({ body, principal, locale }) =>
    s.bills.startExport(
      { ...body, orgId: orgOf(principal), userId: principal.userId, locale },
      s.runInBackground,
    ),
  );

  userRoute(app, guards, endpoints.finance.listDownloads, ({ principal }) => s.bills.tasks(principal.userId));

  userRoute(app, guards, endpoints.finance.downloadFile, async ({ params, principal, reply }) => {
    if (!/^[0-9a-f-]{36}$/.test(params.id)) throw new DomainError("NOT_FOUND");
    const file = await s.bills.file(principal.userId, params.id);
    return reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", `attachment; filename="${file.fileName}"`)
      .send(file.stream);
  });
}
