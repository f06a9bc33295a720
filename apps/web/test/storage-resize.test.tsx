// Expanding a disk, changing an elastic IP's bandwidth and the host change form's breakdown, against
// a fake API: the bounds the form offers, the live quote with the balances it comes from or goes
// back to, the server's refusals shown in the dialog, and the change order sent with an
// Idempotency-Key.
import type { OrderDetail, ResizeQuote, ResourceRecord } from "@skyledger/contracts";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../src/app/app";
import { queryClient } from "../src/app/query-client";
import {
  acceptsValue,
  canResize,
  resizeBounds,
  toStorageResizeBody,
} from "../src/features/storage/resize-logic";
import { attachableActionEnabled } from "../src/features/storage/storage-state";
import { setLanguage } from "../src/i18n";
import { api } from "../src/lib/api-client";
import { session } from "../src/lib/session";
import { reloadPublicConfig } from "../src/lib/system-config";
import { WAIT } from "./app-harness";
import { fakeServer, type Handler, makeUser, publicConfig } from "./fake-server";

vi.setConfig({ testTimeout: 25_000 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("resize bounds and bodies", () => {
  it("lets a disk grow by whole GB up to +200 within 50–500 GB", () => {
    const bounds = resizeBounds("disk", { diskType: "ssd", sizeGb: 100 });
    expect(bounds).toEqual({ current: 100, min: 101, max: 300 });
    expect(resizeBounds("disk", { sizeGb: 450 })).toEqual({ current: 450, min: 451, max: 500 });
    const full = resizeBounds("disk", { sizeGb: 500 });
    expect(canResize(full)).toBe(false);
    expect(acceptsValue(bounds, 100)).toBe(false);
    expect(acceptsValue(bounds, 301)).toBe(false);
    expect(acceptsValue(bounds, 150.5)).toBe(false);
    expect(acceptsValue(bounds, null)).toBe(false);
    expect(toStorageResizeBody("disk", { id: "d-1", spec: { sizeGb: 100 } }, 160)).toEqual({
      resourceId: "d-1",
      spec: { sizeGb: 160 },
    });
    expect(toStorageResizeBody("disk", { id: "d-1", spec: { sizeGb: 100 } }, 90)).toBeNull();
  });

  it("lets an elastic IP take any other whole bandwidth up to 1 000 Mbit/s", () => {
    const bounds = resizeBounds("elasticIp", { bandwidthMbps: 5 });
    expect(bounds).toEqual({ current: 5, min: 1, max: 1000 });
    expect(toStorageResizeBody("elasticIp", { id: "e-1", spec: { bandwidthMbps: 5 } }, 2)).toEqual({
      resourceId: "e-1",
      spec: { bandwidthMbps: 2 },
    });
    expect(toStorageResizeBody("elasticIp", { id: "e-1", spec: { bandwidthMbps: 5 } }, 5)).toBeNull();
    expect(toStorageResizeBody("elasticIp", { id: "e-1", spec: { bandwidthMbps: 5 } }, 1001)).toBeNull();
  });

  it("offers the change only to a settled disk or IP", () => {
    expect(attachableActionEnabled("resize", "available")).toBe(true);
    expect(attachableActionEnabled("resize", "using")).toBe(true);
    expect(attachableActionEnabled("resize", "modifying")).toBe(false);
    expect(attachableActionEnabled("resize", "frozen")).toBe(false);
  });
});

const tenant = makeUser({
  permissions: ["CA", "CB01", "CB02", "CB09", "CC01"],
  routes: [
    "/mgt/dashboard",
    "/mgt/blockstorage",
    "/mgt/floatip",
    "/mgt/change",
    "/mgt/host/:id/detail",
    "/mgt/orders/:id",
  ],
});

const page = <T,>(list: T[]) => ({ data: { list, total: list.length, pageNum: 1, pageSize: 20 } });

const resource = (patch: Partial<ResourceRecord>): ResourceRecord => ({
  id: "d-1",
  kind: "disk",
  name: "data-1",
  productCode: "evs-disk",
  productName: "Cloud disk",
  status: "available",
  statusName: "Available",
  statusInfo: null,
  manageStatus: "ununited",
  dockerStatus: "none",
  monitorStatus: "none",
  taskStatus: null,
  cloudEnvType: "simulator",
  summary: "ssd · 100 GB",
  spec: { diskType: "ssd", sizeGb: 100 },
  projectId: null,
  projectName: null,
  attachedTo: null,
  attachedToName: null,
  privateIp: null,
  publicIp: null,
  paymentType: "prepaid",
  periodMonths: 1,
  monthlyPrice: "100.00000",
  expiresAt: "2099-01-01T00:00:00Z",
  autoRenew: false,
  orderId: "o-1",
  hasErrorLog: false,
  createdAt: "2025-01-01T00:00:00Z",
  ...patch,
});

const quote = (patch: Partial<ResizeQuote>): ResizeQuote => ({
  resourceId: "d-1",
  kind: "disk",
  difference: "40.00000",
  newMonthlyPrice: "160.00000",
  oldMonthlyPrice: "100.00000",
  remainingDays: 20,
  oldRemaining: "66.66667",
  newRemaining: "106.66667",
  contractDiscount: "10.00000",
  newMonthlyContractDiscount: "16.00000",
  settlement: [
    { source: "deduction_voucher", sourceId: "voucher:v-1", amount: "30.00000" },
    { source: "cash", sourceId: null, amount: "10.00000" },
  ],
  sufficient: true,
  shortfall: "0.00000",
  ...patch,
});

const changeOrder: OrderDetail = {
  id: "o-9",
  orderNo: "ORD-0009",
  type: "change",
  status: "provisioning",
  approvalLevel: null,
  approvalFlow: "none",
  manualActivation: false,
  awaitingActivation: false,
  submittedBySystem: false,
  submitter: "alice",
  orgName: "Acme AI Lab",
  productCode: "evs-disk",
  productName: "Cloud disk",
  paymentType: "prepaid",
  periodMonths: null,
  quantity: 1,
  originalAmount: "106.66667",
  amount: "106.66667",
  couponDeduction: "0.00000",
  paidAmount: "106.66667",
  refunded: "66.66667",
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
  name: "data-1",
  spec: { diskType: "ssd", sizeGb: 160 },
  resourceIds: ["d-1"],
  resources: [{ id: "d-1", name: "data-1", kind: "disk" }],
  errorLog: null,
  returnDeadline: null,
  events: [],
};

function start(path: string, routes: Record<string, Handler>) {
  const server = fakeServer({
    "GET /configs/nonAuth": () => ({ data: publicConfig }),
    "GET /users/token": () => ({ data: tenant }),
    ...routes,
  });
  api.configure({ fetch: server.fetch as unknown as typeof fetch, cookie: () => "xsrf-test" });
  void reloadPublicConfig();
  session.save({ token: "t", signSecret: "s" });
  window.history.pushState({}, "", path);
  render(<App />);
  return server;
}

const posts = (server: ReturnType<typeof start>, path: string) =>
  server.calls.filter((c) => c.method !== "GET" && c.path === path);

/** The number input inside the dialog (the test id may sit on its wrapper). */
function valueInput(): HTMLInputElement {
  const el = screen.getByTestId("resize-value");
  return (el instanceof HTMLInputElement ? el : el.querySelector("input")) as HTMLInputElement;
}

const confirmButton = () => screen.getByTestId("resize-confirm") as HTMLButtonElement;

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

describe("disk expansion dialog", () => {
  it("quotes the new size with the balances it comes from and places the change order", async () => {
    const server = start("/mgt/blockstorage", {
      "GET /res/volumes": () => page([resource({})]),
      "POST /billing/inquiry/modify": () => ({ data: quote({}) }),
      "POST /service/resize_resource": () => ({ data: changeOrder }),
    });
    fireEvent.click(await screen.findByTestId("disk-resize-data-1", {}, WAIT));
    await screen.findByTestId("resize-value", {}, WAIT);
    expect(screen.getByTestId("resize-current").textContent).toBe("ssd · 100 GB");
    expect(screen.getByTestId("resize-price").textContent).toContain("Enter the new size");
    expect(confirmButton().disabled).toBe(true);

    fireEvent.change(valueInput(), { target: { value: "160" } });
    await waitFor(() => expect(screen.getByTestId("change-difference").textContent).toBe("¥40.00000"), WAIT);
    const priced = screen.getByTestId("change-quote");
    expect(priced.textContent).toContain("To pay");
    expect(screen.getByTestId("change-old-remaining").textContent).toBe("¥66.66667");
    expect(screen.getByTestId("change-new-remaining").textContent).toBe("¥106.66667");
    // The tenant's contract discount is its own line, on the remainder and on a month (decision 0029).
    expect(screen.getByTestId("change-contract-discount").textContent).toBe("¥10.00000");
    expect(screen.getByTestId("change-monthly-contract-discount").textContent).toBe("¥16.00000");
    const breakdown = within(priced).getByTestId("price-breakdown");
    expect(breakdown.textContent).toContain("Deduction vouchers");
    expect(breakdown.textContent).toContain("¥30.00000");
    expect(breakdown.textContent).toContain("Cash balance");
    expect(breakdown.textContent).toContain("¥10.00000");
    expect(within(priced).queryByTestId("change-refund-to")).toBeNull();
    expect(posts(server, "/billing/inquiry/modify").at(-1)!.body).toEqual({
      resourceId: "d-1",
      spec: { sizeGb: 160 },
    });

    await waitFor(() => expect(confirmButton().disabled).toBe(false), WAIT);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(posts(server, "/service/resize_resource")).toHaveLength(1), WAIT);
    const sent = posts(server, "/service/resize_resource")[0]!;
    expect(sent.headers["Idempotency-Key"]).toMatch(UUID);
    expect(sent.body).toEqual({ resourceId: "d-1", spec: { sizeGb: 160 } });
    await waitFor(() => expect(screen.queryByTestId("resize-value")).toBeNull(), WAIT);
  });

  it("shows the server's refusal in the dialog and keeps the confirmation off", async () => {
    const server = start("/mgt/blockstorage", {
      "GET /res/volumes": () => page([resource({ status: "using", statusName: "In use" })]),
      "POST /billing/inquiry/modify": () => ({
        status: 400,
        code: 26044,
        message: "A disk can be expanded 1 time(s) a day; try again after 2026-11-23 11:00",
      }),
    });
    fireEvent.click(await screen.findByTestId("disk-resize-data-1", {}, WAIT));
    await screen.findByTestId("resize-value", {}, WAIT);
    fireEvent.change(valueInput(), { target: { value: "200" } });
    const refusal = await screen.findByTestId("resize-refusal", {}, WAIT);
    expect(refusal.textContent).toContain("try again after 2026-11-23 11:00");
    expect(confirmButton().disabled).toBe(true);
    expect(posts(server, "/service/resize_resource")).toHaveLength(0);
  });

  it("offers nothing above 500 GB and no expansion while the disk is modifying", async () => {
    start("/mgt/blockstorage", {
      "GET /res/volumes": () =>
        page([
          resource({ spec: { diskType: "ssd", sizeGb: 500 }, summary: "ssd · 500 GB" }),
          resource({ id: "d-2", name: "data-2", status: "modifying", statusName: "Modifying" }),
        ]),
    });
    const busy = (await screen.findByTestId("disk-resize-data-2", {}, WAIT)) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    fireEvent.click(screen.getByTestId("disk-resize-data-1"));
    expect((await screen.findByTestId("resize-at-maximum", {}, WAIT)).textContent).toContain("500 GB");
    expect(screen.queryByTestId("resize-value")).toBeNull();
  });
});

describe("elastic IP bandwidth dialog", () => {
  it("shows where a lower bandwidth's refund goes back to", async () => {
    const ip = resource({
      id: "e-1",
      kind: "elasticIp",
      name: "eip-1",
      productCode: "eip",
      summary: "5 Mbit/s",
      spec: { bandwidthMbps: 5 },
      monthlyPrice: "120.00000",
    });
    const server = start("/mgt/floatip", {
      "GET /res/floatingips": () => page([ip]),
      "POST /billing/inquiry/modify": () => ({
        data: quote({
          resourceId: "e-1",
          kind: "elasticIp",
          difference: "-41.40000",
          newMonthlyPrice: "51.00000",
          oldMonthlyPrice: "120.00000",
          remainingDays: 18,
          oldRemaining: "72.00000",
          newRemaining: "30.60000",
          contractDiscount: "0.00000",
          newMonthlyContractDiscount: "0.00000",
          settlement: [{ source: "cash", sourceId: null, amount: "-41.40000" }],
        }),
      }),
    });
    fireEvent.click(await screen.findByTestId("eip-resize-eip-1", {}, WAIT));
    await screen.findByTestId("resize-value", {}, WAIT);
    fireEvent.change(valueInput(), { target: { value: "2" } });
    const back = await screen.findByTestId("change-refund-to", {}, WAIT);
    expect(back.textContent).toContain("Refunded to");
    expect(back.textContent).toContain("Cash balance");
    expect(back.textContent).toContain("¥41.40000");
    expect(screen.getByTestId("change-quote").textContent).toContain("To be refunded");
    expect(screen.queryByTestId("price-breakdown")).toBeNull();
    expect(posts(server, "/billing/inquiry/modify").at(-1)!.body).toEqual({
      resourceId: "e-1",
      spec: { bandwidthMbps: 2 },
    });
    await waitFor(() => expect(confirmButton().disabled).toBe(false), WAIT);
  });
});

describe("host change form", () => {
  const hostProduct = {
    id: "p-1",
    code: "std-host",
    nameZh: "标准云主机",
    nameEn: "Standard host",
    categoryCode: "compute",
    spec: {
      kind: "host",
      flavors: [
        { id: "s1", name: "s1.small", vcpu: 2, memoryGb: 4, gpuCount: 0, gpuModel: "" },
        { id: "m1", name: "m1.medium", vcpu: 4, memoryGb: 8, gpuCount: 0, gpuModel: "" },
      ],
      images: [{ id: "ubuntu", name: "Ubuntu 22.04" }],
      systemDiskGb: 50,
    },
    prepaidPeriods: [1, 12],
    postpaid: true,
    approvalFlow: "none",
  };
  const host = resource({
    id: "h-1",
    kind: "host",
    name: "web-1",
    productCode: "std-host",
    summary: "2 vCPU / 4 GB",
    spec: { flavorId: "s1", imageId: "ubuntu" },
    status: "running",
    statusName: "Running",
  });

  it("shows which balances pay the difference, and what is missing when they cannot", async () => {
    let sufficient = true;
    start("/mgt/change?id=h-1", {
      "GET /res/hosts/h-1": () => ({ data: { ...host, errorLog: null, attachments: [] } }),
      "GET /billing/products": () => page([hostProduct]),
      "POST /billing/inquiry/modify": () => ({
        data: quote(
          sufficient
            ? {
                resourceId: "h-1",
                kind: "host",
                difference: "217.00000",
                settlement: [
                  { source: "topup_voucher", sourceId: "voucher:t-1", amount: "50.00000" },
                  { source: "cash", sourceId: null, amount: "167.00000" },
                ],
              }
            : {
                resourceId: "h-1",
                kind: "host",
                difference: "217.00000",
                sufficient: false,
                shortfall: "17.00000",
              },
        ),
      }),
    });
    fireEvent.click((await screen.findByTestId("change-flavor-m1", {}, WAIT)) as HTMLInputElement);
    const breakdown = await screen.findByTestId("price-breakdown", {}, WAIT);
    expect(breakdown.textContent).toContain("Top-up vouchers");
    expect(breakdown.textContent).toContain("¥50.00000");
    expect(breakdown.textContent).toContain("¥167.00000");
    await waitFor(
      () => expect((screen.getByTestId("change-confirm") as HTMLButtonElement).disabled).toBe(false),
      WAIT,
    );

    sufficient = false;
    await queryClient.invalidateQueries({ queryKey: ["renew", "resizeQuote"] });
    expect((await screen.findByTestId("price-shortfall", {}, WAIT)).textContent).toBe("¥17.00000");
    expect((screen.getByTestId("change-confirm") as HTMLButtonElement).disabled).toBe(true);
  });
});
