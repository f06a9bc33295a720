// Console pages of issue 5 against a fake API: orders awaiting manual activation on the overview
// (the tenant's own, flagged; the operators' queue summary and card, issue 13 §5), the
// manual-activation notice of the purchase forms, and the cloud-host list's project filter and
// rename action.
import type { Overview, OverviewOrder, ResourceRecord } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { type Handler, makeUser } from "./fake-server";
import { emptyOverview, hostMenuEntry, resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 25_000 });

const start = (path: string, user: ReturnType<typeof makeUser>, routes: Record<string, Handler>) =>
  renderApp(path, routes, { user });

resetAppBetweenTests();

const overviewOrder = (patch: Partial<OverviewOrder>): OverviewOrder => ({
  id: "o-1",
  orderNo: "SO-APPROVAL",
  type: "order",
  productName: "Standard host",
  status: "approving",
  approvalLevel: null,
  awaitingActivation: false,
  amount: "100.00000",
  createdAt: "2025-01-01T00:00:00Z",
  ...patch,
});

const overview = (awaiting: OverviewOrder[], activation: number): Overview =>
  emptyOverview({
    recentOrders: awaiting,
    awaitingApproval: { total: awaiting.length, activation, list: awaiting },
  });

describe("the overview's orders waiting for the operators", () => {
  it("shows the tenant's orders awaiting manual activation with those awaiting approval, each flagged", async () => {
    const waiting = [
      overviewOrder({
        id: "o-2",
        orderNo: "SO-ACTIVATION",
        status: "approved",
        approvalLevel: "audited",
        awaitingActivation: true,
      }),
      overviewOrder({}),
    ];
    const server = start("/mgt/dashboard", makeUser({ permissions: ["CA"] }), {
      "GET /overview": () => ({ data: overview(waiting, 1) }),
    });
    const card = await screen.findByTestId("overview-awaiting", {}, WAIT);
    expect(within(card).getByTestId("overview-awaiting-total").textContent).toBe("2");
    expect(within(card).getByTestId("overview-awaiting-activation").textContent).toBe(
      "1 awaiting activation",
    );
    const list = within(card).getByTestId("overview-awaiting-list");
    expect(within(list).getByTestId("waiting-for-SO-ACTIVATION").textContent).toBe("Manual activation");
    expect(within(list).getByTestId("waiting-for-SO-APPROVAL").textContent).toBe("Approval");
    expect(within(list).getByTestId("overview-awaiting-list-link-SO-ACTIVATION").getAttribute("href")).toBe(
      "/mgt/orders/o-2",
    );
    // The recent orders flag it too, beside its status.
    const recent = screen.getByTestId("overview-orders-list");
    expect(within(recent).getByTestId("waiting-for-SO-ACTIVATION")).toBeTruthy();
    expect(within(recent).queryByTestId("waiting-for-SO-APPROVAL")).toBeNull();
    // A tenant user does not decide orders: no operators' queue is asked for.
    expect(callsTo(server, "GET", "/audit/approval")).toHaveLength(0);
  });

  it("says nothing of activation when no order waits for it", async () => {
    start("/mgt/dashboard", makeUser({ permissions: ["CA"] }), {
      "GET /overview": () => ({ data: overview([overviewOrder({})], 0) }),
    });
    const card = await screen.findByTestId("overview-awaiting", {}, WAIT);
    expect(within(card).queryByTestId("overview-awaiting-activation")).toBeNull();
    expect(within(card).getByTestId("overview-awaiting-total").textContent).toBe("1");
  });

  it("gives operators a queue summary of what their codes let them work, with the newest orders to decide", async () => {
    const operator = makeUser({
      account: "ops",
      currentOrg: null,
      permissions: ["BA07", "BI"],
      routes: ["/sys/overview", "/sys/approvals", "/sys/orders/:id", "/sys/finance/adjustments"],
      landing: "/sys/overview",
    });
    const queued = (view: string | null) =>
      view === "activation"
        ? [{ ...overviewOrder({ id: "o-2", orderNo: "SO-ACTIVATION" }), orgName: "Acme AI Lab" }]
        : [
            { ...overviewOrder({}), orgName: "Acme AI Lab" },
            { ...overviewOrder({ id: "o-3", orderNo: "SO-APPROVAL-2" }), orgName: "Beta Labs" },
          ];
    // Each count is the list's total for the waiting ones, one row asked for.
    const waiting =
      (total: number): Handler =>
      ({ query }) => ({
        data: {
          list: [],
          total: query.get("status") === "pending_approval" && query.get("pageSize") === "1" ? total : 99,
          pageNum: 1,
          pageSize: 1,
        },
      });
    const server = start("/", operator, {
      "GET /audit/approval": ({ query }) => ({
        data: { list: queued(query.get("view")), total: query.get("view") === "activation" ? 1 : 7 },
      }),
      "GET /ops/adjustments": waiting(3),
      "GET /ops/manual_recharges": waiting(2),
      "GET /ops/voucher_issues": waiting(0),
    });
    // "/" opens the operator's landing page: the queues, not the tenant overview.
    const summary = await screen.findByTestId("ops-queues", {}, WAIT);
    expect(window.location.pathname).toBe("/sys/overview");
    const count = (queue: string) => within(summary).getByTestId(`ops-queue-${queue}`);
    await waitFor(() => expect(count("ordersToApprove").getAttribute("data-count")).toBe("7"), WAIT);
    await waitFor(() => expect(count("adjustments").getAttribute("data-count")).toBe("3"), WAIT);
    expect(count("ordersToApprove").textContent).toContain("Orders awaiting approval");
    expect(count("ordersToActivate").getAttribute("data-count")).toBe("1");
    expect(count("ordersToActivate").getAttribute("href")).toBe("/sys/approvals?view=activation");
    expect(count("adjustments").getAttribute("href")).toBe(
      "/sys/finance/adjustments?status=pending_approval",
    );
    await waitFor(() => expect(count("manualRecharges").getAttribute("data-count")).toBe("2"), WAIT);
    expect(count("manualRecharges").getAttribute("href")).toBe("/sys/finance/approvals?tab=recharges");
    await waitFor(() => expect(count("voucherIssues").getAttribute("data-count")).toBe("0"), WAIT);
    // Verifications need BA05, which this operator does not hold: neither shown nor asked for.
    expect(within(summary).queryByTestId("ops-queue-verifications")).toBeNull();
    expect(callsTo(server, "GET", "/ops/verifications")).toHaveLength(0);
    const card = await screen.findByTestId("overview-queue", {}, WAIT);
    await within(card).findByTestId("overview-queue-list", {}, WAIT);
    const link = within(card).getByTestId("overview-queue-link-SO-ACTIVATION");
    expect(link.getAttribute("href")).toBe("/sys/orders/o-2");
    expect(link.closest("tr")?.textContent).toContain("Manual activation");
    expect(
      within(card).getByTestId("overview-queue-link-SO-APPROVAL-2").closest("tr")?.textContent,
    ).toContain("Beta Labs");
    // The order queues share the newest-orders card's query: two calls in all, not four.
    expect(callsTo(server, "GET", "/audit/approval")).toHaveLength(2);
    // No organisation: nothing of the tenant overview is asked for or shown.
    expect(callsTo(server, "GET", "/overview")).toHaveLength(0);
    expect(screen.queryByTestId("dashboard-verification")).toBeNull();
  });

  it("shows only the verification queue to an operator who reviews verifications", async () => {
    const reviewer = makeUser({
      account: "reviewer",
      currentOrg: null,
      permissions: ["BA05"],
      routes: ["/sys/overview", "/sys/verifications"],
    });
    const server = start("/sys/overview", reviewer, {
      "GET /ops/verifications": ({ query }) => ({
        data: { list: [], total: query.get("status") === "authing" ? 4 : 99, pageNum: 1, pageSize: 1 },
      }),
    });
    const summary = await screen.findByTestId("ops-queues", {}, WAIT);
    await waitFor(
      () =>
        expect(within(summary).getByTestId("ops-queue-verifications").getAttribute("data-count")).toBe("4"),
      WAIT,
    );
    expect(within(summary).getAllByRole("link")).toHaveLength(1);
    expect(screen.queryByTestId("overview-queue")).toBeNull();
    expect(callsTo(server, "GET", "/audit/approval")).toHaveLength(0);
    expect(callsTo(server, "GET", "/ops/adjustments")).toHaveLength(0);
  });
});

