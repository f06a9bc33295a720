// Signing in as support (decision 0031) against a fake API: the tenant page's dialog asks for a
// reason of 5–200 characters, the console then reads as the tenant under a banner naming the tenant
// and the operator, and "End support session" signs the support session out and puts the operator's
// own session back on the tenant's page.
import type { TenantDetail } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setLanguage } from "../src/i18n";
import { session } from "../src/lib/session";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { type Handler, makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 30_000 });
resetAppBetweenTests();

const tenant: TenantDetail = {
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

const operator = makeUser({
  userSid: "op-1",
  account: "aftersales",
  realName: "Sam Support",
  permissions: ["BT"],
  routes: ["/sys/tenants", "/sys/tenants/:id"],
  currentOrg: null,
  moduleType: "sys",
  landing: "/sys/tenants",
});

const supportView = makeUser({
  userSid: "u-9",
  account: "acme",
  currentOrg: { orgSid: "org-9", orgName: "Acme Compute" },
  // A tenant whose consents are out of date: the support view must not ask the operator for them.
  policyAgreeSign: 4,
  support: { operatorAccount: "aftersales", operatorName: "Sam Support", orgName: "Acme Compute" },
  sessionExpiresAt: "2099-01-01T00:30:00Z",
});

/** The console as the stored token says: the operator's own session or the support session. */
const whoAmI: Handler = ({ headers }) => ({
  data: headers.Authorization === "Bearer support.tok" ? supportView : operator,
});

function openTenantPage() {
  const server = renderApp(
    "/sys/tenants/org-9",
    {
      "GET /users/token": whoAmI,
      "GET /ops/tenants/org-9": () => ({ data: tenant }),
      "GET /ops/tenants/org-9/users": () => page([]),
      "GET /ops/resources": () => page([]),
      "GET /ops/orders": () => page([]),
      "POST /ops/tenants/org-9/support_session": () => ({
        data: { token: "support.tok", signSecret: "sup-secret", expiresAt: "2099-01-01T00:30:00Z" },
      }),
      "POST /users/logout": () => ({ data: { ok: true } }),
      "GET /mgt/dashboard": () => ({ data: null }),
    },
    { user: operator },
  );
  session.save({ token: "operator.tok", signSecret: "op-secret" });
  return server;
}

describe("signing in as support", () => {
  it("asks for a reason of 5 to 200 characters, then marks every page and ends back on the tenant", async () => {
    const server = openTenantPage();
    fireEvent.click(await screen.findByTestId("tenant-support", {}, WAIT));
    fireEvent.change(await screen.findByTestId("tenant-support-reason", {}, WAIT), {
      target: { value: "abc" },
    });
    fireEvent.click(screen.getByTestId("tenant-support-submit"));
    expect(await screen.findByText("Enter the reason, 5 to 200 characters", {}, WAIT)).toBeTruthy();
    expect(callsTo(server, "POST", "/ops/tenants/org-9/support_session")).toEqual([]);

    fireEvent.change(screen.getByTestId("tenant-support-reason"), {
      target: { value: "  Ticket 42: bill missing  " },
    });
    fireEvent.click(screen.getByTestId("tenant-support-submit"));
    const banner = await screen.findByTestId("support-banner", {}, WAIT);
    expect(callsTo(server, "POST", "/ops/tenants/org-9/support_session")[0]?.body).toEqual({
      reason: "Ticket 42: bill missing",
    });
    expect(banner.textContent).toContain(
      "Support view of Acme Compute — read only, signed in by Sam Support (aftersales)",
    );
    // The tenant's names are people's data, marked for the language check.
    expect(banner.querySelector("[data-user-data]")?.textContent).toBe("Acme Compute");
    expect(session.token()).toBe("support.tok");
    expect(screen.queryByText("User agreement and privacy statement")).toBeNull();

    fireEvent.click(screen.getByTestId("support-end"));
    await waitFor(() => expect(window.location.pathname).toBe("/sys/tenants/org-9"), WAIT);
    const logouts = callsTo(server, "POST", "/users/logout");
    expect(logouts.map((c) => c.headers.Authorization)).toEqual(["Bearer support.tok"]);
    expect(session.token()).toBe("operator.tok");
    expect(await screen.findByTestId("tenant-support", {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId("support-banner")).toBeNull();
  });

  it("shows the banner in Chinese too", async () => {
    await setLanguage("zh-CN");
    try {
      renderApp("/mgt/dashboard", { "GET /mgt/dashboard": () => ({ data: null }) }, { user: supportView });
      const banner = await screen.findByTestId("support-banner", {}, WAIT);
      expect(banner.textContent).toContain(
        "Acme Compute 的客服视图 — 只读，由 Sam Support (aftersales) 登录",
      );
      expect(screen.getByTestId("support-end").textContent).toContain("结束客服会话");
    } finally {
      await setLanguage("en-US");
    }
  });

  it("is not offered to a billing administrator without BT", async () => {
    renderApp(
      "/sys/tenants/org-9",
      {
        "GET /ops/tenants/org-9": () => ({ data: tenant }),
        "GET /ops/tenants/org-9/users": () => page([]),
      },
      { user: { ...operator, permissions: ["BI"] } },
    );
    expect(await screen.findByTestId("tenant-freeze", {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId("tenant-support")).toBeNull();
  });
});
