// A fake API for component tests: routes "METHOD /path" to handlers and records every call.
import type { CurrentUser } from "@skyledger/contracts";
import { vi } from "vitest";

export type Handler = (call: {
  body: unknown;
  query: URLSearchParams;
  headers: Record<string, string>;
}) => { status?: number; code?: number; message?: string; data?: unknown } | undefined;

export type RecordedCall = { method: string; path: string; body: unknown; headers: Record<string, string> };

export const accountOverview = {
  orgId: "org-1",
  balance: "1200.50000",
  creditLimit: "500.00000",
  creditUsed: "0.00000",
  availableCredit: "500.00000",
  arrears: "0.00000",
  deductionVoucherBalance: "0.00000",
  topupVoucherBalance: "50.00000",
  availableToSpend: "1750.50000",
};

export const moneyLimits = {
  topup: "1000000.00000",
  manualRecharge: "10000000.00000",
  adjustment: "1000000.00000",
  voucherFaceValue: "100000.00000",
  creditLimit: "1000000.00000",
  couponValue: "100000.00000",
  approvalThreshold: null,
};

const DEFAULT_ROUTES: Record<string, Handler> = {
  "GET /users/isFreeze": () => ({ data: { freezeStatus: false } }),
  "GET /billing_account": () => ({ data: accountOverview }),
  "GET /money_limits": () => ({ data: moneyLimits }),
  // The console's banner reads the maintenance state on every page.
  "GET /maintenance": () => ({ data: { mode: "off", messageZh: "", messageEn: "", endsAt: null } }),
};

export function fakeServer(custom: Record<string, Handler>) {
  const routes = { ...DEFAULT_ROUTES, ...custom };
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const headers = { ...(init.headers as Record<string, string>) };
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const path = url.pathname.replace(/^\/api/, "");
    calls.push({ method, path, body, headers });
    const handler = routes[`${method} ${path}`];
    const reply = handler?.({ body, query: url.searchParams, headers }) ?? {
      status: 404,
      code: 404,
      message: "Not Found",
    };
    const status = reply.status ?? 200;
    return new Response(
      JSON.stringify({ code: reply.code ?? status, message: reply.message ?? "", data: reply.data ?? null }),
      { status, headers: { "content-type": "application/json" } },
    );
  });
  return { fetch, calls, routes };
}

export const publicConfig = {
  configs: [
    { configKey: "system.name", configValue: "Skyledger Test Cloud", configType: "system" },
    { configKey: "system.contact.number", configValue: "400-000-0000", configType: "system" },
    { configKey: "register.enable", configValue: "true", configType: "register" },
    { configKey: "captcha.open", configValue: "false", configType: "register" },
  ],
  agreementVersion: 1,
  privacyVersion: 1,
};

export function makeUser(patch: Partial<CurrentUser> = {}): CurrentUser {
  return {
    userSid: "u-1",
    account: "alice",
    industryName: null,
    realName: "Alice Zhang",
    sexName: null,
    mobile: "13800000000",
    parentSid: null,
    email: "alice@example.com",
    lastLoginIp: "10.0.0.8",
    lastLoginTime: "2025-01-02T03:04:05Z",
    roleName: "Tenant administrator",
    roleType: "tenant",
    moduleType: "console",
    billingAdmin: false,
    limitDate: null,
    pwdEndTime: null,
    openId: null,
    wechatName: null,
    avatarUrl: null,
    certificationStatus: "noAuth",
    authentStatus: "noAuth",
    remark: null,
    type: null,
    maxDataScope: "tenant",
    projectId: null,
    permissions: ["CA"],
    menus: [{ key: "/mgt/dashboard", labelKey: "menu.overview", path: "/mgt/dashboard" }],
    routes: ["/mgt/dashboard"],
    currentOrg: { orgSid: "org-1", orgName: "Acme AI Lab" },
    freezeStatus: false,
    loginNotFirstFlag: true,
    policyAgreeSign: 1,
    landing: "/mgt/dashboard",
    sessionExpiresAt: "2099-01-01T00:00:00Z",
    support: null,
    ...patch,
  };
}
