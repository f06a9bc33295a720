// Unsubscribe management (/unsubscribe) against a fake API: the unsubscribable resources with their
// filters and the unsubscribe dialog (quote first, a kind's own words when blocked), and the
// records tab reading the unsubscribe and release orders.
import type { ResourceRecord, UnsubscribeQuote } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { type Handler, makeUser } from "./fake-server";
import { resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 25_000 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// Hosts and disks, no elastic IPs (CB09); orders (CC01) for the records.
const tenant = makeUser({
  permissions: ["CA", "CB01", "CB02", "CC01"],
  routes: ["/mgt/dashboard", "/unsubscribe", "/mgt/orders/:id", "/mgt/host/:id/detail"],
});

const resource = (patch: Partial<ResourceRecord>): ResourceRecord =>
  resourceRecord({ periodMonths: 3, ...patch });

const rows = [
  resource({}),
  resource({
    id: "d-1",
    kind: "disk",
    name: "data-1",
    summary: "ssd · 100 GB",
    status: "using",
    statusName: "In use",
    paymentType: "postpaid",
    periodMonths: null,
    expiresAt: null,
    attachedTo: "h-1",
  }),
];

const quote = (patch: Partial<UnsubscribeQuote>): UnsubscribeQuote => ({
  resourceId: "h-1",
  name: "web-1",
  orderType: "unsubscribe",
  refundReading: "byMonth",
  paid: "300.00000",
  used: "100.00000",
  overdue: "0.00000",
  refund: "200.00000",
  refundTo: [{ source: "cash", sourceId: null, amount: "200.00000", voucherClosed: false }],
  blockedBy: null,
  ...patch,
});

const record = (patch: Record<string, unknown>) => ({
  id: "o-9",
  orderNo: "SO202611220001",
  type: "unsubscribe",
  status: "completed",
  approvalLevel: null,
  approvalFlow: "none",
  name: "web-0",
  manualActivation: false,
  awaitingActivation: false,
  submitter: "alice",
  orgName: "Acme AI Lab",
  productCode: "std-host",
  productName: "Standard host",
  paymentType: "prepaid",
  periodMonths: null,
  quantity: 1,
  originalAmount: "0.00000",
  amount: "0.00000",
  couponDeduction: "0.00000",
  paidAmount: "0.00000",
  refunded: "180.00000",
  createdAt: "2025-02-01T00:00:00Z",
  updatedAt: "2025-02-01T00:00:00Z",
  ...patch,
});

const records = [
  record({}),
  record({
    id: "o-8",
    orderNo: "SO202611220002",
    name: "data-0",
    status: "provisioning",
    refunded: "0.00000",
  }),
  record({ id: "o-7", orderNo: "SO202611220003", type: "release", name: "gpu-0", status: "failed" }),
];

const start = (routes: Record<string, Handler>, user = tenant, path = "/unsubscribe") =>
  renderApp(path, routes, { user });

async function choose(testId: string, title: string) {
  const select = await screen.findByTestId(testId, {}, WAIT);
  fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
  const options = await screen.findAllByTitle(title, {}, WAIT);
  fireEvent.click(options.find((o) => o.classList.contains("ant-select-item-option")) ?? options[0]!);
}

resetAppBetweenTests();

describe("the unsubscribable resources", () => {
  it("lists what the server offers with its spec, payment, status and expiry, and filters it", async () => {
    const asked: URLSearchParams[] = [];
    start({
      "GET /service/unsubscribable": ({ query }) => {
        asked.push(query);
        const kind = query.get("kind");
        return page(rows.filter((r) => !kind || r.kind === kind));
      },
    });
    const host = await screen.findByTestId("unsubscribable-row-web-1", {}, WAIT);
    expect(host.textContent).toContain("Cloud host");
    expect(host.textContent).toContain("s1.small · 2 vCPU / 4 GB");
    expect(host.textContent).toContain("Prepaid, 3 months");
    expect(host.textContent).toContain("Running");
    expect(host.textContent).toContain("2099-01-01");
    const disk = screen.getByTestId("unsubscribable-row-data-1");
    expect(disk.textContent).toContain("Postpaid (hourly)");
    expect(disk.textContent).toContain("In use");
    // A postpaid resource is released rather than unsubscribed.
    expect(screen.getByTestId("unsubscribable-unsubscribe-data-1").textContent).toBe("Release");
    expect(screen.getByTestId("unsubscribable-unsubscribe-web-1").textContent).toBe("Unsubscribe");
    expect(asked[0]!.get("kind")).toBeNull();
    expect(screen.getByText("Unsubscribe management", { selector: "h3" })).toBeTruthy();

    // The kinds offered are those the user may unsubscribe: no elastic IPs without CB09.
    const kindSelect = screen.getByTestId("unsubscribable-kind");
    fireEvent.mouseDown(kindSelect.querySelector(".ant-select-selector") ?? kindSelect);
    await screen.findAllByTitle("Cloud disk", {}, WAIT);
    expect(screen.queryAllByTitle("Elastic IP")).toHaveLength(0);
    fireEvent.click(
      screen.getAllByTitle("Cloud disk").find((o) => o.classList.contains("ant-select-item-option"))!,
    );
    await waitFor(() => expect(screen.queryByTestId("unsubscribable-row-web-1")).toBeNull(), WAIT);
    expect(asked.at(-1)!.get("kind")).toBe("disk");

    await choose("unsubscribable-payment", "Postpaid (hourly)");
    await waitFor(() => expect(asked.at(-1)!.get("paymentType")).toBe("postpaid"), WAIT);
    const search = within(screen.getByTestId("unsubscribable-keyword")).getByRole("searchbox");
    fireEvent.change(search, { target: { value: "data" } });
    fireEvent.keyDown(search, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(asked.at(-1)!.get("keyword")).toBe("data"), WAIT);
    expect(asked.at(-1)!.get("kind")).toBe("disk");
  });

  it("unsubscribes a host after showing the refund and where it goes, with an Idempotency-Key", async () => {
    let unsubscribed = false;
    const server = start({
      "GET /service/unsubscribable": () => page(unsubscribed ? rows.slice(1) : rows),
      "GET /service/unsubscribe/h-1/inquiry": () => ({ data: quote({}) }),
      "POST /service/unsubscribe/h-1": () => {
        unsubscribed = true;
        return { data: { ...record({ status: "provisioning" }), orderNo: "SO-NEW", events: [] } };
      },
    });
    fireEvent.click(await screen.findByTestId("unsubscribable-unsubscribe-web-1", {}, WAIT));
    const box = await screen.findByTestId("unsubscribe-quote", {}, WAIT);
    expect(within(box).getByTestId("unsubscribe-refund").textContent).toContain("¥200.00000");
    expect(within(box).getByTestId("unsubscribe-refund-to").textContent).toBe("Cash balance¥200.00000");
    expect(box.textContent).toContain("Unused whole months are refunded");
    fireEvent.click(screen.getByTestId("unsubscribe-confirm"));
    await waitFor(() => expect(callsTo(server, "POST", "/service/unsubscribe/h-1")).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", "/service/unsubscribe/h-1")[0]!.headers["Idempotency-Key"]).toMatch(UUID);
    expect(await screen.findByText("Unsubscribe order SO-NEW submitted", {}, WAIT)).toBeTruthy();
    // The list is read again: the host has gone from it.
    await waitFor(() => expect(screen.queryByTestId("unsubscribable-row-web-1")).toBeNull(), WAIT);
  });

  it("shows what blocks a disk in the disk's own words and offers no confirmation", async () => {
    const server = start({
      "GET /service/unsubscribable": () => page(rows),
      "GET /service/unsubscribe/d-1/inquiry": () => ({
        data: quote({
          resourceId: "d-1",
          name: "data-1",
          blockedBy: "The resource cannot do this while it is In use",
        }),
      }),
    });
    fireEvent.click(await screen.findByTestId("unsubscribable-unsubscribe-data-1", {}, WAIT));
    const blocked = await screen.findByTestId("unsubscribe-blocked", {}, WAIT);
    expect(blocked.textContent).toContain("This disk cannot be unsubscribed now");
    expect(blocked.textContent).toContain("The resource cannot do this while it is In use");
    expect((screen.getByTestId("unsubscribe-confirm") as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(server, "POST", "/service/unsubscribe/d-1")).toHaveLength(0);
  });
});

describe("the unsubscribe records", () => {
  it("reads the unsubscribe and release orders with their refund and state, filtered, linking to each order", async () => {
    const asked: URLSearchParams[] = [];
    start({
      "GET /service/unsubscribable": () => page(rows),
      "GET /orders": ({ query }) => {
        asked.push(query);
        const types = (query.get("types") ?? "").split(",");
        const status = query.get("status");
        return page(records.filter((r) => types.includes(r.type) && (!status || r.status === status)));
      },
    });
    fireEvent.click(await screen.findByTestId("unsubscribe-tab-records", {}, WAIT));
    const done = await screen.findByTestId("record-row-SO202611220001", {}, WAIT);
    expect(asked[0]!.get("types")).toBe("unsubscribe,release");
    expect(asked[0]!.get("type")).toBeNull();
    expect(window.location.search).toBe("?tab=records");
    expect(done.textContent).toContain("web-0");
    expect(done.textContent).toContain("Unsubscribe");
    expect(screen.getByTestId("record-refund-SO202611220001").textContent).toContain("¥180.00000");
    expect(screen.getByTestId("record-status-SO202611220001").textContent).toBe("Done");
    expect(screen.getByTestId("record-status-SO202611220002").textContent).toBe("In progress");
    expect(screen.getByTestId("record-status-SO202611220003").textContent).toBe("Failed");
    expect(screen.getByTestId("record-row-SO202611220003").textContent).toContain("Service release");
    expect(screen.getByTestId("record-open-SO202611220001").getAttribute("href")).toBe("/mgt/orders/o-9");

    await choose("records-type", "Service release");
    await waitFor(() => expect(asked.at(-1)!.get("types")).toBe("release"), WAIT);
    await waitFor(() => expect(screen.queryByTestId("record-row-SO202611220001")).toBeNull(), WAIT);
    expect(screen.getByTestId("record-row-SO202611220003")).toBeTruthy();

    await choose("records-status", "Failed");
    await waitFor(() => expect(asked.at(-1)!.get("status")).toBe("failed"), WAIT);
  });

  it("is not offered to a user who may not read orders", async () => {
    const server = start(
      { "GET /service/unsubscribable": () => page(rows) },
      makeUser({ permissions: ["CA", "CB01"], routes: ["/mgt/dashboard", "/unsubscribe"] }),
      "/unsubscribe?tab=records",
    );
    await screen.findByTestId("unsubscribable-row-web-1", {}, WAIT);
    expect(screen.queryByTestId("unsubscribe-tab-records")).toBeNull();
    expect(callsTo(server, "GET", "/orders")).toHaveLength(0);
  });
});

describe("in Chinese", () => {
  it("names the page and its tabs", async () => {
    const { setLanguage } = await import("../src/i18n");
    await setLanguage("zh-CN");
    try {
      start({ "GET /service/unsubscribable": () => page(rows) });
      expect(await screen.findByText("退订管理", { selector: "h3" }, WAIT)).toBeTruthy();
      expect(screen.getByTestId("unsubscribe-tab-resources").textContent).toBe("可退订资源");
      expect(screen.getByTestId("unsubscribe-tab-records").textContent).toBe("退订记录");
      const action = await screen.findByTestId("unsubscribable-unsubscribe-web-1", {}, WAIT);
      expect(action.textContent?.replace(/\s/g, "")).toBe("退订");
    } finally {
      await setLanguage("en-US");
    }
  });
});
