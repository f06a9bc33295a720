// Operators' tenant management against a fake API: the freeze dialog needs a reason; a frozen
// tenant sees the banner on every page.
import type { TenantDetail, TenantRow } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 30_000 });

const operator = makeUser({
  account: "billing",
  permissions: ["BI"],
  routes: ["/sys/tenants", "/sys/tenants/:id"],
  menus: [{ key: "/sys/tenants", labelKey: "menu.tenants", path: "/sys/tenants" }],
  currentOrg: null,
});

const row: TenantRow = {
  orgId: "org-9",
  name: "Acme Compute",
  account: "acme",
  mobile: "13900000009",
  email: "ops@acme.example",
  certificationStatus: "authSucceed",
  frozen: false,
  balance: "120.00000",
  arrears: "0.00000",
  creditLimit: "500.00000",
  createdAt: "2026-11-01T08:00:00.000Z",
};

const detail: TenantDetail = {
  ...row,
  mainUserSid: "u-9",
  realName: "Ann Lee",
  industry: null,
  address: "Shanghai",
  phone: null,
  authType: null,
  authRemark: null,
  freezeReason: null,
  frozenAt: null,
};

resetAppBetweenTests();

describe("freezing a tenant", () => {
  it("needs a reason before sending, then sends it and shows the tenant frozen", async () => {
    const server = renderApp(
      "/sys/tenants/org-9",
      {
        "GET /ops/tenants/org-9": () => ({ data: detail }),
        "GET /ops/tenants/org-9/users": () => page([]),
        "GET /ops/orgs/org-9/account": () => ({ data: null }),
        "POST /ops/tenants/org-9/freeze": ({ body }) => ({
          data: {
            ...detail,
            frozen: true,
            freezeReason: (body as { reason: string }).reason,
            frozenAt: "2026-11-29T06:00:00.000Z",
          },
        }),
      },
      { user: operator },
    );
    fireEvent.click(await screen.findByTestId("tenant-freeze", {}, WAIT));
    fireEvent.change(await screen.findByTestId("tenant-freeze-reason", {}, WAIT), {
      target: { value: "  " },
    });
    fireEvent.click(screen.getByTestId("tenant-freeze-submit"));
    expect(await screen.findByText("Enter the reason", {}, WAIT)).toBeTruthy();
    expect(callsTo(server, "POST", "/ops/tenants/org-9/freeze")).toEqual([]);

    fireEvent.change(screen.getByTestId("tenant-freeze-reason"), { target: { value: "Contract overdue" } });
    fireEvent.click(screen.getByTestId("tenant-freeze-submit"));
    await waitFor(() => expect(callsTo(server, "POST", "/ops/tenants/org-9/freeze")).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", "/ops/tenants/org-9/freeze")[0]!.body).toEqual({
      reason: "Contract overdue",
    });
    expect((await screen.findByTestId("tenant-frozen-note", {}, WAIT)).textContent).toContain(
      "Contract overdue",
    );
    expect(screen.getByTestId("tenant-freeze").textContent).toBe("Unfreeze account");
  });
});

describe("the frozen banner", () => {
  const tenant = makeUser({ permissions: ["CA", "CC07"], routes: ["/mgt/dashboard", "/mgt/deals"] });

  it("shows on a page other than the overview when the account is frozen", async () => {
    renderApp(
      "/mgt/deals",
      {
        "GET /users/isFreeze": () => ({ data: { freezeStatus: true } }),
        "GET /account_deals": () => page([]),
      },
      { user: tenant },
    );
    expect((await screen.findByTestId("frozen-alert", {}, WAIT)).textContent).toContain(
      "frozen by the platform",
    );
  });

  it("does not show for an account that is not frozen", async () => {
    const server = renderApp("/mgt/deals", { "GET /account_deals": () => page([]) }, { user: tenant });
    await waitFor(() => expect(callsTo(server, "GET", "/users/isFreeze")).toHaveLength(1), WAIT);
    expect(screen.queryByTestId("frozen-alert")).toBeNull();
  });
});
