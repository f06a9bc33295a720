// The billing accounts list (`accounts`, BI, issue 19 §7): every tenant's account with balance,
// credit, voucher balance and arrears, filtered, sorted and paged, and exported to .xlsx with the
// same filter and order through the streamed export that bills use.
import { formatYuan } from "@skyledger/billing";
import type { BillingAccountFilter, BillingAccountRecord, Locale } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { type PageRequest, pageOf } from "../../platform/db/paging";
import type { RequestContext } from "../../platform/request-context";
import { localMinute } from "../../platform/time-zone";
import { type BillingAccountRow, billingAccountsCount, billingAccountsPage } from "./billing-accounts.repo";
import type { ExportRunner } from "./streamed-export";

const EXPORT_PAGE = 2000;

const toRecord = (r: BillingAccountRow): BillingAccountRecord => ({
  orgId: r.org_id,
  name: r.name,
  email: r.email,
  verified: r.verified,
  frozen: r.frozen,
  balance: formatYuan(BigInt(r.balance)),
  creditLimit: formatYuan(BigInt(r.credit_limit)),
  creditUsed: formatYuan(BigInt(r.credit_used)),
  voucherBalance: formatYuan(BigInt(r.vouchers)),
  arrears: formatYuan(BigInt(r.arrears)),
  createdAt: new Date(r.created_at).toISOString(),
});

const HEADERS: Record<Locale, string[]> = {
  "zh-CN": [
    "租户",
    "租户 ID",
    "邮箱",
    "已认证",
    "已冻结",
    "余额",
    "信用额度",
    "已用信用",
    "代金券余额",
    "欠费",
    "创建时间",
  ],
  "en-US": [
    "Tenant",
    "Tenant ID",
    "E-mail",
    "Verified",
    "Frozen",
    "Balance",
    "Credit limit",
    "Credit used",
    "Voucher balance",
    "Arrears",
    "Created",
  ],
};
const WIDTHS = [28, 38, 28, 10, 10, 16, 16, 16, 16, 16, 26];
const YES_NO: Record<Locale, [string, string]> = { "zh-CN": ["是", "否"], "en-US": ["Yes", "No"] };

export type BillingAccountsService = ReturnType<typeof createBillingAccountsService>;

export function createBillingAccountsService(db: Db, clock: Clock, exports: ExportRunner) {
  return {
    list(f: BillingAccountFilter & PageRequest) {
      const now = clock.now();
      return pageOf(
        f,
        (limit, offset) => billingAccountsPage(db, f, now, limit, offset),
        billingAccountsCount(db, f, now),
        toRecord,
      );
    },

    /**
     * Every account the filter selects, in the list's order, read in offset pages of a snapshot
     * time (balances move while it runs; the file says the state of each row when it was read).
     */
    export(ctx: RequestContext, f: BillingAccountFilter) {
      const now = clock.now();
      const yesNo = YES_NO[ctx.locale];
      let offset = 0;
      return exports.start<BillingAccountRow>(
        ctx,
        {
          kind: "billingAccounts",
          fileName: `billing_accounts_${localMinute(now, "UTC").replace(/\D/g, "")}.xlsx`,
          orgId: null,
        },
        {
          sheetName: ctx.locale === "zh-CN" ? "计费账户" : "Billing accounts",
          columns: HEADERS[ctx.locale].map((header, i) => ({ header, width: WIDTHS[i] })),
          count: async () => (await billingAccountsCount(db, f, now))[0]?.n ?? 0,
          page: async (after) => {
            if (after === undefined) offset = 0;
            const rows = await billingAccountsPage(db, f, now, EXPORT_PAGE, offset);
            offset += rows.length;
            return rows;
          },
          cells: (row) => {
            const r = toRecord(row);
            return [
              r.name,
              r.orgId,
              r.email,
              r.verified ? yesNo[0] : yesNo[1],
              r.frozen ? yesNo[0] : yesNo[1],
              r.balance,
              r.creditLimit,
              r.creditUsed,
              r.voucherBalance,
              r.arrears,
              r.createdAt,
            ];
          },
        },
      );
    },
  };
}
