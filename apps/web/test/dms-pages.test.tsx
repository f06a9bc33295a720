// /mgt/dms (issue 16 item 6) against a fake API: the list shows each message-queue instance's plan
// (queues and connections), status, AMQP address and virtual host (a simulated one says so) and
// expiry; the detail page shows the user and vhost as code and says when access is suspended while
// frozen; resetting the password asks first, then shows the new password once; the purchase form
// offers the product's plans and quotes the chosen one; the menu offers the page only with CB14.
import { buildMenus, type QueueInstance } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";
import { resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();

const ID = "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e";
const USER = "dms_1b2c3d4e5f6a4b7c8d9e0f1a";

const queue = (patch: Partial<QueueInstance> = {}): QueueInstance => ({
  ...resourceRecord({
    id: ID,
    kind: "queue",
    name: "orders-queue",
    status: "available",
    statusName: "Available",
    paymentType: "prepaid",
    periodMonths: 1,
    expiresAt: "2026-12-28T08:00:00.000Z",
  }),
  limits: { planId: "small", maxQueues: 100, maxConnections: 50 },
  connection: { host: "mq.simulated.invalid", port: 5672, username: USER, vhost: USER, simulated: true },
  enabled: true,
  ...patch,
});

const CODES = ["CA", "CB14", "CC01", "CC0801"];
const tenant = (codes = CODES) =>
  makeUser({
    permissions: codes,
    menus: buildMenus(codes),
    routes: ["/mgt/dashboard", "/mgt/dms", "/mgt/dms/create", "/mgt/dms/:id/detail"],
    certificationStatus: "authSucceed",
  });

describe("the message-queue instance list", () => {
  it("shows the plan, status, address and virtual host, said to be simulated", async () => {
    renderApp("/mgt/dms", { "GET /res/dms": () => page([queue()]) }, { user: tenant() });
    const row = await screen.findByTestId("dms-row-orders-queue", {}, WAIT);
    const text = row.textContent ?? "";
    expect(within(row).getByTestId("dms-limits-orders-queue").textContent).toBe(
      "100 queues / 50 connections",
    );
    expect(text).toContain("Available");
    expect(within(row).getByTestId("dms-connection-orders-queue").textContent).toContain(
      "amqp://mq.simulated.invalid:5672",
    );
    expect(text).toContain(USER);
    expect(text).toContain("Simulated");
    expect(text).not.toContain("Access suspended");
    expect(within(row).getByTestId("dms-open-orders-queue").getAttribute("href")).toBe(
      `/mgt/dms/${ID}/detail`,
    );
  });

  it("resets the password after a confirmation and shows the new one once", async () => {
    const server = renderApp(
      "/mgt/dms",
      {
        "GET /res/dms": () => page([queue()]),
        [`POST /res/dms/${ID}/password`]: () => ({
          data: { username: USER, password: "Mn4bVc7xZq2wEr5tYu8iOp3a" },
        }),
      },
      { user: tenant() },
    );
    fireEvent.click(await screen.findByTestId("dms-reset-orders-queue", {}, WAIT));
    fireEvent.click(await screen.findByTestId("dms-reset-orders-queue-confirm", {}, WAIT));
    const password = await screen.findByTestId("dms-new-password", {}, WAIT);
    expect(password.textContent).toContain("Mn4bVc7xZq2wEr5tYu8iOp3a");
    expect(screen.getByText("Copy it now: it is shown this once and cannot be read again.")).toBeTruthy();
    expect(callsTo(server, "POST", `/res/dms/${ID}/password`)).toHaveLength(1);
  });

  it("cannot reset the password of an instance still being made", async () => {
    renderApp(
      "/mgt/dms",
      {
        "GET /res/dms": () =>
          page([queue({ status: "creating", statusName: "Creating", connection: null, enabled: null })]),
      },
      { user: tenant() },
    );
    const reset = await screen.findByTestId("dms-reset-orders-queue", {}, WAIT);
    await waitFor(() => expect(reset.hasAttribute("disabled")).toBe(true));
  });
});

describe("the detail page", () => {
  it("shows the user and virtual host and says access is suspended while frozen", async () => {
    renderApp(
      `/mgt/dms/${ID}/detail`,
      {
        [`GET /res/dms/${ID}`]: () => ({
          data: queue({ status: "frozen", statusName: "Frozen", enabled: false }),
        }),
      },
      { user: tenant() },
    );
    const detail = await screen.findByTestId("dms-detail-page", {}, WAIT);
    expect(screen.getByTestId("dms-detail-username").textContent).toContain(USER);
    expect(screen.getByTestId("dms-detail-vhost").textContent).toContain(USER);
    expect(screen.getByTestId("dms-detail-host").textContent).toContain("mq.simulated.invalid");
    expect(detail.textContent).toContain("RabbitMQ (AMQP 0-9-1)");
    expect(detail.textContent).toContain("100 queues / 50 connections");
    expect(detail.textContent).toContain("Access suspended: the instance is frozen");
    expect(detail.textContent).toContain("no RabbitMQ server was configured");
  });
});

const product = {
  id: "p-dms",
  code: "dms-rabbitmq",
  nameZh: "分布式消息服务RabbitMQ",
  nameEn: "RabbitMQ message queue",
  categoryCode: "middleware",
  spec: {
    kind: "queue",
    plans: [
      { id: "small", name: "100 queues / 50 connections", maxQueues: 100, maxConnections: 50 },
      { id: "medium", name: "500 queues / 200 connections", maxQueues: 500, maxConnections: 200 },
    ],
  },
  prepaidPeriods: [1, 3, 12],
  postpaid: true,
  approvalFlow: "none",
  manualActivation: false,
};

describe("buying", () => {
  it("offers the product's plans and quotes the chosen one", async () => {
    const server = renderApp(
      "/mgt/dms/create",
      {
        "GET /billing/products": () => page([product]),
        "POST /billing/inquiry/price": () => ({
          data: {
            productCode: "dms-rabbitmq",
            dimension: "plan:medium",
            paymentType: "prepaid",
            periodMonths: 1,
            hours: null,
            monthly: "180.00000",
            original: "180.00000",
            discount: "0.00000",
            amount: "180.00000",
            coupon: null,
            couponDeduction: "0.00000",
            payable: "180.00000",
            deduction: { sufficient: true, shortfall: "0.00000", allocations: [] },
          },
        }),
      },
      { user: tenant() },
    );
    const plans = await screen.findByTestId("dms-create-plan", {}, WAIT);
    expect(plans.textContent).toBe("100 queues / 50 connections500 queues / 200 connections");
    fireEvent.click(within(plans).getByText("500 queues / 200 connections"));
    await waitFor(
      () =>
        expect(
          callsTo(server, "POST", "/billing/inquiry/price").some(
            (c) => (c.body as { spec?: { flavorId?: string } }).spec?.flavorId === "medium",
          ),
        ).toBe(true),
      WAIT,
    );
  });
});

describe("changing the plan", () => {
  const quote = {
    resourceId: ID,
    kind: "queue",
    oldMonthlyPrice: "60.00000",
    newMonthlyPrice: "180.00000",
    difference: "116.00000",
    remainingDays: 29,
    oldRemaining: "58.00000",
    newRemaining: "174.00000",
    contractDiscount: "0.00000",
    newMonthlyContractDiscount: "0.00000",
    settlement: [{ source: "cash", sourceId: null, amount: "116.00000" }],
    sufficient: true,
    shortfall: "0.00000",
  };

  it("offers the other plans, quotes the chosen one and places the change order", async () => {
    const server = renderApp(
      `/mgt/dms/${ID}/detail`,
      {
        [`GET /res/dms/${ID}`]: () => ({
          data: queue({ productCode: "dms-rabbitmq", spec: { flavorId: "small" } }),
        }),
        "GET /billing/products": () => page([product]),
        "POST /billing/inquiry/modify": () => ({ data: quote }),
        "POST /service/resize_resource": () => ({ data: { id: "o-1", orderNo: "CH202611290001" } }),
      },
      { user: tenant() },
    );
    fireEvent.click(await screen.findByTestId("dms-change-plan-orders-queue", {}, WAIT));
    const plans = await screen.findByTestId("plan-change-queue", {}, WAIT);
    expect(plans.textContent).toBe("100 queues / 50 connections (current)500 queues / 200 connections");
    // Nothing differs yet: no price is asked for and the change cannot be confirmed.
    expect(screen.getByTestId("plan-change-confirm").hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByTestId("plan-change-queue-medium"));
    await waitFor(
      () => expect(screen.getByTestId("change-new-monthly").textContent).toContain("180.00"),
      WAIT,
    );
    expect(callsTo(server, "POST", "/billing/inquiry/modify").at(-1)?.body).toEqual({
      resourceId: ID,
      spec: { flavorId: "medium" },
    });
    await waitFor(
      () => expect(screen.getByTestId("plan-change-confirm").hasAttribute("disabled")).toBe(false),
      WAIT,
    );
    fireEvent.click(screen.getByTestId("plan-change-confirm"));
    await screen.findByText("Change order CH202611290001 placed for orders-queue", {}, WAIT);
    const placed = callsTo(server, "POST", "/service/resize_resource");
    expect(placed).toHaveLength(1);
    expect(placed[0]!.body).toEqual({ resourceId: ID, spec: { flavorId: "medium" } });
  });

  it("cannot change the plan of a frozen instance", async () => {
    renderApp(
      `/mgt/dms/${ID}/detail`,
      {
        [`GET /res/dms/${ID}`]: () => ({
          data: queue({ status: "frozen", statusName: "Frozen", enabled: false }),
        }),
      },
      { user: tenant() },
    );
    const change = await screen.findByTestId("dms-change-plan-orders-queue", {}, WAIT);
    expect(change.hasAttribute("disabled")).toBe(true);
  });
});

describe("the menu", () => {
  it("offers the message-queue service with CB14 only", () => {
    const paths = (codes: string[]) => buildMenus(codes).flatMap((g) => g.children?.map((c) => c.path) ?? []);
    expect(paths(CODES)).toContain("/mgt/dms");
    expect(paths(["CA", "CB01"])).not.toContain("/mgt/dms");
  });
});
