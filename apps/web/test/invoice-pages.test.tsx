// Invoices (issue 17 item 1) against a fake API: the tenant's page shows the invoiceable amount by
// order and postpaid month (a month not open yet says from when), requests an invoice for a chosen
// order with an Idempotency-Key, refuses a VAT special title missing its fields in the form, and a
// request's page shows the issued invoice or the rejection reason; the operators' queue rejects a
// request with a reason; the menu offers the pages only with CC05 and BA11.
import {
  buildMenus,
  type InvoiceableSummary,
  type InvoiceRequestRecord,
  type InvoiceTitle,
} from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 30_000 });
resetAppBetweenTests();

const ID = "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f";
const CODES = ["CA", "CC05", "CC0501"];
const tenant = makeUser({
  permissions: CODES,
  menus: buildMenus(CODES),
  routes: ["/mgt/dashboard", "/mgt/invoice", "/mgt/invoice/:id"],
  certificationStatus: "authSucceed",
});
const operator = makeUser({
  account: "ops",
  currentOrg: null,
  permissions: ["CA", "BA11"],
  menus: buildMenus(["BA11"], "platform"),
  routes: ["/mgt/dashboard", "/sys/invoices"],
});

const summary: InvoiceableSummary = {
  total: "730.00000",
  items: [
    {
      key: "order:ORD-1",
      kind: "order",
      reference: "ORD-1",
      chargeType: "prepaid",
      paid: "700.00000",
      requested: "0.00000",
      invoiceable: "700.00000",
      open: true,
      opensOn: null,
    },
    {
      key: "postpaid:2026-11",
      kind: "postpaidMonth",
      reference: "2026-11",
      chargeType: "postpaid",
      paid: "40.00000",
      requested: "0.00000",
      invoiceable: "0.00000",
      open: false,
      opensOn: "2026-12-04",
    },
  ],
};

const title: InvoiceTitle = {
  id: "t-1",
  type: "vatOrdinary",
  name: "Acme AI Lab Ltd.",
  taxNumber: "91110108MA01ABCD2X",
  bankName: "",
  bankAccount: "",
  registeredAddress: "",
  registeredPhone: "",
  createdAt: "2026-11-20T02:00:00.000Z",
};

const request = (patch: Partial<InvoiceRequestRecord> = {}): InvoiceRequestRecord => ({
  id: ID,
  requestNo: "INV2026112212345678",
  orgId: "org-1",
  orgName: "Acme AI Lab",
  state: "invoicing",
  amount: "700.00000",
  medium: "electronic",
  title: { ...title },
  address: null,
  items: [{ key: "order:ORD-1", amount: "700.00000" }],
  remark: "",
  invoiceNumber: null,
  trackingNumber: null,
  hasPdf: false,
  rejectReason: null,
  requestedBy: "u-1",
  createdAt: "2026-11-22T02:00:00.000Z",
  decidedAt: null,
  ...patch,
});

/** Picks an option of an antd Select by its title, as a person does. */
async function pick(testId: string, title: string) {
  const select = await screen.findByTestId(testId, {}, WAIT);
  fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
  const options = await screen.findAllByTitle(title, {}, WAIT);
  fireEvent.click(options.find((o) => o.classList.contains("ant-select-item-option")) ?? options[0]!);
}

const tenantRoutes = {
  "GET /invoices/invoiceable": () => ({ data: summary }),
  "GET /invoices/requests": () => page([request()]),
  "GET /invoices/titles": () => ({ data: [title] }),
  "GET /invoices/addresses": () => ({ data: [] }),
};