const product = (patch: Record<string, unknown>) => ({
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
  approvalFlow: "none",
  manualActivation: false,
  ...patch,
});

const pickProduct = async (testId: string, title: string) => {
  const select = await screen.findByTestId(testId, {}, WAIT);
  fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
  const options = await screen.findAllByTitle(title, {}, WAIT);
  fireEvent.click(options.find((o) => o.classList.contains("ant-select-item-option")) ?? options[0]!);
};

describe("the manual-activation notice of the purchase forms", () => {
  const buyer = makeUser({
    permissions: ["CA", "CB01", "CB02"],
    routes: ["/mgt/dashboard", "/mgt/cloudhost", "/mgt/cloudhost/create", "/mgt/blockstorage/create"],
  });

  it("tells the buyer of a host product activated by hand, and only of that one", async () => {
    start("/mgt/cloudhost/create", buyer, {
      "GET /billing/products": () =>
        page([
          product({}),
          product({ id: "p-2", code: "dedicated-pool", nameEn: "Dedicated pool", manualActivation: true }),
        ]),
    });
    await screen.findByTestId("host-create-form", {}, WAIT);
    expect(screen.queryByTestId("manual-activation-notice")).toBeNull();
    await pickProduct("host-create-product", "Dedicated pool");
    const notice = await screen.findByTestId("manual-activation-notice", {}, WAIT);
    expect(notice.textContent).toContain("This service is activated by an administrator after approval");
    await pickProduct("host-create-product", "Standard host");
    await waitFor(() => expect(screen.queryByTestId("manual-activation-notice")).toBeNull(), WAIT);
  });

  it("tells the buyer of a disk too, in Chinese", async () => {
    const { setLanguage } = await import("../src/i18n");
    await setLanguage("zh-CN");
    try {
      start("/mgt/blockstorage/create", buyer, {
        "GET /billing/products": () =>
          page([
            product({
              id: "p-3",
              code: "evs-manual",
              nameZh: "专属云硬盘",
              spec: { kind: "disk", diskTypes: [{ id: "ssd", name: "SSD" }], minGb: 50, maxGb: 500 },
              manualActivation: true,
            }),
          ]),
      });
      const notice = await screen.findByTestId("manual-activation-notice", {}, WAIT);
      expect(notice.textContent).toContain("该服务需审批通过后由管理员开通");
    } finally {
      await setLanguage("en-US");
    }
  });
});

