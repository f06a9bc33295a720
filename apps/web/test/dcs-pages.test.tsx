// /mgt/dcs (issue 16 item 5) against a fake API: the list shows each cache instance's memory
// plan, memory used, status, address and key prefix (a simulated one says so) and expiry; the
// detail page shows the user and key prefix as code and says when writes are paused over the plan;
// resetting the password asks first, then shows the new password once; the purchase form offers
// the product's memory plans and quotes the chosen one; the menu offers the page only with CB13.
import { buildMenus, type CacheInstance } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";
import { resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();

const ID = "0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d";
const GB = 1024 ** 3;

const cache = (patch: Partial<CacheInstance> = {}): CacheInstance => ({
  ...resourceRecord({
    id: ID,
    kind: "cache",
    name: "sessions-cache",
    status: "available",
    statusName: "Available",
    paymentType: "prepaid",
    periodMonths: 1,
    expiresAt: "2026-12-28T08:00:00.000Z",
  }),
  memoryGb: 1,
  connection: {
    host: "cache.simulated.invalid",
    port: 6379,
    username: "dcs_0a1b2c3d4e5f4a6b8c7d8e9f",
    keyPrefix: `dcs:${ID}:`,
    simulated: true,
  },
  usage: { usedBytes: 256 * 1024 * 1024, planBytes: GB, writesPaused: false, measuredAt: null },
  ...patch,
});

const CODES = ["CA", "CB13", "CC01", "CC0801"];
const tenant = (codes = CODES) =>
  makeUser({
    permissions: codes,
    menus: buildMenus(codes),
    routes: ["/mgt/dashboard", "/mgt/dcs", "/mgt/dcs/create", "/mgt/dcs/:id/detail"],
    certificationStatus: "authSucceed",
  });

describe("the cache instance list", () => {
  it("shows the plan, memory used, status, address and key prefix, said to be simulated", async () => {
    renderApp("/mgt/dcs", { "GET /res/dcs": () => page([cache()]) }, { user: tenant() });
    const row = await screen.findByTestId("dcs-row-sessions-cache", {}, WAIT);
    const text = row.textContent ?? "";
    expect(text).toContain("1 GB");
    expect(text).toContain("256.0 MB of 1.0 GB");
    expect(text).toContain("Available");
    expect(within(row).getByTestId("dcs-connection-sessions-cache").textContent).toContain(
      "cache.simulated.invalid:6379",
    );
    expect(text).toContain(`dcs:${ID}:`);
    expect(text).toContain("Simulated");
    expect(within(row).getByTestId("dcs-open-sessions-cache").getAttribute("href")).toBe(
      `/mgt/dcs/${ID}/detail`,
    );
  });

  it("resets the password after a confirmation and shows the new one once", async () => {
    const server = renderApp(
      "/mgt/dcs",
      {
        "GET /res/dcs": () => page([cache()]),
        [`POST /res/dcs/${ID}/password`]: () => ({
          data: { username: "dcs_0a1b2c3d4e5f4a6b8c7d8e9f", password: "Xy7kPq2mRt9sVw3zAb5cDe8f" },
        }),
      },
      { user: tenant() },
    );
    fireEvent.click(await screen.findByTestId("dcs-reset-sessions-cache", {}, WAIT));
    fireEvent.click(await screen.findByTestId("dcs-reset-sessions-cache-confirm", {}, WAIT));
    const password = await screen.findByTestId("dcs-new-password", {}, WAIT);
    expect(password.textContent).toContain("Xy7kPq2mRt9sVw3zAb5cDe8f");
    expect(screen.getByText("Copy it now: it is shown this once and cannot be read again.")).toBeTruthy();
    expect(callsTo(server, "POST", `/res/dcs/${ID}/password`)).toHaveLength(1);
  });

  it("cannot reset the password of an instance still being made", async () => {
    renderApp(
      "/mgt/dcs",
      {
        "GET /res/dcs": () =>
          page([cache({ status: "creating", statusName: "Creating", connection: null, usage: null })]),
      },
      { user: tenant() },
    );
    const reset = await screen.findByTestId("dcs-reset-sessions-cache", {}, WAIT);
    await waitFor(() => expect(reset.hasAttribute("disabled")).toBe(true));
  });
});

describe("the detail page", () => {
  it("shows the user and key prefix and says writes are paused over the plan", async () => {
    renderApp(
      `/mgt/dcs/${ID}/detail`,
      {
        [`GET /res/dcs/${ID}`]: () => ({
          data: cache({ usage: { usedBytes: 2 * GB, planBytes: GB, writesPaused: true, measuredAt: null } }),
        }),
      },
      { user: tenant() },
    );
    const detail = await screen.findByTestId("dcs-detail-page", {}, WAIT);
    expect(screen.getByTestId("dcs-detail-username").textContent).toContain("dcs_0a1b2c3d4e5f4a6b8c7d8e9f");
    expect(screen.getByTestId("dcs-detail-prefix").textContent).toContain(`dcs:${ID}:`);
    expect(screen.getByTestId("dcs-paused-sessions-cache").textContent).toBe("Writes paused: over plan");
    expect(detail.textContent).toContain("2.0 GB of 1.0 GB");
    expect(detail.textContent).toContain("no Redis server was configured");
  });
});

describe("buying", () => {
  it("offers the product's memory plans and quotes the chosen one", async () => {
    const product = {
      id: "p-dcs",
      code: "dcs-redis",
      nameZh: "分布式缓存Redis",
      nameEn: "Redis cache",
      categoryCode: "middleware",
      spec: { kind: "cache", memoryGb: [1, 2, 4, 8, 16] },
      prepaidPeriods: [1, 3, 12],
      postpaid: true,
      approvalFlow: "none",
      manualActivation: false,
    };
    const server = renderApp(
      "/mgt/dcs/create",
      {
        "GET /billing/products": () => page([product]),
        "POST /billing/inquiry/price": () => ({
          data: {
            productCode: "dcs-redis",
            dimension: "memory",
            paymentType: "prepaid",
            periodMonths: 1,
            hours: null,
            monthly: "270.00000",
            original: "270.00000",
            discount: "0.00000",
            amount: "270.00000",
            coupon: null,
            couponDeduction: "0.00000",
            payable: "270.00000",
            deduction: { sufficient: true, shortfall: "0.00000", allocations: [] },
          },
        }),
      },
      { user: tenant() },
    );
    const plans = await screen.findByTestId("dcs-create-memory", {}, WAIT);
    expect(plans.textContent).toBe("1 GB2 GB4 GB8 GB16 GB");
    fireEvent.click(within(plans).getByText("4 GB"));
    await waitFor(
      () =>
        expect(
          callsTo(server, "POST", "/billing/inquiry/price").some(
            (c) => (c.body as { spec?: { memoryGb?: number } }).spec?.memoryGb === 4,
          ),
        ).toBe(true),
      WAIT,
    );
  });
});

describe("the menu", () => {
  it("offers the cache service with CB13 only", () => {
    const paths = (codes: string[]) => buildMenus(codes).flatMap((g) => g.children?.map((c) => c.path) ?? []);
    expect(paths(CODES)).toContain("/mgt/dcs");
    expect(paths(["CA", "CB01"])).not.toContain("/mgt/dcs");
  });
});
