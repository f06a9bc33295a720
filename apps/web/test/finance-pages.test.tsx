// Cost-centre and operator finance pages against a fake API: what they show and what they send.
import type { CurrentUser, PackageOffer, TenantPackage } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { api } from "../src/lib/api-client";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { accountOverview, type Handler, makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const COST_CENTRE = [
  "/mgt/onlinerecharge",
  "/mgt/alirecharge",
  "/mgt/unionpay",
  "/mgt/rechargedetails",
  "/mgt/deals",
  "/mgt/couponordinary",
  "/mgt/bill",
];
const tenant = makeUser({
  // The cost-centre administrator: the read codes and the top-up and redeem codes.
  permissions: ["CA", "CC01", "CC0101", "CC02", "CC0201", "CC03", "CC04", "CC07"],
  routes: ["/mgt/dashboard", ...COST_CENTRE],
});
const operator = makeUser({
  account: "ops",
  currentOrg: null,
  permissions: ["CA", "BI", "CC01", "CC03"],
  routes: [
    "/mgt/dashboard",
    "/mgt/bill",
    "/sys/finance/accounts",
    "/sys/finance/adjustments",
    "/sys/finance/vouchers",
  ],
});

const start = (path: string, user: CurrentUser, routes: Record<string, Handler>) =>
  renderApp(path, routes, { user });

const calls = callsTo;

resetAppBetweenTests();

describe("dashboard account card", () => {
  it("shows the balances, highlights arrears and offers a top-up with CC0101", async () => {
    // Postpaid hours used beyond the money and credit held: owed, and the balance below zero.
    start("/mgt/dashboard", tenant, {
      "GET /billing_account": () => ({
        data: { ...accountOverview, creditUsed: "500.00000", arrears: "30.00000", balance: "-30.00000" },
      }),
    });
    const card = await screen.findByTestId("dashboard-billing", {}, WAIT);
    await waitFor(
      () => expect(within(card).getByTestId("billing-balance").textContent).toBe("-¥30.00000"),
      WAIT,
    );
    const arrears = within(card).getByTestId("billing-arrears");
    expect(arrears.getAttribute("data-arrears")).toBe("true");
    expect(arrears.textContent).toContain("¥30.00000");
    expect(within(card).getByTestId("billing-available").textContent).toBe("¥1750.50000");
    fireEvent.click(within(card).getByTestId("dashboard-topup"));
    await waitFor(() => expect(window.location.pathname).toBe("/mgt/onlinerecharge"), WAIT);
  });

  it("has no top-up button without CC0101, even for a reader of orders and top-ups (CC01)", async () => {
    start("/mgt/dashboard", makeUser({ permissions: ["CA", "CC01", "CC07"] }), {});
    const card = await screen.findByTestId("dashboard-billing", {}, WAIT);
    await within(card).findByTestId("billing-balance", {}, WAIT);
    expect(within(card).getByTestId("billing-arrears").getAttribute("data-arrears")).toBe("false");
    expect(screen.queryByTestId("dashboard-topup")).toBeNull();
  });

  it("is not shown, nor asked for, for a platform user without an organisation", async () => {
    const server = start("/mgt/dashboard", operator, {});
    await screen.findByTestId("dashboard-account", {}, WAIT);
    expect(screen.queryByTestId("dashboard-billing")).toBeNull();
    expect(calls(server, "GET", "/billing_account")).toHaveLength(0);
  });
});

describe("top-up", () => {
  const pending = {
    rechargeNo: "R1",
    channel: "sandbox",
    amount: "500.00000",
    status: "pending",
    failureReason: null,
    createdAt: "2026-01-01T00:00:00Z",
    paidAt: null,
    expiresAt: "2026-01-01T00:30:00Z",
    payUrl: "/gateway/sandbox/pay/R1",
    payForm: null,
  };
  const allOn = () => ({ data: { sandbox: true, alipay: true, unionpay: true } });

  it("sends the amount with an Idempotency-Key, reused when the same top-up is retried, then opens the gateway", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    let attempts = 0;
    const server = start("/mgt/onlinerecharge", tenant, {
      "GET /online_recharge/paySwitch": () => ({ data: { sandbox: true, alipay: false, unionpay: false } }),
      "POST /online_recharge/create": () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, code: 500, message: "boom" } : { data: pending };
      },
    });
    fireEvent.click(await screen.findByTestId("topup-quick-500", {}, WAIT));
    expect((screen.getByTestId("topup-amount") as HTMLInputElement).value).toBe("500");
    // Channels that are off are shown, greyed, as not configured.
    const alipay = screen.getByTestId("topup-channel-alipay");
    expect(alipay.closest("label")?.textContent).toContain("not configured");
    expect(alipay.closest("label")?.className).toContain("disabled");

    fireEvent.click(screen.getByTestId("topup-submit"));
    await waitFor(() => expect(attempts).toBe(1), WAIT);
    await waitFor(
      () => expect(screen.getByTestId("topup-submit").closest("button")?.disabled).toBe(false),
      WAIT,
    );
    fireEvent.click(screen.getByTestId("topup-submit"));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/gateway/sandbox/pay/R1"), WAIT);

    const sent = calls(server, "POST", "/online_recharge/create");
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toEqual({ amount: "500", channel: "sandbox" });
    expect(sent[0]!.headers["Idempotency-Key"]).toMatch(UUID);
    expect(sent[1]!.headers["Idempotency-Key"]).toBe(sent[0]!.headers["Idempotency-Key"]);
  });

  it("refuses an amount with more than five decimals before sending", async () => {
    const server = start("/mgt/onlinerecharge", tenant, {
      "GET /online_recharge/paySwitch": () => ({ data: { sandbox: true, alipay: false, unionpay: false } }),
    });
    fireEvent.change(await screen.findByTestId("topup-amount", {}, WAIT), { target: { value: "10.123456" } });
    fireEvent.click(screen.getByTestId("topup-submit"));
    expect(await screen.findByText("The amount is invalid (at most 5 decimals)", {}, WAIT)).toBeTruthy();
    expect(calls(server, "POST", "/online_recharge/create")).toHaveLength(0);
  });

  it("on /mgt/alirecharge preselects Alipay, keeps amounts to whole fen, then leaves for Alipay's signed URL", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const alipayUrl = "https://openapi.alipay.com/gateway.do?app_id=2021000000000001&sign=abc";
    const server = start("/mgt/alirecharge", tenant, {
      "GET /online_recharge/paySwitch": allOn,
      "POST /online_recharge/create": () => ({
        data: { ...pending, rechargeNo: "R2", channel: "alipay", payUrl: alipayUrl },
      }),
    });
    const amount = await screen.findByTestId("topup-amount", {}, WAIT);
    expect((screen.getByTestId("topup-channel-alipay") as HTMLInputElement).checked).toBe(true);
    expect(
      screen.getByText(
        "You pay on Alipay's own page, then come back here, where the result shows by itself.",
      ),
    ).toBeTruthy();
    fireEvent.change(amount, { target: { value: "10.123" } });
    fireEvent.click(screen.getByTestId("topup-submit"));
    expect(
      await screen.findByText("Alipay and UnionPay take amounts with at most 2 decimals", {}, WAIT),
    ).toBeTruthy();
    // The sandbox takes five decimals: choosing it clears the message.
    fireEvent.click(screen.getByTestId("topup-channel-sandbox"));
    await waitFor(
      () => expect(screen.queryByText("Alipay and UnionPay take amounts with at most 2 decimals")).toBeNull(),
      WAIT,
    );
    fireEvent.click(screen.getByTestId("topup-channel-alipay"));
    fireEvent.change(amount, { target: { value: "88.8" } });
    fireEvent.click(screen.getByTestId("topup-submit"));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(alipayUrl), WAIT);
    const sent = calls(server, "POST", "/online_recharge/create");
    expect(sent.map((c) => c.body)).toEqual([{ amount: "88.8", channel: "alipay" }]);
  });

  it("on /mgt/unionpay preselects UnionPay and opens the page that posts UnionPay's signed form", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const server = start("/mgt/unionpay", tenant, {
      "GET /online_recharge/paySwitch": allOn,
      "POST /online_recharge/create": () => ({
        data: {
          ...pending,
          rechargeNo: "R3",
          channel: "unionpay",
          payUrl: "/gateway/unionpay/pay/R3",
          payForm: {
            action: "https://gateway.95516.com/gateway/api/frontTransReq.do",
            fields: { orderId: "R3" },
          },
        },
      }),
    });
    fireEvent.click(await screen.findByTestId("topup-quick-500", {}, WAIT));
    expect((screen.getByTestId("topup-channel-unionpay") as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId("topup-submit"));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/gateway/unionpay/pay/R3"), WAIT);
    expect(calls(server, "POST", "/online_recharge/create")[0]!.body).toEqual({
      amount: "500",
      channel: "unionpay",
    });
  });

  it("falls back to the first channel that is on when the preselected one is off", async () => {
    start("/mgt/unionpay", tenant, {
      "GET /online_recharge/paySwitch": () => ({ data: { sandbox: true, alipay: false, unionpay: false } }),
    });
    await screen.findByTestId("topup-amount", {}, WAIT);
    expect((screen.getByTestId("topup-channel-sandbox") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId("topup-channel-unionpay") as HTMLInputElement).disabled).toBe(true);
  });

  it("follows the top-up the gateway sent back until it succeeded, then shows the new balance", async () => {
    let polls = 0;
    const server = start("/mgt/onlinerecharge?rechargeNo=R1", tenant, {
      "GET /online_recharge/R1": () => {
        polls += 1;
        return {
          data:
            polls < 2
              ? pending
              : { ...pending, status: "success", payUrl: null, paidAt: "2026-01-01T00:01:00Z" },
        };
      },
    });
    const result = await screen.findByTestId("recharge-result", {}, WAIT);
    expect(result.getAttribute("data-status")).toBe("pending");
    await waitFor(
      () => expect(screen.getByTestId("recharge-result").getAttribute("data-status")).toBe("success"),
      { timeout: 6000 },
    );
    await waitFor(
      () => expect(screen.getByTestId("recharge-balance").textContent).toContain("¥1200.50000"),
      WAIT,
    );
    const before = polls;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(polls).toBe(before);
    expect(calls(server, "GET", "/billing_account").length).toBeGreaterThan(0);
  });

  it("says a failed top-up failed", async () => {
    start("/mgt/onlinerecharge?rechargeNo=R1", tenant, {
      "GET /online_recharge/R1": () => ({
        data: { ...pending, status: "failed", failureReason: "cancelled" },
      }),
    });
    const result = await screen.findByTestId("recharge-result", {}, WAIT);
    expect(result.getAttribute("data-status")).toBe("failed");
    expect(result.textContent).toContain("Top-up failed");
    expect(result.textContent).toContain("The payment was cancelled");
  });
});

