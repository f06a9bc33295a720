// Operators' pages name organisations, people, adjustments and categories; no id or code is text to
// read (an id shows only on hover, a code only where an operator edits it), in both languages.
import type { AdjustmentRecord, Category, InvitationCode, OrderRecord, Product } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../src/i18n";
import { page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });

resetAppBetweenTests();
afterAll(() => setLanguage("en-US"));

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const ORG_ID = "0a1b2c3d-1111-4222-8333-944455556666";
const GONE_USER = "9f8e7d6c-1111-4222-8333-944455556666";

const operator = makeUser({
  userSid: "op-1",
  account: "admin",
  currentOrg: null,
  permissions: ["BI", "BA02", "BB02"],
  routes: ["/sys/finance/adjustments", "/sys/finance/accounts", "/sys/invitation", "/mgt/productcategory"],
});

const adjustment: AdjustmentRecord = {
  id: "5e6f7a8b-1111-4222-8333-944455556666",
  adjustmentNo: "ADJ20261122100000123456",
  orgId: ORG_ID,
  orgName: "Acme AI Lab",
  amount: "500.00000",
  reason: "Compensation",
  status: "pending_approval",
  requestedBy: GONE_USER,
  requestedByAccount: null,
  decidedBy: null,
  decidedByAccount: null,
  decisionRemark: null,
  createdAt: "2026-11-22T02:00:00Z",
  decidedAt: null,
};

const invitation: InvitationCode = {
  code: "SKY-ABCD-EFGH",
  remark: "Partners",
  maxUses: 5,
  usedCount: 1,
  expiresAt: null,
  status: "enabled",
  createdAt: "2026-11-22T02:00:00Z",
  createdBy: "op-1",
  createdByAccount: "admin",
};

const category: Category = {
  id: "c-1",
  code: "cloud-host",
  nameZh: "云主机",
  nameEn: "Cloud hosts",
  sort: 1,
  productCount: 1,
};

const product: Product = {
  id: "p-1",
  code: "ecs-standard",
  nameZh: "标准型云主机",
  nameEn: "Standard host",
  categoryId: "c-1",
  categoryCode: "cloud-host",
  categoryNameZh: "云主机",
  categoryNameEn: "Cloud hosts",
  provider: "simulator",
  spec: { kind: "elasticIp", minMbps: 1, maxMbps: 100, defaultMbps: 5 },
  prepaidPeriods: [1],
  postpaid: false,
  approvalFlow: "none",
  manualActivation: false,
  billingPolicyIds: [],
  listingState: "listed",
  pricingConfigured: true,
  updatedAt: "2026-11-22T02:00:00Z",
} as Product;

describe("operators' money pages", () => {
  it("show an adjustment by its number and the people and tenant by name", async () => {
    renderApp(
      "/sys/finance/adjustments",
      { "GET /ops/adjustments": () => page([adjustment]), "GET /ops/orgs": () => page([]) },
      { user: operator },
    );
    const table = await screen.findByTestId("adjustments-table", {}, WAIT);
    await waitFor(() => expect(table.textContent).toContain("ADJ20261122100000123456"), WAIT);
    expect(table.textContent).toContain("Acme AI Lab");
    expect(table.textContent).not.toMatch(UUID);
  });

  it("name the tenant on the accounts page and keep its id for copying only", async () => {
    renderApp(
      "/sys/finance/accounts",
      {
        "GET /ops/orgs": () =>
          page([{ orgId: ORG_ID, name: "Acme AI Lab", email: null, createdAt: "2025-01-01T00:00:00Z" }]),
      },
      { user: operator },
    );
    const table = await screen.findByTestId("orgs-table", {}, WAIT);
    await waitFor(() => expect(table.textContent).toContain("Acme AI Lab"), WAIT);
    expect(table.textContent).not.toMatch(UUID);
    expect(table.textContent).not.toContain("Tenant ID");
  });

  it("name who created an invitation code", async () => {
    renderApp(
      "/sys/invitation",
      { "GET /ops/invitation_codes": () => page([invitation]) },
      { user: operator },
    );
    await waitFor(() => expect(document.body.textContent).toContain("SKY-ABCD-EFGH"), WAIT);
    const row = screen.getByText("SKY-ABCD-EFGH").closest("tr")!;
    expect(row.textContent).toContain("admin");
    expect(row.textContent).not.toContain("op-1");
  });
});

describe("the product catalogue", () => {
  const routes = {
    "GET /ops/catalog/products": () => page([product]),
    "GET /ops/catalog/categories": () => page([category]),
    "GET /ops/catalog/billing_policies": () => page([]),
  };

  for (const [language, name, categoriesTab] of [
    ["en-US", "Cloud hosts", "Categories"],
    ["zh-CN", "云主机", null],
  ] as const) {
    it(`names categories in the reader's language, never by code (${language})`, async () => {
      await setLanguage(language);
      renderApp("/mgt/productcategory", routes, { user: operator });
      const products = await screen.findByTestId("catalog-products-table", {}, WAIT);
      await waitFor(() => expect(products.textContent).toContain(name), WAIT);
      expect(products.querySelector("tbody")?.textContent).not.toContain("cloud-host");

      fireEvent.click(screen.getByTestId("catalog-tab-categories"));
      const categories = await screen.findByTestId("catalog-categories-table", {}, WAIT);
      await waitFor(() => expect(categories.textContent).toContain(name), WAIT);
      expect(categories.textContent).not.toContain("cloud-host");
      if (categoriesTab) expect(screen.getByTestId("catalog-tab-categories").textContent).toBe(categoriesTab);
    });
  }
});

describe("my orders", () => {
  const renewal: OrderRecord = {
    id: "o-9",
    orderNo: "SO2026112212345678",
    type: "renewal",
    status: "completed",
    approvalLevel: null,
    approvalFlow: "none",
    manualActivation: false,
    awaitingActivation: false,
    submitter: "",
    submittedBySystem: true,
    orgName: "Acme AI Lab",
    productCode: "ecs-standard",
    productName: "Standard host",
    paymentType: "prepaid",
    periodMonths: 3,
    quantity: 1,
    name: "web-1",
    originalAmount: "930.00000",
    amount: "930.00000",
    couponDeduction: "0.00000",
    paidAmount: "930.00000",
    refunded: "0.00000",
    createdAt: "2026-11-22T02:00:00Z",
    updatedAt: "2026-11-22T02:00:00Z",
  };
  const tenant = makeUser({
    permissions: ["CA", "CC01"],
    routes: ["/mgt/dashboard", "/mgt/order", "/mgt/orders/:id"],
  });

  for (const [language, typeName] of [
    ["en-US", "Renewal"],
    ["zh-CN", "续费"],
  ] as const) {
    it(`list a renewal with its type and order number (${language})`, async () => {
      await setLanguage(language);
      renderApp("/mgt/order", { "GET /orders": () => page([renewal]) }, { user: tenant });
      const row = await screen.findByTestId("order-row-SO2026112212345678", {}, WAIT);
      expect(row.textContent).toContain(typeName);
      expect(row.textContent).toContain("Standard host");
      expect(row.textContent).not.toContain("ecs-standard");
    });
  }
});
