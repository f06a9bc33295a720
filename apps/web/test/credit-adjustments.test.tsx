// An operator's credit to a tenant reads as money credited — "+", green, "credited" — on the bills
// and in the account details, never as an amount due; a debit reads as money taken. Both languages.
import type { BillRecord } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, describe, expect, it, vi } from "vitest";
import { POSITIVE_COLOR } from "../src/components/money-text";
import { setLanguage } from "../src/i18n";
import { page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });
resetAppBetweenTests();
afterAll(() => setLanguage("en-US"));

const tenant = makeUser({
  permissions: ["CA", "CC01", "CC03", "CC07"],
  routes: ["/mgt/dashboard", "/mgt/bill", "/mgt/deals"],
});

const zero = "0.00000";
const credit: BillRecord = {
  billNo: "B202611230000001",
  billingCycle: "2026-11",
  type: "adjustment",
  productCode: "balance_adjustment",
  productName: "Compensation for the outage",
  orgId: "org-1",
  orgName: "Acme AI Lab",
  orderNo: null,
  chargeType: "none",
  originalAmount: zero,
  discountAmount: zero,
  contractDiscount: zero,
  couponDeduction: zero,
  actualAmount: zero,
  cashAmount: zero,
  creditAmount: zero,
  voucherAmount: zero,
  arrearsAmount: zero,
  refundAmount: zero,
  adjustmentAmount: "100.00000",
  usageStart: null,
  usageEnd: null,
  createdAt: "2026-11-23T02:00:00Z",
};
const debit: BillRecord = { ...credit, billNo: "B202611230000002", adjustmentAmount: "-20.00000" };

const deal = (amount: string) => ({
  id: amount,
  entryId: "1",
  time: "2026-11-23T02:00:00.000Z",
  type: "adjustment",
  account: "cash",
  amount,
  balanceAfter: "100.00000",
  referenceType: "balance_adjustment",
  referenceId: "ADJ20261123100000123456",
  memo: "Compensation for the outage",
  memoKey: null,
  memoParams: null,
});

const cases = [
  {
    language: "en-US",
    credit: "Credit adjustment",
    debit: "Debit adjustment",
    credited: "credited to your balance",
    dealCredit: "Balance credited",
  },
  {
    language: "zh-CN",
    credit: "调账入账",
    debit: "调账扣款",
    credited: "已存入余额",
    dealCredit: "调账入账",
  },
] as const;

describe("a credit adjustment", () => {
  for (const c of cases) {
    it(`reads as money credited on the bills, never as an amount due (${c.language})`, async () => {
      await setLanguage(c.language);
      renderApp(
        "/mgt/bill?tab=items",
        {
          "GET /bills": () => page([credit, debit]),
          "GET /bills/listCycleBills": () => ({ data: [] }),
          [`GET /bills/listBillDetails/${credit.billNo}`]: () => ({ data: credit }),
        },
        { user: tenant },
      );
      const table = await screen.findByTestId("bills-table", {}, WAIT);
      await waitFor(() => expect(table.textContent).toContain(credit.billNo), WAIT);
      const rowOf = (b: BillRecord) => screen.getByText(b.billNo).closest("tr")!;
      const creditRow = rowOf(credit);
      const debitRow = rowOf(debit);
      expect(creditRow.textContent).toContain(c.credit);
      expect(creditRow.textContent).toContain(`+¥100.00000 ${c.credited}`);
      const money = within(creditRow).getByTestId("bill-adjustment-money").querySelector("[data-sign]")!;
      expect(money.getAttribute("data-sign")).toBe("1");
      expect((money as HTMLElement).style.color).toBe(POSITIVE_COLOR);
      expect(debitRow.textContent).toContain(c.debit);
      expect(debitRow.textContent).toContain("-¥20.00000");

      // Its detail shows nothing due and the credit with its word.
      fireEvent.click(creditRow);
      const detail = await screen.findByTestId("bill-detail", {}, WAIT);
      expect(detail.textContent).toContain(`+¥100.00000 ${c.credited}`);
    });

    it(`reads as money credited in the account details (${c.language})`, async () => {
      await setLanguage(c.language);
      renderApp(
        "/mgt/deals",
        {
          "GET /account_deals": () =>
            page([
              deal("100.00000"),
              {
                ...deal("-5.00000"),
                id: "arrears",
                type: "arrears_settlement",
                referenceType: "arrears",
                referenceId: "0a1b2c3d-1111-4222-8333-944455556666",
              },
            ]),
          "GET /billing_account": () => ({ status: 404, code: 404, message: "" }),
        },
        { user: tenant },
      );
      const table = await screen.findByTestId("deals-table", {}, WAIT);
      await waitFor(() => expect(table.textContent).toContain("+¥100.00000"), WAIT);
      expect(table.textContent).toContain(c.dealCredit);
      expect(table.textContent).toContain("ADJ20261123100000123456");
      // A reference that is an id shows only its kind.
      expect(table.textContent).not.toContain("0a1b2c3d");
    });
  }
});