describe("cash vouchers", () => {
  it("checks a code, then redeems it with an Idempotency-Key", async () => {
    const server = start("/mgt/couponordinary?tab=vouchers", tenant, {
      "GET /cashCoupons": () => page([]),
      "POST /cashCoupon/check": ({ body }) => ({
        data: {
          code: (body as { code: string }).code,
          kind: "topup",
          faceValue: "50.00000",
          validUntil: "2099-01-01T00:00:00Z",
          redeemable: true,
        },
      }),
      "POST /cashCoupons/redeem": () => ({
        data: { id: "v1", code: "CV-AAAA-BBBB", kind: "topup", faceValue: "50.00000" },
      }),
    });
    fireEvent.change(await screen.findByTestId("voucher-code", {}, WAIT), {
      target: { value: " cv-aaaa-bbbb " },
    });
    fireEvent.click(screen.getByTestId("voucher-check"));
    const checked = await screen.findByTestId("voucher-check-result", {}, WAIT);
    expect(checked.textContent).toContain("¥50.00000");
    expect(calls(server, "POST", "/cashCoupon/check")[0]!.body).toEqual({ code: "CV-AAAA-BBBB" });
    fireEvent.click(screen.getByTestId("voucher-redeem"));
    await waitFor(() => expect(calls(server, "POST", "/cashCoupons/redeem")).toHaveLength(1), WAIT);
    const redeem = calls(server, "POST", "/cashCoupons/redeem")[0]!;
    expect(redeem.body).toEqual({ code: "CV-AAAA-BBBB" });
    expect(redeem.headers["Idempotency-Key"]).toMatch(UUID);
  });

  it("lists the vouchers but offers no redeeming to a reader without CC0201", async () => {
    const reader = makeUser({
      permissions: ["CA", "CC02", "CC07"],
      routes: ["/mgt/dashboard", "/mgt/couponordinary"],
    });
    start("/mgt/couponordinary?tab=vouchers", reader, { "GET /cashCoupons": () => page([]) });
    await screen.findByTestId("vouchers-status", {}, WAIT);
    expect(screen.queryByTestId("voucher-code")).toBeNull();
    expect(screen.queryByTestId("voucher-redeem")).toBeNull();
  });
});

