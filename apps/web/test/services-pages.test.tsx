// The cloud-host, order and approval pages against a fake API: what they show and what they send.
import type { OrderDetail } from "@skyledger/contracts";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../src/app/app";
import { queryClient } from "../src/app/query-client";
import { setLanguage } from "../src/i18n";
import { api } from "../src/lib/api-client";
import { session } from "../src/lib/session";
import { reloadPublicConfig } from "../src/lib/system-config";
import { WAIT } from "./app-harness";
import { fakeServer, type Handler, makeUser, publicConfig } from "./fake-server";
import { approvingOperator, entryDisabled, hostMenuEntry, resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 20_000 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const tenant = makeUser({
  permissions: ["CA", "CB01", "CC01"],
  routes: [
    "/mgt/dashboard",
    "/mgt/cloudhost",
    "/mgt/cloudhost/create",
    "/mgt/host/:id/detail",
    "/mgt/orders/:id",
  ],
});
const operator = approvingOperator;

const page = <T,>(list: T[]) => ({ data: { list, total: list.length, pageNum: 1, pageSize: 20 } });

const host = resourceRecord;

const order: OrderDetail = {
  id: "o-1",
  orderNo: "ORD-0001",
  type: "order",
  status: "approving",
  approvalLevel: null,
  approvalFlow: "oneLevel",
  manualActivation: false,
  awaitingActivation: false,
  submittedBySystem: false,
  submitter: "alice",
  orgName: "Acme AI Lab",
  productCode: "std-host",
  productName: "Standard host",
  paymentType: "prepaid",
  periodMonths: 1,
  quantity: 1,
  originalAmount: "100.00000",
  amount: "100.00000",
  couponDeduction: "0.00000",
  paidAmount: "100.00000",
  refunded: "0.00000",
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
  name: "web-1",
  spec: { flavorId: "s1", imageId: "ubuntu" },
  resourceIds: [],
  resources: [],
  errorLog: null,
  returnDeadline: null,
  events: [{ at: "2025-01-01T00:00:00Z", actor: "alice", action: "submitted", level: null, detail: null }],
};

/** Approved and paid, waiting for an operator to activate or close it. */
const waiting: OrderDetail = {
  ...order,
  id: "o-3",
  orderNo: "ORD-0003",
  status: "approved",
  approvalLevel: "audited",
  manualActivation: true,
  awaitingActivation: true,
  events: [
    ...order.events,
    { at: "2025-01-01T01:00:00Z", actor: "ops", action: "approved", level: "audited", detail: null },
    { at: "2025-01-01T01:00:00Z", actor: null, action: "awaitingActivation", level: null, detail: null },
  ],
};

const product = {
  id: "p-1",
  code: "std-host",
  nameZh: "标准云主机",
  nameEn: "Standard host",
  categoryCode: "compute",
  spec: {
    kind: "host",
    flavors: [{ id: "s1", name: "s1.small", vcpu: 2, memoryGb: 4, gpuCount: 0, gpuModel: "" }],
    images: [{ id: "ubuntu", name: "Ubuntu 22.04" }],
    systemDiskGb: 50,
  },
  prepaidPeriods: [1, 12],
  postpaid: true,
  approvalFlow: "oneLevel",
};

const quote = {
  productCode: "std-host",
  dimension: "flavor:s1",
  paymentType: "prepaid",
  periodMonths: 1,
  hours: null,
  monthly: "100.00000",
  original: "100.00000",
  discount: "0.00000",
  amount: "100.00000",
  coupon: null,
  couponDeduction: "0.00000",
  payable: "100.00000",
  deduction: {
    sufficient: true,
    shortfall: "0.00000",
    allocations: [{ source: "cash", sourceId: null, amount: "100.00000" }],
  },
};

function start(path: string, user: ReturnType<typeof makeUser>, routes: Record<string, Handler>) {
  const server = fakeServer({
    "GET /configs/nonAuth": () => ({ data: publicConfig }),
    "GET /users/token": () => ({ data: user }),
    ...routes,
  });
  api.configure({ fetch: server.fetch as unknown as typeof fetch, cookie: () => "xsrf-test" });
  void reloadPublicConfig();
  session.save({ token: "t", signSecret: "s" });
  window.history.pushState({}, "", path);
  render(<App />);
  return server;
}

beforeAll(async () => {
  await setLanguage("en-US");
});

beforeEach(() => {
  session.clear();
  queryClient.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("cloud hosts list", () => {
  it("enables the actions a status allows and opens a failed host's error log", async () => {
    start("/mgt/cloudhost", tenant, {
      "GET /res/hosts": () =>
        page([
          host({}),
          host({ id: "h-2", name: "db-1", status: "stopped", statusName: "Stopped" }),
          host({
            id: "h-3",
            name: "bad-1",
            status: "create_failure",
            statusName: "Creation failed",
            hasErrorLog: true,
          }),
        ]),
      "GET /res/hosts/h-3": () => ({
        data: {
          ...host({ id: "h-3", name: "bad-1", status: "create_failure" }),
          errorLog: "quota exceeded at provider",
          attachments: [],
        },
      }),
    });
    await screen.findByTestId("host-row-web-1", {}, WAIT);
    // The row shows the monitoring link; the other actions are in its "more" menu.
    expect(screen.getByTestId("host-monitor-web-1").getAttribute("href")).toBe(
      "/mgt/host/monitor/overview/h-1",
    );
    expect(entryDisabled(await hostMenuEntry("web-1", "stop"))).toBe(false);
    expect(entryDisabled(await hostMenuEntry("web-1", "start"))).toBe(true);
    expect(entryDisabled(await hostMenuEntry("db-1", "start"))).toBe(false);
    expect(entryDisabled(await hostMenuEntry("db-1", "reboot"))).toBe(true);
    expect(entryDisabled(await hostMenuEntry("bad-1", "rebuild"))).toBe(true);
    fireEvent.click(screen.getByTestId("host-status-bad-1"));
    expect(await screen.findByText("quota exceeded at provider", {}, WAIT)).toBeTruthy();
  });

  it("sends an action and unsubscribes after showing the quote", async () => {
    const server = start("/mgt/cloudhost", tenant, {
      "GET /res/hosts": () => page([host({ status: "stopped", statusName: "Stopped" })]),
      "POST /res/hosts/h-1/action": () => ({
        data: { ...host({ status: "starting" }), errorLog: null, attachments: [] },
      }),
      "GET /service/unsubscribe/h-1/inquiry": () => ({
        data: {
          resourceId: "h-1",
          name: "web-1",
          refundReading: "byMonth",
          paid: "100",
          used: "20",
          overdue: "0",
          refund: "80",
          refundTo: [
            { source: "cash", sourceId: null, amount: "60.00000", voucherClosed: false },
            { source: "deduction_voucher", sourceId: "v-1", amount: "20.00000", voucherClosed: false },
          ],
          blockedBy: null,
        },
      }),
      "POST /service/unsubscribe/h-1": () => ({
        data: { ...order, type: "unsubscribe", orderNo: "ORD-0002" },
      }),
    });
    fireEvent.click(await hostMenuEntry("web-1", "start"));
    await waitFor(
      () => expect(server.calls.some((c) => c.path === "/res/hosts/h-1/action")).toBe(true),
      WAIT,
    );
    expect(server.calls.find((c) => c.path === "/res/hosts/h-1/action")!.body).toEqual({ action: "start" });

    fireEvent.click(await hostMenuEntry("web-1", "unsubscribe"));
    const quoteBox = await screen.findByTestId("unsubscribe-quote", {}, WAIT);
    expect(within(quoteBox).getByTestId("unsubscribe-refund").textContent).toContain("¥80.00000");
    // Where the refund goes back to, before confirming: cash first, then the voucher.
    expect(within(quoteBox).getByTestId("unsubscribe-refund-to").textContent).toBe(
      "Cash balance¥60.00000Deduction vouchers¥20.00000",
    );
    fireEvent.click(screen.getByTestId("unsubscribe-confirm"));
    await waitFor(
      () =>
        expect(server.calls.some((c) => c.path === "/service/unsubscribe/h-1" && c.method === "POST")).toBe(
          true,
        ),
      WAIT,
    );
    const sent = server.calls.find((c) => c.path === "/service/unsubscribe/h-1" && c.method === "POST")!;
    expect(sent.headers["Idempotency-Key"]).toMatch(UUID);
  });
});

describe("cloud hosts list at 1440 px", () => {
  it("confirms a stop from the row's menu and explains the indicators in a legend", async () => {
    const server = start("/mgt/cloudhost", tenant, {
      "GET /res/hosts": () => page([host({})]),
      "POST /res/hosts/h-1/action": () => ({
        data: { ...host({ status: "stopping" }), errorLog: null, attachments: [] },
      }),
    });
    fireEvent.click(await hostMenuEntry("web-1", "stop"));
    expect(
      (await screen.findAllByText("Stop web-1? Programs running on it are interrupted.", {}, WAIT)).length,
    ).toBeGreaterThan(0);
    fireEvent.click(await screen.findByTestId("host-stop-web-1-confirm", {}, WAIT));
    await waitFor(
      () =>
        expect(server.calls.find((c) => c.path === "/res/hosts/h-1/action")?.body).toEqual({
          action: "stop",
        }),
      WAIT,
    );

    // Each indicator names itself and its state (tooltip and label, reachable by keyboard)…
    const manage = within(screen.getByTestId("host-row-web-1")).getByText("Mgmt");
    expect(manage.getAttribute("aria-label")).toBe("Management: connected");
    expect(manage.getAttribute("tabindex")).toBe("0");
    // …and the column title has a legend of the short names and colours.
    fireEvent.mouseEnter(screen.getAllByTestId("host-indicators-help")[0]!);
    const legend = await screen.findByTestId("host-indicators-legend", {}, WAIT);
    expect(legend.textContent).toContain("Mgmt — Management");
    expect(legend.textContent).toContain("Mon — Monitoring agent");
    expect(legend.textContent).toContain("Green: connected or running");
  });

  it("keeps billing and expiry among columns that fit 1440 px, with the creation time left to the detail", async () => {
    start("/mgt/cloudhost", tenant, { "GET /res/hosts": () => page([host({})]) });
    const row = await screen.findByTestId("host-row-web-1", {}, WAIT);
    const headers = [...document.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(["Payment", "Expires", "Actions"].map((h) => expect.stringContaining(h))),
    );
    // At 1440 px the table has 1440 − 240 (side bar) − 96 (page and card padding) = 1104 px: its
    // columns are laid out within that, so it does not scroll sideways.
    const table = screen.getByTestId("hosts-table").querySelector("table")!;
    expect(Number.parseInt(table.style.width || table.style.minWidth, 10)).toBeLessThanOrEqual(1104);
    expect(headers.some((h) => h === "Created")).toBe(false);
    expect(row.textContent).toContain("Monitoring");
    expect(within(row).getByTestId("host-more-web-1").textContent).toContain("More");
  });
});

describe("unsubscribing a busy host", () => {
  it("shows the running job that blocks it and offers no confirmation", async () => {
    const server = start("/mgt/cloudhost", tenant, {
      "GET /res/hosts": () => page([host({})]),
      "GET /service/unsubscribe/h-1/inquiry": () => ({
        data: {
          resourceId: "h-1",
          name: "web-1",
          refundReading: "paidMinusUsed",
          paid: "100.00000",
          used: "20.00000",
          overdue: "0.00000",
          refund: "80.00000",
          refundTo: [{ source: "cash", sourceId: null, amount: "80.00000", voucherClosed: false }],
          blockedBy: "A running job prevents unsubscribe",
        },
      }),
    });
    fireEvent.click(await hostMenuEntry("web-1", "unsubscribe"));
    const blocked = await screen.findByTestId("unsubscribe-blocked", {}, WAIT);
    expect(blocked.textContent).toContain("A running job prevents unsubscribe");
    expect((screen.getByTestId("unsubscribe-confirm") as HTMLButtonElement).disabled).toBe(true);
    expect(server.calls.some((c) => c.method === "POST" && c.path === "/service/unsubscribe/h-1")).toBe(
      false,
    );
  });
});

describe("buying a cloud host", () => {
  it("prices the choice live, sends the order with an Idempotency-Key and opens the order", async () => {
    const server = start("/mgt/cloudhost/create", tenant, {
      "GET /billing/products": () => page([product]),
      "POST /billing/inquiry/price": () => ({ data: quote }),
      "POST /service/apply": () => ({ data: order }),
      "GET /orders/o-1": () => ({ data: order }),
    });
    expect((await screen.findByTestId("price-payable", {}, WAIT)).textContent).toContain("¥100.00000");
    const inquiry = server.calls.find((c) => c.path === "/billing/inquiry/price")!;
    expect(inquiry.body).toMatchObject({
      productCode: "std-host",
      quantity: 1,
      paymentType: "prepaid",
      periodMonths: 1,
    });

    fireEvent.change(screen.getByTestId("host-create-name"), { target: { value: "web-2" } });
    fireEvent.click(screen.getByTestId("host-create-submit"));
    await screen.findByTestId("order-detail", {}, WAIT);
    const apply = server.calls.find((c) => c.path === "/service/apply")!;
    expect(apply.headers["Idempotency-Key"]).toMatch(UUID);
    expect(apply.body).toEqual({
      productCode: "std-host",
      spec: { flavorId: "s1", imageId: "ubuntu" },
      name: "web-2",
      quantity: 1,
      paymentType: "prepaid",
      periodMonths: 1,
      keyPairId: null,
      projectId: null,
    });
    expect(window.location.pathname).toBe("/mgt/orders/o-1");
    expect(screen.getByTestId("order-event-submitted").textContent).toContain("Submitted");
  });

  it("shows the server's refusal above the button and stays on the form for another try", async () => {
    const server = start("/mgt/cloudhost/create", tenant, {
      "GET /billing/products": () => page([product]),
      "POST /billing/inquiry/price": () => ({ data: quote }),
      "POST /service/apply": () => ({
        status: 400,
        code: 22001,
        message: "The balance is not enough: top up first",
      }),
    });
    await screen.findByTestId("price-payable", {}, WAIT);
    fireEvent.change(screen.getByTestId("host-create-name"), { target: { value: "web-2" } });
    fireEvent.click(screen.getByTestId("host-create-submit"));
    expect((await screen.findByTestId("host-create-refusal", {}, WAIT)).textContent).toContain(
      "The balance is not enough",
    );
    expect(window.location.pathname).toBe("/mgt/cloudhost/create");
    expect(server.calls.filter((c) => c.path === "/service/apply")).toHaveLength(1);
    // Cancel leaves the form for the hosts' list.
    fireEvent.click(screen.getByRole("button", { name: /Cancel/ }));
    await waitFor(() => expect(window.location.pathname).toBe("/mgt/cloudhost"), WAIT);
  });
});

describe("order approval", () => {
  it("needs a reason to refuse (reject), then sends the decision", async () => {
    const server = start("/sys/approvals", operator, {
      "GET /audit/approval": () => page([order]),
      "POST /audit/approval/o-1": () => ({
        data: { ...order, status: "rejected", approvalLevel: "lev1_refused" },
      }),
      "GET /ops/simulator/faults": () => ({ data: [] }),
    });
    fireEvent.click(await screen.findByTestId("approval-reject-ORD-0001", {}, WAIT));
    fireEvent.click(await screen.findByTestId("approval-decide-submit", {}, WAIT));
    expect(await screen.findByText("Refusing needs a reason of 2 to 256 characters", {}, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByTestId("approval-reason"), { target: { value: "Not in budget" } });
    fireEvent.click(screen.getByTestId("approval-decide-submit"));
    await waitFor(
      () =>
        expect(server.calls.some((c) => c.method === "POST" && c.path === "/audit/approval/o-1")).toBe(true),
      WAIT,
    );
    expect(server.calls.find((c) => c.method === "POST" && c.path === "/audit/approval/o-1")!.body).toEqual({
      decision: "reject",
      reason: "Not in budget",
    });
  });

  it("lists orders awaiting manual activation under their own tab and closes one with a reason", async () => {
    const server = start("/sys/approvals", operator, {
      "GET /audit/approval": ({ query }) => page(query.get("view") === "activation" ? [waiting] : []),
      "POST /audit/approval/o-3/close": () => ({
        data: { ...waiting, status: "terminated", awaitingActivation: false, refunded: "100.00000" },
      }),
      "GET /ops/simulator/faults": () => ({ data: [] }),
    });
    fireEvent.click(await screen.findByTestId("approvals-tab-activation", {}, WAIT));
    expect(await screen.findByTestId("order-status-ORD-0003-activation", {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId("approval-activate-ORD-0003")).toBeTruthy();
    fireEvent.click(screen.getByTestId("approval-close-ORD-0003"));
    expect(await screen.findByTestId("approval-closeWarning", {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByTestId("approval-decide-submit"));
    expect(await screen.findByText("Closing needs a reason of 2 to 256 characters", {}, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByTestId("approval-reason"), { target: { value: "No rack left" } });
    fireEvent.click(screen.getByTestId("approval-decide-submit"));
    await waitFor(
      () => expect(server.calls.some((c) => c.path === "/audit/approval/o-3/close")).toBe(true),
      WAIT,
    );
    expect(server.calls.find((c) => c.path === "/audit/approval/o-3/close")!.body).toEqual({
      reason: "No rack left",
    });
    expect(server.calls.some((c) => c.path === "/audit/approval/o-3")).toBe(false);
  });

  it("names the product and the resources an order made, never by code or id", async () => {
    const done: OrderDetail = {
      ...order,
      status: "completed",
      resourceIds: ["0a1b2c3d-1111-4222-8333-944455556666"],
      resources: [{ id: "0a1b2c3d-1111-4222-8333-944455556666", name: "web-1", kind: "host" }],
    };
    start("/mgt/orders/o-1", tenant, { "GET /orders/o-1": () => ({ data: done }) });
    const resources = await screen.findByTestId("order-resources", {}, WAIT);
    expect(resources.textContent).toBe("web-1");
    const text = document.body.textContent ?? "";
    expect(text).toContain("Standard host");
    expect(text).not.toContain("std-host");
    expect(text).not.toContain("0a1b2c3d");
  });

  it("links each resource an order made to its own kind's page", async () => {
    const done: OrderDetail = {
      ...order,
      status: "completed",
      resourceIds: ["h-9", "p-9"],
      resources: [
        { id: "h-9", name: "web-9", kind: "host" },
        { id: "p-9", name: "pool-9", kind: "hpcPool" },
      ],
    };
    start(
      "/mgt/orders/o-1",
      { ...tenant, permissions: [...tenant.permissions, "CB17"] },
      {
        "GET /orders/o-1": () => ({ data: done }),
      },
    );
    const host = await screen.findByTestId("order-resource-h-9", {}, WAIT);
    expect(host.getAttribute("href")).toBe("/mgt/host/h-9/detail");
    expect(screen.getByTestId("order-resource-p-9").getAttribute("href")).toBe("/mgt/hpc/p-9");
  });

  it("tells the tenant that an approved order waits for an administrator to activate it", async () => {
    start("/mgt/orders/o-3", tenant, { "GET /orders/o-3": () => ({ data: waiting }) });
    expect(await screen.findByTestId("order-awaiting-activation", {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId("order-detail-status").textContent).toBe("Approved");
    expect(screen.getByTestId("order-detail-status-activation").textContent).toBe("Awaiting activation");
    expect(screen.getByTestId("order-event-awaitingActivation").textContent).toContain(
      "Awaiting manual activation",
    );
  });
});
