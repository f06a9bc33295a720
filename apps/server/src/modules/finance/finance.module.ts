// Wires the money side: services, routes, the payment gateways (sandbox, Alipay, UnionPay) and the
// periodic sweep that expires unpaid top-ups, vouchers and coupons and retries sandbox notifications.
import path from "node:path";
import { createAudit } from "../../platform/audit/audit";
import { createBackground } from "../../platform/background";
import type { Clock } from "../../platform/clock";
import type { AppConfig } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import { createAccountsService } from "./accounts.service";
import { createAdjustmentsService } from "./adjustments.service";
import { createBillingAccountsService } from "./billing-accounts.service";
import { createBillsService } from "./bills.service";
import { createCouponsService } from "./coupons.service";
import { registerFinanceRoutes } from "./finance.routes";
import { registerFinanceOpsRoutes } from "./finance-ops.routes";
import { registerGatewayRoutes } from "./gateway.routes";
import { createGatewayNotificationsService } from "./gateway-notifications.service";
import { loadPaymentsConfig } from "./gateways/gateway-config";
import { createOnlineGateways } from "./gateways/online-gateways";
import { createManualRechargesService } from "./manual-recharges.service";
import { createMoneyControls } from "./money-controls";
import { registerOnlineGatewayRoutes } from "./online-gateways.routes";
import { createPaymentFailuresService } from "./payment-failures.service";
import { createExportRunner } from "./streamed-export";
import { createTopUpsService } from "./topups.service";
import { createVoucherIssuesService } from "./voucher-issues.service";
import { createVouchersService } from "./vouchers.service";

const SWEEP_EVERY_MS = 30_000;

export function registerFinance(ctx: ModuleContext, deps: { db: Db; clock: Clock; config: AppConfig }) {
  const { db, clock, config } = deps;
  const tz = config.businessTimeZone;
  const background = createBackground((err) => ctx.app.log.error({ err }, "background job failed"));
  // platform/config.ts hands the ALIPAY_* / UNIONPAY_* variables over as given; this module parses them.
  const payments = loadPaymentsConfig(config.paymentGateways, config.workDir);
  const gateways = createOnlineGateways(payments, config.publicUrl);
  // A channel whose variables are only partly set stays off; say why once, at start.
  for (const problem of payments.problems) ctx.app.log.warn(problem);
  const controls = createMoneyControls(clock);
  const audit = createAudit(clock);
  const topups = createTopUpsService(
    db,
    clock,
    tz,
    { sandbox: config.sandboxPayments, gateways },
    { controls, log: ctx.app.log, audit },
  );
  const vouchers = createVouchersService(db, clock, tz);
  const exportDir = path.join(config.dataDir, "exports");
  const exports = createExportRunner(db, clock, exportDir, background.run);
  const services = {
    db,
    clock,
    accounts: createAccountsService(db, clock, controls),
    topups,
    vouchers,
    coupons: createCouponsService(db, clock, tz, controls),
    bills: createBillsService(db, clock, exportDir, exports),
    billingAccounts: createBillingAccountsService(db, clock, exports),
  };
  registerFinanceRoutes(ctx, services);
  registerFinanceOpsRoutes(ctx, {
    ...services,
    adjustments: createAdjustmentsService({ db, clock, timeZone: tz, controls }),
    manualRecharges: createManualRechargesService({ db, clock, controls, topups }),
    voucherIssues: createVoucherIssuesService({ db, clock, controls, vouchers }),
    paymentFailures: createPaymentFailuresService({ db, clock, topups }),
  });
  // Gateways post their notifications (and UnionPay the payer's return) as HTML forms.
  ctx.app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // With the sandbox off, its payment page and notification endpoint do not exist at all; the same
  // holds for Alipay and UnionPay while they are not configured.
  const gateway = config.sandboxPayments
    ? registerGatewayRoutes(ctx, services.topups, background)
    : undefined;
  registerOnlineGatewayRoutes(ctx.app, {
    gateways,
    topups: services.topups,
    notifications: createGatewayNotificationsService({
      gateways,
      topups: services.topups,
      db,
      audit,
      log: ctx.app.log,
    }),
  });

  async function sweep() {
    await services.topups.expireStale();
    await services.vouchers.expireDue();
    await services.coupons.expireDue();
    gateway?.deliver();
  }
  const timer = setInterval(() => background.run(sweep), SWEEP_EVERY_MS);
  timer.unref();
  ctx.app.addHook("onReady", async () => {
    await services.bills.failInterrupted();
  });
  ctx.app.addHook("onClose", async () => {
    clearInterval(timer);
    await background.idle();
  });
  ctx.app.decorate("finance", { sweep, idle: background.idle });
}

declare module "fastify" {
  interface FastifyInstance {
    /** The finance sweep and a way to wait for background jobs (graceful stop, tests). */
    finance: { sweep(): Promise<void>; idle(): Promise<void> };
  }
}
