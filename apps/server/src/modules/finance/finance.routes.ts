// Tenant cost-centre endpoints: account overview, top-ups, account details, cash vouchers,
// coupons, bills and downloads. Every query is scoped to the caller's organisation (the services
// read it from the request context).
import { endpoints } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { AccountsService } from "./accounts.service";
import type { BillingAccountsService } from "./billing-accounts.service";
import type { BillsService } from "./bills.service";
import type { CouponsService } from "./coupons.service";
import type { TopUpsService } from "./topups.service";
import type { VouchersService } from "./vouchers.service";

export type FinanceServices = {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  topups: TopUpsService;
  vouchers: VouchersService;
  coupons: CouponsService;
  bills: BillsService;
  billingAccounts: BillingAccountsService;
};

export function registerFinanceRoutes({ app, guards, userRoute }: ModuleContext, s: FinanceServices) {
  const { accounts, topups, vouchers, coupons, bills } = s;
  const f = endpoints.finance;

  userRoute(app, guards, f.account, ({ ctx }) => accounts.own(ctx));
  userRoute(app, guards, f.moneyLimits, ({ ctx }) => accounts.moneyLimits(ctx));
  userRoute(app, guards, f.listDeals, ({ ctx, query }) => accounts.ownDeals(ctx, query));

  userRoute(app, guards, f.paymentChannels, () => topups.channels());
  userRoute(app, guards, f.startTopUp, ({ ctx, body }) => topups.create(ctx, body));
  userRoute(app, guards, f.topUp, ({ ctx, params }) => topups.get(ctx, params.rechargeNo));
  userRoute(app, guards, f.listDeposits, ({ ctx, query }) => topups.listOwn(ctx, query));

  userRoute(app, guards, f.listCashVouchers, ({ ctx, query }) => vouchers.listOwn(ctx, query));
  userRoute(app, guards, f.checkCashVoucher, ({ body }) => vouchers.check(body.code));
  userRoute(app, guards, f.redeemCashVoucher, ({ ctx, body }) => vouchers.redeem(ctx, body));
  userRoute(app, guards, f.cashVoucherDeductions, ({ ctx, params }) => vouchers.deductRecord(ctx, params.id));

  userRoute(app, guards, f.listCoupons, ({ ctx, query }) => coupons.listOwn(ctx, query));

  userRoute(app, guards, f.listBills, ({ ctx, query }) => bills.listOwn(ctx, query));
  userRoute(app, guards, f.listCycleBills, ({ ctx }) => bills.cycles(ctx));
  userRoute(app, guards, f.billDetails, ({ ctx, params }) => bills.detail(ctx, params.billNo));
  userRoute(app, guards, f.exportBills, ({ ctx, body }) => bills.exportOwn(ctx, body));
  userRoute(app, guards, f.listDownloads, ({ ctx }) => bills.tasks(ctx));
  userRoute(app, guards, f.downloadFile, async ({ ctx, params, reply }) => {
    const file = await bills.file(ctx, params.id);
    return reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", `attachment; filename="${file.fileName}"`)
      .send(file.stream);
  });
}