describe("packages", () => {
  const offer: PackageOffer = {
    id: "of-1",
    code: "GPU100",
    nameZh: "GPU 100 小时",
    nameEn: "GPU 100 hours",
    kind: "resource",
    discount: null,
    productCodes: [],
    productCode: "gpu-host",
    dimension: "flavor:g1",
    unitHours: 100,
    validityMonths: 1,
    price: "500.00000",
    listingState: "listed",
    updatedAt: "2026-01-01T00:00:00Z",
  };
  const mine: TenantPackage = {
    id: "pk-1",
    offerCode: "GPU100",
    name: "GPU 100 hours",
    kind: "resource",
    discount: null,
    productCodes: [],
    productCode: "gpu-host",
    dimension: "flavor:g1",
    quantity: 1,
    totalUnitHours: 100,
    remainingUnitHours: 60,
    usedUnitHours: 40,
    validFrom: "2026-01-01T00:00:00Z",
    validUntil: "2026-02-01T00:00:00Z",
    status: "active",
    autoRenew: true,
    charges: [],
    usages: [],
  };
  const routes = { "GET /bag/offers": () => page([offer]), "GET /bag": () => page([mine]) };

  it("lets a reader of orders (CC01 without CC0101) see offers and packages but not buy, renew or switch", async () => {
    const reader = makeUser({ permissions: ["CA", "CC01"], routes: ["/mgt/dashboard", "/mgt/bag"] });
    const server = start("/mgt/bag", reader, routes);
    await screen.findByTestId("bag-offer-GPU100", {}, WAIT);
    await screen.findByTestId("bag-package-GPU100", {}, WAIT);
    expect(screen.queryByTestId("bag-buy-GPU100")).toBeNull();
    expect(screen.queryByTestId("bag-renew-GPU100")).toBeNull();
    const auto = screen.getByTestId("bag-auto-renew-GPU100");
    expect(auto.className).toContain("disabled");
    fireEvent.click(auto);
    expect(server.calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("offers buying and renewing to a holder of CC0101", async () => {
    const buyer = makeUser({ permissions: ["CA", "CC01", "CC0101"], routes: ["/mgt/dashboard", "/mgt/bag"] });
    start("/mgt/bag", buyer, routes);
    await screen.findByTestId("bag-buy-GPU100", {}, WAIT);
    // The offers and the tenant's packages are two queries: either may answer first.
    expect(await screen.findByTestId("bag-renew-GPU100", {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId("bag-auto-renew-GPU100").className).not.toContain("disabled");
  });
});

describe("bill downloads", () => {
  it("saves a finished export fetched through the signed client under its file name", async () => {
    const task = {
      id: "7d3c1a52-0d7e-4d7a-9d8e-3a2b1c0d9e8f",
      fileName: "bills_2026-01_2026-03.xlsx",
      status: "succeeded",
      progress: 100,
      rows: 12,
      error: null,
      createdAt: "2026-04-01T00:00:00Z",
      finishedAt: "2026-04-01T00:00:05Z",
    };
    const server = start("/mgt/bill", tenant, {
      "GET /bills/listCycleBills": () => ({ data: [] }),
      "GET /download/list": () => ({
        data: [task, { ...task, id: "t2", status: "generating", progress: 40 }],
      }),
    });
    const jsonFetch = server.fetch;
    const fileFetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input).includes("/download/file/")) {
        server.calls.push({
          method: "GET",
          path: "/download/file",
          body: undefined,
          headers: { ...(init.headers as Record<string, string>) },
        });
        return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          status: 200,
          headers: { "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
        });
      }
      return jsonFetch(input, init);
    });
    api.configure({ fetch: fileFetch as unknown as typeof fetch });
    const created = vi.fn((_blob: Blob) => "blob:export");
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = created as unknown as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    const row = await screen.findByTestId(`download-task-${task.id}`, {}, WAIT);
    expect(row.getAttribute("data-status")).toBe("succeeded");
    expect(screen.getByTestId("download-task-t2").getAttribute("data-status")).toBe("generating");
    expect(screen.queryByTestId("download-file-t2")).toBeNull();
    fireEvent.click(screen.getByTestId(`download-file-${task.id}`));
    await waitFor(() => expect(clicked).toEqual([{ href: "blob:export", download: task.fileName }]), WAIT);
    const blob = created.mock.calls[0]![0];
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.size).toBe(4);
    const request = server.calls.find((c) => c.path === "/download/file")!;
    expect(request.headers.Authorization).toBe("Bearer t");
    expect(request.headers["x-sign"]).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("operator finance", () => {
  const org = { orgId: "o1", name: "Acme AI Lab", email: null, createdAt: "2025-01-01T00:00:00Z" };

  it("requests a balance adjustment with a reason and says it awaits approval", async () => {
    const server = start("/sys/finance/accounts", operator, {
      "GET /ops/orgs": () => page([org]),
      "GET /ops/orgs/o1/account": () => ({ data: { ...accountOverview, orgId: "o1" } }),
      "GET /ops/orgs/o1/deals": () => page([]),
      "POST /ops/adjustments": () => ({ data: { id: "a1", status: "pending_approval" } }),
    });
    fireEvent.click(await screen.findByTestId("org-open-o1", {}, WAIT));
    await within(await screen.findByTestId("org-account", {}, WAIT)).findByTestId(
      "billing-balance",
      {},
      WAIT,
    );
    fireEvent.click(screen.getByTestId("org-adjust"));
    fireEvent.change(await screen.findByTestId("adjust-amount", {}, WAIT), { target: { value: "-20000.5" } });
    fireEvent.click(screen.getByTestId("adjust-submit"));
    // The reason is mandatory.
    expect(await screen.findByText("Give a reason (2 to 256 characters)", {}, WAIT)).toBeTruthy();
    expect(calls(server, "POST", "/ops/adjustments")).toHaveLength(0);
    fireEvent.change(screen.getByTestId("adjust-reason"), { target: { value: "Duplicate top-up" } });
    fireEvent.click(screen.getByTestId("adjust-submit"));
    const result = await screen.findByTestId("adjust-result", {}, WAIT);
    expect(result.getAttribute("data-status")).toBe("pending_approval");
    const sent = calls(server, "POST", "/ops/adjustments")[0]!;
    expect(sent.body).toEqual({ orgId: "o1", amount: "-20000.5", reason: "Duplicate top-up" });
    expect(sent.headers["Idempotency-Key"]).toMatch(UUID);
  });

  it("asks for a new adjustment on the adjustments page, in the same dialog with a tenant picker", async () => {
    const server = start("/sys/finance/adjustments?status=pending_approval", operator, {
      "GET /ops/adjustments": () => page([]),
      "GET /ops/orgs": () => page([org]),
      "POST /ops/adjustments": () => ({ data: { id: "a2", status: "applied" } }),
    });
    // Opened from the operators' overview: the waiting ones.
    await screen.findByTestId("adjustments-table", {}, WAIT);
    await waitFor(() => expect(calls(server, "GET", "/ops/adjustments").length).toBeGreaterThan(0), WAIT);
    expect(screen.getByTestId("adjustments-status").textContent).toContain("Awaiting");

    fireEvent.click(screen.getByTestId("adjustments-new"));
    expect(await screen.findByText("New balance adjustment", {}, WAIT)).toBeTruthy();
    fireEvent.change(await screen.findByTestId("adjust-amount", {}, WAIT), { target: { value: "30" } });
    fireEvent.change(screen.getByTestId("adjust-reason"), { target: { value: "Goodwill credit" } });
    // The tenant must be chosen first.
    fireEvent.click(screen.getByTestId("adjust-submit"));
    expect(await screen.findByText("This field is required", {}, WAIT)).toBeTruthy();
    expect(calls(server, "POST", "/ops/adjustments")).toHaveLength(0);
    const select = screen.getByTestId("adjust-org");
    fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
    const options = await screen.findAllByTitle("Acme AI Lab", {}, WAIT);
    fireEvent.click(options.find((o) => o.classList.contains("ant-select-item-option")) ?? options[0]!);
    fireEvent.click(screen.getByTestId("adjust-submit"));
    const result = await screen.findByTestId("adjust-result", {}, WAIT);
    expect(result.getAttribute("data-status")).toBe("applied");
    expect(calls(server, "POST", "/ops/adjustments")[0]!.body).toEqual({
      orgId: "o1",
      amount: "30",
      reason: "Goodwill credit",
    });
  });

  it("issues cash vouchers and shows the codes", async () => {
    const voucher = (code: string) => ({
      id: code,
      code,
      kind: "topup",
      faceValue: "50.00000",
      balance: "50.00000",
      status: "undistributed",
      validFrom: "2026-01-01T00:00:00Z",
      validUntil: "2027-01-01T00:00:00Z",
      receivedAt: null,
      orgId: null,
      orgName: null,
      batchNo: "CVB1",
      remark: "",
    });
    const server = start("/sys/finance/vouchers", operator, {
      "GET /ops/cash_vouchers/batchQuery": () => page([]),
      "GET /ops/orgs": () => page([org]),
      "POST /ops/cash_vouchers": () => ({
        data: {
          request: { status: "applied", total: "100.00000", batchNo: "CVB1" },
          vouchers: [voucher("CV-AAAA"), voucher("CV-BBBB")],
        },
      }),
    });
    fireEvent.click(await screen.findByTestId("voucher-issue", {}, WAIT));
    fireEvent.change(await screen.findByTestId("voucher-issue-face-value", {}, WAIT), {
      target: { value: "50" },
    });
    fireEvent.change(screen.getByTestId("voucher-issue-count"), { target: { value: "2" } });
    fireEvent.click(screen.getByTestId("voucher-issue-submit"));
    const codes = await screen.findByTestId("voucher-issue-created", {}, WAIT);
    expect(codes.textContent).toContain("CV-AAAA");
    expect(codes.textContent).toContain("CV-BBBB");
    const sent = calls(server, "POST", "/ops/cash_vouchers")[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ kind: "topup", faceValue: "50", count: 2, remark: "" });
    expect(new Date(sent.validUntil as string) > new Date(sent.validFrom as string)).toBe(true);
  });

  it("shows why the server refuses an approval", async () => {
    const pendingOne = {
      id: "a1",
      orgId: "o1",
      orgName: "Acme AI Lab",
      amount: "20000.00000",
      reason: "Goodwill",
      status: "pending_approval",
      // Another operator's request: this one may try to decide it.
      requestedBy: "u-2",
      decidedBy: null,
      decisionRemark: null,
      createdAt: "2026-01-01T00:00:00Z",
      decidedAt: null,
    };
    start("/sys/finance/adjustments", operator, {
      "GET /ops/adjustments": () => page([pendingOne]),
      "GET /ops/orgs": () => page([org]),
      "POST /ops/adjustments/a1/approve": () => ({
        status: 400,
        code: 23012,
        message: "A second operator must approve this adjustment",
      }),
    });
    fireEvent.click(await screen.findByTestId("adjustment-approve-a1", {}, WAIT));
    fireEvent.click(await screen.findByTestId("adjustment-decide-submit", {}, WAIT));
    expect((await screen.findByTestId("adjustment-decide-error", {}, WAIT)).textContent).toContain(
      "A second operator must approve this adjustment",
    );
  });
});

describe("account details notes", () => {
  const deal = (over: Record<string, unknown>) => ({
    id: String(Math.random()),
    entryId: "1",
    time: "2026-11-27T08:00:00.000Z",
    type: "charge",
    account: "cash",
    amount: "-10.00000",
    balanceAfter: "90.00000",
    referenceType: "order",
    referenceId: "SO1",
    memo: null,
    memoKey: null,
    memoParams: null,
    ...over,
  });
  const deals = [
    deal({ memoKey: "renewal", memoParams: { name: "gpu-node", months: "3" } }),
    deal({ memoKey: "topUpAlipay", memoParams: { tradeNo: "T88" } }),
    deal({ type: "adjustment", memo: "Goodwill for ticket 12" }),
  ];

  it("render each entry's key in the reader's language and an operator's remark as typed", async () => {
    start("/mgt/deals", tenant, { "GET /account_deals": () => page(deals) });
    expect(await screen.findByText("Renewal of gpu-node for 3 month(s)", {}, WAIT)).toBeTruthy();
    expect(screen.getByText("Alipay payment T88")).toBeTruthy();
    expect(screen.getByText("Goodwill for ticket 12")).toBeTruthy();
  });

  it("in Chinese too", async () => {
    const { setLanguage } = await import("../src/i18n");
    await setLanguage("zh-CN");
    try {
      start("/mgt/deals", tenant, { "GET /account_deals": () => page(deals) });
      expect(await screen.findByText("续费 gpu-node 3 个月", {}, WAIT)).toBeTruthy();
      expect(screen.getByText("支付宝支付 T88")).toBeTruthy();
      expect(screen.getByText("Goodwill for ticket 12")).toBeTruthy();
    } finally {
      await setLanguage("en-US");
    }
  });
});