const host = (patch: Partial<ResourceRecord>): ResourceRecord =>
  resourceRecord({ projectId: "p-a", projectName: "Training", ...patch });

const projectRow = (projectId: string, name: string) => ({
  projectId,
  name,
  description: "",
  contact: "Alice",
  phone: "13800000000",
  memberCount: 1,
  createdAt: "2025-01-01T00:00:00Z",
  createdBy: null,
});

describe("the cloud-host list", () => {
  const owner = makeUser({
    permissions: ["CA", "CB01", "CH04"],
    routes: ["/mgt/dashboard", "/mgt/cloudhost", "/mgt/host/:id/detail"],
  });

  it("filters by project for users who may read projects", async () => {
    const asked: (string | null)[] = [];
    start("/mgt/cloudhost", owner, {
      "GET /res/projects": () => page([projectRow("p-a", "Training"), projectRow("p-b", "Inference")]),
      "GET /res/hosts": ({ query }) => {
        asked.push(query.get("projectId"));
        const wanted = query.get("projectId");
        return page(
          [host({}), host({ id: "h-2", name: "api-1", projectId: "p-b", projectName: "Inference" })].filter(
            (h) => !wanted || h.projectId === wanted,
          ),
        );
      },
    });
    await screen.findByTestId("host-row-api-1", {}, WAIT);
    expect(asked[0]).toBeNull();
    await pickProduct("hosts-project", "Inference");
    await waitFor(() => expect(asked.at(-1)).toBe("p-b"), WAIT);
    await waitFor(() => expect(screen.queryByTestId("host-row-web-1")).toBeNull(), WAIT);
    expect(screen.getByTestId("host-row-api-1")).toBeTruthy();
  });

  it("offers no project filter without CH04", async () => {
    const server = start(
      "/mgt/cloudhost",
      makeUser({ permissions: ["CA", "CB01"], routes: ["/mgt/dashboard", "/mgt/cloudhost"] }),
      { "GET /res/hosts": () => page([host({})]) },
    );
    await screen.findByTestId("host-row-web-1", {}, WAIT);
    expect(screen.queryByTestId("hosts-project")).toBeNull();
    expect(callsTo(server, "GET", "/res/projects")).toHaveLength(0);
  });

  it("renames a host: the name rule is checked first, then the server's refusal is shown in the dialog", async () => {
    let name = "web-1";
    const server = start("/mgt/cloudhost", owner, {
      "GET /res/projects": () => page([]),
      "GET /res/hosts": () => page([host({ name })]),
      "PUT /res/hosts/h-1/name": ({ body }) => {
        const wanted = (body as { name: string }).name;
        if (wanted === "taken-1")
          return { status: 400, code: 26006, message: "The resource cannot do this while it is Releasing" };
        name = wanted;
        return { data: { ...host({ name }), errorLog: null, attachments: [] } };
      },
    });
    fireEvent.click(await hostMenuEntry("web-1", "rename"));
    const input = (await screen.findByTestId("rename-name", {}, WAIT)) as HTMLInputElement;
    expect(input.value).toBe("web-1");

    fireEvent.change(input, { target: { value: "bad name!" } });
    fireEvent.click(screen.getByTestId("rename-submit"));
    expect(
      await screen.findByText(
        "At most 24 Chinese characters, letters, digits or hyphens, not ending with a hyphen",
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(callsTo(server, "PUT", "/res/hosts/h-1/name")).toHaveLength(0);

    fireEvent.change(input, { target: { value: "taken-1" } });
    fireEvent.click(screen.getByTestId("rename-submit"));
    const refusal = await screen.findByTestId("rename-refusal", {}, WAIT);
    expect(refusal.textContent).toContain("The resource cannot do this while it is Releasing");

    fireEvent.change(input, { target: { value: "web-2" } });
    fireEvent.click(screen.getByTestId("rename-submit"));
    await waitFor(() => expect(callsTo(server, "PUT", "/res/hosts/h-1/name")).toHaveLength(2), WAIT);
    expect(callsTo(server, "PUT", "/res/hosts/h-1/name")[1]!.body).toEqual({ name: "web-2" });
    expect(await screen.findByText("Renamed to web-2", {}, WAIT)).toBeTruthy();
    await screen.findByTestId("host-row-web-2", {}, WAIT);
  });
});