describe("the tenant's invoice page", () => {
  it("shows the invoiceable amount by item and when a postpaid month opens", async () => {
    renderApp("/mgt/invoice", tenantRoutes, { user: tenant });
    const total = await screen.findByTestId("invoiceable-total", {}, WAIT);
    await waitFor(() => expect(total.textContent).toContain("730.00"));
    const items = await screen.findByTestId("invoiceable-items", {}, WAIT);
    await waitFor(() => expect(items.textContent).toContain("Order ORD-1"));
    expect(items.textContent).toContain("Postpaid bills of 2026-11");
    expect(items.textContent).toContain("From 2026-12-04");
    const row = await screen.findByTestId("invoice-row-INV2026112212345678", {}, WAIT);
    expect(row.textContent).toContain("Invoicing");
    expect(screen.getByText("My invoices", { selector: "a, span, li *" })).toBeTruthy();
  });

  it("requests an invoice for a chosen order with an idempotency key", async () => {
    const server = renderApp(
      "/mgt/invoice",
      { ...tenantRoutes, "POST /invoices/requests": () => ({ data: request() }) },
      { user: tenant },
    );
    const open = await screen.findByTestId("invoice-request-open", {}, WAIT);
    await waitFor(() => expect(open.hasAttribute("disabled")).toBe(false), WAIT);
    fireEvent.click(open);
    await pick("invoice-request-title", "Acme AI Lab Ltd. (Corporate VAT ordinary invoice)");
    const item = await screen.findByTestId("invoice-request-item-order:ORD-1", {}, WAIT);
    fireEvent.click(item.tagName === "INPUT" ? item : within(item).getByRole("checkbox"));
    // The month not open yet is not offered.
    expect(screen.queryByTestId("invoice-request-item-postpaid:2026-11")).toBeNull();
    expect((await screen.findByTestId("invoice-request-chosen", {}, WAIT)).textContent).toContain("700.00");
    fireEvent.click(screen.getByTestId("invoice-request-submit"));
    await waitFor(() => expect(callsTo(server, "POST", "/invoices/requests")).toHaveLength(1), WAIT);
    const call = callsTo(server, "POST", "/invoices/requests")[0]!;
    expect(call.body).toEqual({
      titleId: "t-1",
      medium: "electronic",
      addressId: null,
      items: ["order:ORD-1"],
      amount: null,
      remark: "",
    });
    expect(call.headers["Idempotency-Key"] ?? call.headers["idempotency-key"]).toBeTruthy();
  });

  it("refuses an amount over the invoiceable in the form, sending nothing", async () => {
    const server = renderApp("/mgt/invoice", tenantRoutes, { user: tenant });
    const open = await screen.findByTestId("invoice-request-open", {}, WAIT);
    await waitFor(() => expect(open.hasAttribute("disabled")).toBe(false), WAIT);
    fireEvent.click(open);
    await pick("invoice-request-title", "Acme AI Lab Ltd. (Corporate VAT ordinary invoice)");
    fireEvent.change(await screen.findByTestId("invoice-request-amount", {}, WAIT), {
      target: { value: "700.00001" },
    });
    fireEvent.click(screen.getByTestId("invoice-request-submit"));
    expect(await screen.findByText("More than is invoiceable: at most ¥700.00000", {}, WAIT)).toBeTruthy();
    expect(callsTo(server, "POST", "/invoices/requests")).toHaveLength(0);
  });

  it("asks for the fields a VAT special title needs before sending anything", async () => {
    const server = renderApp("/mgt/invoice?tab=titles", tenantRoutes, { user: tenant });
    fireEvent.click(await screen.findByTestId("invoice-title-add", {}, WAIT));
    await pick("invoice-title-type", "Corporate VAT special invoice");
    await screen.findByTestId("invoice-title-registeredPhone", {}, WAIT);
    fireEvent.change(screen.getByTestId("invoice-title-name"), { target: { value: "Acme AI Lab Ltd." } });
    fireEvent.click(screen.getByTestId("invoice-title-submit"));
    await waitFor(() => expect(screen.getAllByText("This field is required").length).toBe(5), WAIT);
    expect(callsTo(server, "POST", "/invoices/titles")).toHaveLength(0);
  });
});

describe("a request's page", () => {
  it("shows the issued invoice's number and its PDF download", async () => {
    renderApp(
      `/mgt/invoice/${ID}`,
      {
        [`GET /invoices/requests/${ID}`]: () => ({
          data: request({ state: "invoiced", invoiceNumber: "04400123", hasPdf: true }),
        }),
      },
      { user: tenant },
    );
    expect((await screen.findByTestId("invoice-request-number", {}, WAIT)).textContent).toBe("04400123");
    expect(screen.getByTestId("invoice-request-state").textContent).toBe("Invoiced");
    expect(screen.getByTestId("invoice-request-pdf")).toBeTruthy();
  });

  it("shows why a request was rejected", async () => {
    renderApp(
      `/mgt/invoice/${ID}`,
      {
        [`GET /invoices/requests/${ID}`]: () => ({
          data: request({ state: "rejected", rejectReason: "Wrong tax number" }),
        }),
      },
      { user: tenant },
    );
    expect((await screen.findByTestId("invoice-request-reason", {}, WAIT)).textContent).toBe(
      "Wrong tax number",
    );
    expect(screen.queryByTestId("invoice-request-pdf")).toBeNull();
  });
});

describe("the operators' invoice queue", () => {
  it("rejects a waiting request with a reason", async () => {
    const server = renderApp(
      "/sys/invoices",
      {
        "GET /ops/invoices": () => page([request()]),
        [`POST /ops/invoices/${ID}/reject`]: () => ({
          data: request({ state: "rejected", rejectReason: "Wrong title" }),
        }),
      },
      { user: operator },
    );
    fireEvent.click(await screen.findByTestId("invoice-reject-INV2026112212345678", {}, WAIT));
    fireEvent.change(await screen.findByTestId("invoice-reject-reason", {}, WAIT), {
      target: { value: "Wrong title" },
    });
    fireEvent.click(screen.getByTestId("invoice-reject-submit"));
    await waitFor(() => expect(callsTo(server, "POST", `/ops/invoices/${ID}/reject`)).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", `/ops/invoices/${ID}/reject`)[0]!.body).toEqual({ reason: "Wrong title" });
  });

  it("is in the operations menu only for BA11, and the tenant's page only for CC05", () => {
    const platform = JSON.stringify(buildMenus(["BA11"], "platform"));
    expect(platform).toContain("/sys/invoices");
    expect(JSON.stringify(buildMenus(["CA"], "platform"))).not.toContain("/sys/invoices");
    expect(JSON.stringify(buildMenus(["CC05"]))).toContain("/mgt/invoice");
    expect(JSON.stringify(buildMenus(["CC03"]))).not.toContain("/mgt/invoice");
  });
});
