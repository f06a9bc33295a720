// Renewal management, its detail page and the configuration change against a fake API: what they
// show and what they send.
import type { CouponRecord, OrderDetail, RenewQuote, ResourceRecord } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type FakeServer, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { type Handler, makeUser } from "./fake-server";
import { resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 25_000 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const tenant = makeUser({
  permissions: ["CA", "CB01", "CC01", "CC0101", "CC02", "CC08", "CC0801"],
  routes: [
    "/mgt/dashboard",
    "/mgt/cloudhost",
    "/mgt/host/:id/detail",
    "/mgt/orders/:id",
    "/mgt/renew",
    "/mgt/renew/detail",
    "/mgt/change",
  ],
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const resource = (patch: Partial<ResourceRecord>): ResourceRecord =>
  resourceRecord({ expiresAt: inDays(5.5), ...patch });

const rows = [
  resource({}),
  resource({
    id: "d-1",
    kind: "disk",
    name: "data-1",
    summary: "SSD 100 GB",
    status: "frozen",
    statusName: "Frozen",
    expiresAt: inDays(-2.5),
    autoRenew: true,
    monthlyPrice: "30.00000",
  }),
];

const coupon = (patch: Partial<CouponRecord>): CouponRecord => ({
  id: "cp-10",
  couponNo: "CP0001",
  name: "Ten off",
  benefitKind: "value",
  value: "10.00000",
  discount: "1",
  threshold: "0.00000",
  applicableProducts: [],
  applicablePaymentTypes: ["prepaid"],
  validFrom: "2025-01-01T00:00:00Z",
  validUntil: "2099-01-01T00:00:00Z",
  status: "valid",
  orgId: "org-1",
  orgName: "Acme AI Lab",
  distributedAt: null,
  usedAt: null,
  usedOrderNo: null,
  batchNo: "B1",
  ...patch,
});
const coupons = [coupon({}), coupon({ id: "cp-used", couponNo: "CP0002", name: "Spent" })];

// The host lists at 120 a month with a 100 contract price; "cp-10" takes 10 off, "cp-used" is refused.
const quoteFor = (body: {
  resourceIds: string[];
  periodMonths: number;
  align: boolean;
  couponId?: string;
}): RenewQuote => {
  const total = 100 * body.periodMonths * body.resourceIds.length;
  const off = body.couponId === "cp-10" ? 10 : 0;
  const sufficient = body.resourceIds.length < 2;
  return {
    items: body.resourceIds.map((id) => ({
      resourceId: id,
      name: rows.find((r) => r.id === id)?.name ?? id,
      expiresAt: "2025-03-01T00:00:00Z",
      newExpiresAt: "2025-04-01T00:00:00Z",
      alignDays: body.align ? 3 : 0,
      overdueDays: id === "d-1" ? 3 : 0,
      amount: `${100 * body.periodMonths}.00000`,
    })),
    original: `${total + total / 5 + total / 10}.00000`,
    discount: `${total / 5}.00000`,
    contractDiscount: `${total / 10}.00000`,
    total: `${total}.00000`,
    coupon: body.couponId
      ? {
          couponId: body.couponId,
          applicable: off > 0,
          reason: off > 0 ? null : "COUPON_USED",
          deduction: `${off}.00000`,
          forfeited: "0.00000",
        }
      : null,
    couponDeduction: `${off}.00000`,
    payable: `${total - off}.00000`,
    sufficient,
    shortfall: sufficient ? "0.00000" : "50.00000",
    deduction: sufficient
      ? {
          sufficient,
          shortfall: "0.00000",
          allocations: [
            ...(off > 0 ? [{ source: "coupon" as const, sourceId: "cp-10", amount: `${off}.00000` }] : []),
            { source: "cash", sourceId: null, amount: `${total - off}.00000` },
          ],
        }
      : { sufficient, shortfall: "50.00000", allocations: [] },
  };
};

const order: OrderDetail = {
  id: "o-2",
  orderNo: "ORD-0002",
  type: "change",
  status: "provisioning",
  approvalLevel: null,
  approvalFlow: "none",
  manualActivation: false,
  awaitingActivation: false,
  submittedBySystem: false,
  submitter: "alice",
  orgName: "Acme AI Lab",
  productCode: "std-host",
  productName: "Standard host",
  paymentType: "prepaid",
  periodMonths: null,
  quantity: 1,
  originalAmount: "20.00000",
  amount: "20.00000",
  couponDeduction: "0.00000",
  paidAmount: "20.00000",
  refunded: "0.00000",
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
  name: "web-1",
  spec: { flavorId: "m1", imageId: "ubuntu" },
  resourceIds: ["h-1"],
  resources: [{ id: "h-1", name: "web-1", kind: "host" }],
  errorLog: null,
  returnDeadline: null,
  events: [{ at: "2025-01-01T00:00:00Z", actor: "alice", action: "submitted", level: null, detail: null }],
};

const product = {
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
      { id: "x1", name: "x1.tiny", vcpu: 1, memoryGb: 1, gpuCount: 0, gpuModel: "" },
    ],
    images: [{ id: "ubuntu", name: "Ubuntu 22.04" }],
    systemDiskGb: 50,
  },
  prepaidPeriods: [1, 12],
  postpaid: true,
  approvalFlow: "none",
};

const start = (path: string, routes: Record<string, Handler>, user = tenant) =>
  renderApp(
    path,
    {
      "GET /renew": () => page(rows),
      "POST /billing/inquiry/renew": ({ body }) => ({ data: quoteFor(body as never) }),
      "GET /coupons": () => page(coupons),
      ...routes,
    },
    { user },
  );

const posts = (server: FakeServer, path: string) =>
  server.calls.filter((c) => c.method !== "GET" && c.path === path);

resetAppBetweenTests();

describe("renewal management", () => {
  it("lists expiring resources within 30 days with days left, red when frozen", async () => {
    const server = start("/mgt/renew", {});
    await screen.findByTestId("renew-row-web-1", {}, WAIT);
    const list = server.calls.find((c) => c.method === "GET" && c.path === "/renew")!;
    expect(list).toBeTruthy();
    const listQuery = new URL(String(server.fetch.mock.calls[server.calls.indexOf(list)]![0]), "http://x");
    expect(listQuery.searchParams.get("expiringWithinDays")).toBe("30");
    expect(screen.getByTestId("renew-left-web-1").textContent).toBe("6 days left");
    expect(screen.getByTestId("renew-left-web-1").dataset.tone).toBe("urgent");
    expect(screen.getByTestId("renew-left-data-1").textContent).toBe("Expired 2 days ago");
    expect(screen.getByTestId("renew-left-data-1").dataset.tone).toBe("expired");
    // Hosts and disks link to their pages.
    expect(screen.getByTestId("renew-open-web-1").getAttribute("href")).toBe("/mgt/host/h-1/detail");
    expect(screen.getByTestId("renew-open-data-1").getAttribute("href")).toBe("/mgt/blockstorage/d-1/detail");
    expect((screen.getByTestId("renew-batch") as HTMLButtonElement).disabled).toBe(true);
  });

  it("searches by name: the list is asked again with the keyword, from its first page", async () => {
    const server = start("/mgt/renew", {
      "GET /renew": ({ query }) => page(rows.filter((r) => r.name.includes(query.get("keyword") ?? ""))),
    });
    await screen.findByTestId("renew-row-data-1", {}, WAIT);
    const box = within(screen.getByTestId("renew-keyword")).getByRole("searchbox");
    fireEvent.change(box, { target: { value: " data " } });
    fireEvent.keyDown(box, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(screen.queryByTestId("renew-row-web-1")).toBeNull(), WAIT);
    expect(screen.getByTestId("renew-row-data-1")).toBeTruthy();
    const lists = server.calls.filter((c) => c.method === "GET" && c.path === "/renew");
    const last = new URL(
      String(server.fetch.mock.calls[server.calls.indexOf(lists.at(-1)!)]![0]),
      "http://x",
    );
    expect(last.searchParams.get("keyword")).toBe("data");
    expect(last.searchParams.get("pageNum")).toBe("1");
  });

  it("opens the dialog for ?ids=, prices the chosen period and renews with an Idempotency-Key", async () => {
    const server = start("/mgt/renew?ids=h-1", {
      "POST /renew": ({ body }) => ({ data: quoteFor(body as never) }),
    });
    const dialog = await screen.findByTestId("renew-panel", {}, WAIT);
    await waitFor(
      () => expect(within(dialog).getByTestId("renew-payable").textContent).toContain("¥100.00000"),
      WAIT,
    );
    expect(within(dialog).getByTestId("renew-original").textContent).toContain("¥130.00000");
    expect(within(dialog).getByTestId("renew-discount").textContent).toContain("¥20.00000");
    // The tenant's contract discount is its own line (decision 0029).
    expect(within(dialog).getByTestId("renew-contract-discount").textContent).toContain("¥10.00000");
    expect(within(dialog).getByTestId("price-breakdown").textContent).toContain("Cash balance");
    expect(posts(server, "/billing/inquiry/renew")[0]!.body).toEqual({
      resourceIds: ["h-1"],
      periodMonths: 1,
      align: false,
    });
    // One resource cannot be aligned.
    expect((within(dialog).getByTestId("renew-align") as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByText("3 months"));
    await waitFor(
      () => expect(within(dialog).getByTestId("renew-payable").textContent).toContain("¥300.00000"),
      WAIT,
    );
    fireEvent.click(within(dialog).getByTestId("renew-confirm"));
    await waitFor(() => expect(posts(server, "/renew")).toHaveLength(1), WAIT);
    const sent = posts(server, "/renew")[0]!;
    expect(sent.headers["Idempotency-Key"]).toMatch(UUID);
    expect(sent.body).toEqual({ resourceIds: ["h-1"], periodMonths: 3, align: false });
    await waitFor(() => expect(screen.queryByTestId("renew-panel")).toBeNull(), WAIT);
    expect(window.location.search).toBe("");
    // The row had been preselected; once renewed it is not any more.
    expect(screen.queryByTestId("renew-selected")).toBeNull();
  });

  it("renews one resource with a coupon: the quote shows its deduction, a refused one blocks the confirmation", async () => {
    const server = start("/mgt/renew?ids=h-1", {
      "POST /renew": ({ body }) => ({ data: quoteFor(body as never) }),
    });
    const dialog = await screen.findByTestId("renew-panel", {}, WAIT);
    await within(dialog).findByTestId("renew-payable", {}, WAIT);
    const pick = async (name: string) => {
      const select = within(dialog).getByTestId("renew-coupon-select");
      fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
      const options = await screen.findAllByTitle(name, {}, WAIT);
      fireEvent.click(options.find((o) => o.classList.contains("ant-select-item-option")) ?? options[0]!);
    };

    await pick("Spent");
    const refused = await within(dialog).findByTestId("renew-coupon-refused", {}, WAIT);
    expect(refused.textContent).toContain("The coupon has already been used.");
    expect(posts(server, "/billing/inquiry/renew").at(-1)!.body).toEqual({
      resourceIds: ["h-1"],
      periodMonths: 1,
      align: false,
      couponId: "cp-used",
    });
    expect((within(dialog).getByTestId("renew-confirm") as HTMLButtonElement).disabled).toBe(true);

    await pick("Ten off");
    await waitFor(
      () => expect(within(dialog).getByTestId("renew-payable").textContent).toContain("¥90.00000"),
      WAIT,
    );
    expect(within(dialog).getByTestId("renew-coupon").textContent).toContain("¥10.00000");
    expect(within(dialog).queryByTestId("renew-coupon-refused")).toBeNull();
    expect(within(dialog).getByTestId("price-breakdown").textContent).toContain("Coupon");
    await waitFor(
      () => expect((within(dialog).getByTestId("renew-confirm") as HTMLButtonElement).disabled).toBe(false),
      WAIT,
    );
    fireEvent.click(within(dialog).getByTestId("renew-confirm"));
    await waitFor(() => expect(posts(server, "/renew")).toHaveLength(1), WAIT);
    expect(posts(server, "/renew")[0]!.body).toEqual({
      resourceIds: ["h-1"],
      periodMonths: 1,
      align: false,
      couponId: "cp-10",
    });
  });

  it("renews a selection aligned, and shows what is missing with a top-up link", async () => {
    const server = start("/mgt/renew", {});
    await screen.findByTestId("renew-row-web-1", {}, WAIT);
    for (const name of ["web-1", "data-1"]) {
      const row = screen.getByTestId(`renew-row-${name}`);
      fireEvent.click(within(row).getByRole("checkbox"));
    }
    expect(screen.getByTestId("renew-selected").textContent).toBe("2 selected");
    fireEvent.click(screen.getByTestId("renew-batch"));
    const dialog = await screen.findByTestId("renew-panel", {}, WAIT);
    fireEvent.click(within(dialog).getByTestId("renew-align"));
    await waitFor(
      () =>
        expect(posts(server, "/billing/inquiry/renew").at(-1)!.body).toEqual({
          resourceIds: ["h-1", "d-1"],
          periodMonths: 1,
          align: true,
        }),
      WAIT,
    );
    const shortfall = await within(dialog).findByTestId("price-shortfall", {}, WAIT);
    expect(shortfall.textContent).toContain("¥50.00000");
    expect(within(dialog).getByTestId("price-topup").getAttribute("href")).toBe("/mgt/onlinerecharge");
    expect((within(dialog).getByTestId("renew-confirm") as HTMLButtonElement).disabled).toBe(true);
    // A coupon is for one resource's renewal: the select is off for a selection.
    expect(
      within(dialog).getByText("A coupon can only be used when renewing one resource at a time."),
    ).toBeTruthy();
    expect(within(dialog).getByTestId("renew-coupon-select").querySelector("input")!.disabled).toBe(true);
    expect(within(dialog).getByTestId("renew-item-data-1").textContent).toContain("3");
  });

  it("turns auto-renew on at once and off after a confirmation", async () => {
    const server = start("/mgt/renew", {
      "PUT /renew/h-1/auto": () => ({ data: { ok: true } }),
      "PUT /renew/d-1/auto": () => ({ data: { ok: true } }),
    });
    fireEvent.click(await screen.findByTestId("renew-auto-web-1", {}, WAIT));
    await waitFor(() => expect(posts(server, "/renew/h-1/auto")).toHaveLength(1), WAIT);
    expect(posts(server, "/renew/h-1/auto")[0]!.body).toEqual({ autoRenew: true });

    fireEvent.click(screen.getByTestId("renew-auto-data-1"));
    expect(posts(server, "/renew/d-1/auto")).toHaveLength(0);
    fireEvent.click(await screen.findByTestId("renew-auto-data-1-confirm", {}, WAIT));
    await waitFor(() => expect(posts(server, "/renew/d-1/auto")).toHaveLength(1), WAIT);
    expect(posts(server, "/renew/d-1/auto")[0]!.body).toEqual({ autoRenew: false });
  });

  it("shows the renewal form as a page for /mgt/renew/detail?ids=", async () => {
    const server = start("/mgt/renew/detail?ids=h-1,d-1", {});
    const panel = await screen.findByTestId("renew-panel", {}, WAIT);
    await within(panel).findByTestId("renew-item-data-1", {}, WAIT);
    expect(posts(server, "/billing/inquiry/renew")[0]!.body).toMatchObject({ resourceIds: ["h-1", "d-1"] });
    expect(screen.getByTestId("renew-detail-back").getAttribute("href")).toBe("/mgt/renew");
  });
});

describe("renewal management read only (CC08 without a renewal code)", () => {
  const reader = makeUser({ permissions: ["CA", "CC01", "CC08"], routes: ["/mgt/dashboard", "/mgt/renew"] });

  it("lists the resources but offers no renewal, no selection and a switch that only shows", async () => {
    const server = start("/mgt/renew?ids=h-1", {}, reader);
    await screen.findByTestId("renew-row-web-1", {}, WAIT);
    expect(screen.getByTestId("renew-read-only").textContent).toContain("renewal permission (CC0801)");
    expect(screen.queryByTestId("renew-batch")).toBeNull();
    expect(screen.queryByTestId("renew-one-web-1")).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
    // The overview's ?ids= link does not open the renewal dialog either.
    expect(screen.queryByTestId("renew-panel")).toBeNull();
    const on = screen.getByTestId("renew-auto-data-1");
    expect(on.getAttribute("data-checked")).toBe("true");
    expect(on.className).toContain("disabled");
    fireEvent.click(on);
    fireEvent.click(screen.getByTestId("renew-auto-web-1"));
    expect(server.calls.filter((c) => c.method !== "GET" && c.path.startsWith("/renew"))).toEqual([]);
  });

  it("says so in Chinese too", async () => {
    const { setLanguage } = await import("../src/i18n");
    await setLanguage("zh-CN");
    try {
      start("/mgt/renew", {}, reader);
      await screen.findByTestId("renew-read-only", {}, WAIT);
      expect(screen.getByTestId("renew-read-only").textContent).toContain("续订权限（CC0801）");
    } finally {
      await setLanguage("en-US");
    }
  });
});

describe("configuration change", () => {
  it("prices another flavour and places the change order with an Idempotency-Key", async () => {
    const server = start("/mgt/change?id=h-1", {
      "GET /res/hosts/h-1": () => ({ data: { ...resource({}), errorLog: null, attachments: [] } }),
      "GET /billing/products": () => page([product]),
      "POST /billing/inquiry/modify": ({ body }) => {
        const up = (body as { spec: { flavorId: string } }).spec.flavorId === "m1";
        const difference = up ? "20.00000" : "-8.00000";
        return {
          data: {
            resourceId: "h-1",
            kind: "host",
            difference,
            newMonthlyPrice: "200.00000",
            oldMonthlyPrice: "100.00000",
            remainingDays: 6,
            oldRemaining: "20.00000",
            newRemaining: up ? "40.00000" : "12.00000",
            contractDiscount: "0.00000",
            newMonthlyContractDiscount: "0.00000",
            settlement: [{ source: "cash", sourceId: null, amount: difference }],
            sufficient: true,
            shortfall: "0.00000",
          },
        };
      },
      "POST /service/resize_resource": () => ({ data: order }),
      "GET /orders/o-2": () => ({ data: order }),
    });
    await screen.findByTestId("change-current", {}, WAIT);
    expect(screen.getByTestId("change-current-price").textContent).toContain("¥100.00000");
    const current = screen.getByTestId("change-flavor-s1") as HTMLInputElement;
    expect(current.disabled).toBe(true);
    expect((screen.getByTestId("change-confirm") as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId("change-flavor-x1") as HTMLInputElement);
    await waitFor(
      () => expect(screen.getByTestId("change-difference").textContent).toContain("¥8.00000"),
      WAIT,
    );
    expect(screen.getByTestId("change-quote").textContent).toContain("To be refunded");

    fireEvent.click(screen.getByTestId("change-flavor-m1") as HTMLInputElement);
    await waitFor(
      () => expect(screen.getByTestId("change-difference").textContent).toContain("¥20.00000"),
      WAIT,
    );
    expect(screen.getByTestId("change-quote").textContent).toContain("To pay");
    expect(screen.getByTestId("change-remaining").textContent).toBe("6");
    expect(posts(server, "/billing/inquiry/modify").at(-1)!.body).toEqual({
      resourceId: "h-1",
      spec: { flavorId: "m1" },
    });

    await waitFor(
      () => expect((screen.getByTestId("change-confirm") as HTMLButtonElement).disabled).toBe(false),
      WAIT,
    );
    fireEvent.click(screen.getByTestId("change-confirm"));
    await screen.findByTestId("order-detail", {}, WAIT);
    const sent = posts(server, "/service/resize_resource")[0]!;
    expect(sent.headers["Idempotency-Key"]).toMatch(UUID);
    expect(sent.body).toEqual({ resourceId: "h-1", spec: { flavorId: "m1" } });
    expect(window.location.pathname).toBe("/mgt/orders/o-2");
  });

  it("offers no change while the host is changing", async () => {
    start("/mgt/change?id=h-1", {
      "GET /res/hosts/h-1": () => ({
        data: {
          ...resource({ status: "modifying", statusName: "Modifying" }),
          errorLog: null,
          attachments: [],
        },
      }),
      "GET /billing/products": () => page([product]),
    });
    expect((await screen.findByTestId("change-not-changeable", {}, WAIT)).textContent).toContain("Modifying");
    expect((screen.getByTestId("change-flavor-m1") as HTMLInputElement).disabled).toBe(true);
  });
});
