// A tenant's page for operators against a fake API: its resources, orders, bills and invoice
// requests, each asked of the operators' list with the tenant's orgId; a tab shows only to who may
// read its list, and an order number opens the order page only for who may open it.
import type { OrderRecord, TenantDetail } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import type { Handler } from "./fake-server";
import { makeUser } from "./fake-server";
import { resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 30_000 });
resetAppBetweenTests();

const detail: TenantDetail = {
  orgId: "org-9",
  name: "Acme Compute",
  account: "acme",
  mobile: "13900000009",
  email: "ops@acme.example",
  certificationStatus: "authSucceed",
  frozen: false,
  balance: "120.00000",
  arrears: "0.00000",
  creditLimit: "500.00000",
  createdAt: "2026-11-01T08:00:00.000Z",
  mainUserSid: "u-9",
  realName: "Ann Lee",
  industry: null,
  address: "Shanghai",
  phone: null,
  authType: null,
  authRemark: null,
  freezeReason: null,
  frozenAt: null,
};

const order: OrderRecord = {
  id: "o-9",
  orderNo: "SO2026112900000009",
  type: "order",
  status: "completed",
  approvalLevel: null,
  approvalFlow: "none",
  manualActivation: false,
  awaitingActivation: false,
  submitter: "acme",
  submittedBySystem: false,
  orgName: "Acme Compute",
  productCode: "ecs-standard",
  productName: "Standard host",
  paymentType: "prepaid",
  periodMonths: 1,
  quantity: 1,
  name: "web-9",
  originalAmount: "310.00000",
  amount: "310.00000",
  couponDeduction: "0.00000",
  paidAmount: "310.00000",
  refunded: "0.00000",
  createdAt: "2026-11-29T02:00:00Z",
  updatedAt: "2026-11-29T02:00:00Z",
};

/** The tenant's page, recording the query each list was asked with. */
function openTenant(permissions: string[]) {
  const asked: Record<string, Record<string, string>> = {};
  const list =
    (name: string, rows: unknown[]): Handler =>
    ({ query }) => {
      asked[name] = Object.fromEntries(query);
      return page(rows);
    };
  renderApp(
    "/sys/tenants/org-9",
    {
      "GET /ops/tenants/org-9": () => ({ data: detail }),
      "GET /ops/tenants/org-9/users": () => page([]),
      "GET /ops/resources": list("resources", [resourceRecord({ name: "web-9", orderId: "o-9" })]),
      "GET /ops/orders": list("orders", [order]),
      "GET /ops/bills": list("bills", []),
      "GET /ops/invoices": list("invoices", []),
    },
    {
      user: makeUser({
        account: "op",
        permissions,
        routes: ["/sys/tenants", "/sys/tenants/:id", "/sys/orders/:id"],
        currentOrg: null,
      }),
    },
  );
  return asked;
}

const tab = (name: string) => screen.findByRole("tab", { name }, WAIT);

describe("a tenant's activity tabs", () => {
  it("lists the tenant's resources, orders, bills and invoices from the operators' lists by orgId", async () => {
    const asked = openTenant(["BI", "BA11", "BA07"]);
    fireEvent.click(await tab("Resources"));
    const resource = await screen.findByTestId("tenant-resource-web-9", {}, WAIT);
    expect(resource.querySelector('a[href="/sys/orders/o-9"]')?.textContent).toBe("Open order");
    expect(asked.resources).toMatchObject({ orgId: "org-9" });

    fireEvent.click(await tab("Orders"));
    const row = await screen.findByTestId("tenant-order-SO2026112900000009", {}, WAIT);
    expect(row.textContent).toContain("Standard host");
    expect(screen.getByTestId("order-open-SO2026112900000009").getAttribute("href")).toBe("/sys/orders/o-9");
    expect(asked.orders).toMatchObject({ orgId: "org-9" });

    fireEvent.click(await tab("Bills"));
    await waitFor(() => expect(asked.bills).toMatchObject({ orgId: "org-9" }), WAIT);

    fireEvent.click(await tab("Invoices"));
    // The queue reads oldest first; a tenant's history reads newest first.
    await waitFor(() => expect(asked.invoices).toMatchObject({ orgId: "org-9", order: "newest" }), WAIT);
  });

  it("shows an after-sales engineer (BT) resources and orders with the order page, and no money tabs", async () => {
    openTenant(["BT"]);
    fireEvent.click(await tab("Orders"));
    await screen.findByTestId("tenant-order-SO2026112900000009", {}, WAIT);
    expect(screen.getByTestId("order-open-SO2026112900000009").getAttribute("href")).toBe("/sys/orders/o-9");
    expect(screen.getByRole("tab", { name: "Resources" })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Bills" })).toBeNull();
    expect(screen.queryByRole("tab", { name: "Invoices" })).toBeNull();
  });
});

describe("an order opened from a tenant's page", () => {
  const waiting = {
    ...order,
    status: "approving" as const,
    approvalLevel: "1",
    approvalFlow: "oneLevel" as const,
  };
  const openOrder = (permissions: string[]) =>
    renderApp(
      "/sys/orders/o-9",
      {
        "GET /audit/approval/o-9": () => ({
          data: {
            ...waiting,
            events: [],
            resources: [],
            resourceIds: [],
            spec: {},
            errorLog: null,
            returnDeadline: null,
          },
        }),
      },
      {
        user: makeUser({
          account: "op",
          permissions,
          routes: ["/sys/tenants", "/sys/tenants/:id", "/sys/orders/:id", "/sys/approvals"].filter(
            (r) => r !== "/sys/approvals" || permissions.includes("BA07"),
          ),
          currentOrg: null,
        }),
      },
    );

  it.each([["BT"], ["BI"]])(
    "is read by %s without the approvers' buttons, back to the tenants",
    async (code) => {
      openOrder([code]);
      const back = await screen.findByTestId("approval-order-back", {}, WAIT);
      expect(
        (await screen.findAllByText("SO2026112900000009", { exact: false }, WAIT)).length,
      ).toBeGreaterThan(0);
      expect(back.getAttribute("href")).toBe("/sys/tenants");
      expect(screen.getByTestId("read-only-note")).toBeTruthy();
      expect(screen.queryByTestId("approval-approve")).toBeNull();
    },
  );

  it("still shows an approver (BA07) the decision buttons", async () => {
    openOrder(["BA07"]);
    expect(await screen.findByTestId("approval-approve", {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId("approval-order-back").getAttribute("href")).toBe("/sys/approvals");
    expect(screen.queryByTestId("read-only-note")).toBeNull();
  });
});
