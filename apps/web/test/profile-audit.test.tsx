// The profile page (e-mail, phone, real name, access keys), the e-mail confirmation page and the
// audit log pages against a fake API.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type AccessKeyCreated,
  type AccessKeyRow,
  AUDIT_ACTIONS,
  AUDIT_CATEGORIES,
  type AuditLogRow,
  auditActionKey,
  type ProfileDetails,
} from "@skyledger/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { queryClient } from "../src/app/query-client";
import { secretCsv } from "../src/features/access-keys/access-keys-api";
import { renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { type Handler, makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });

const start = (path: string, routes: Record<string, Handler>, signedIn = true) =>
  renderApp(path, routes, { signedIn });

async function confirmPopup() {
  const ok = await waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>(".ant-popconfirm .ant-btn-primary");
    if (!button) throw new Error("no pop-confirm yet");
    return button;
  }, WAIT);
  fireEvent.click(ok);
}

const details: ProfileDetails = {
  realName: "Alice Zhang",
  realNameLocked: false,
  email: "alice@example.com",
  pendingEmail: null,
  mobile: "13800000000",
  mobileVerified: true,
};

const keyRow = (id: string, status: AccessKeyRow["status"] = "enabled"): AccessKeyRow => ({
  accessKeyId: id,
  description: "CI",
  status,
  createdAt: "2026-11-01T00:00:00Z",
  lastUsedAt: null,
  lastUsedIp: null,
});

resetAppBetweenTests();

beforeAll(() => {
  if (!URL.createObjectURL) URL.createObjectURL = () => "blob:download";
  if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};
});

describe("profile", () => {
  const base = (user = makeUser({ permissions: ["CA", "CH06"] })): Record<string, Handler> => ({
    "GET /users/token": () => ({ data: user }),
    "GET /users/2FA/state/0": () => ({ data: { enabled: true } }),
    "GET /users/profile": () => ({ data: details }),
    "GET /users/accesskey": () => ({ data: { list: [], total: 0, pageNum: 1, pageSize: 50 } }),
  });

  it("asks for an e-mail change and shows the pending address", async () => {
    let pending: ProfileDetails["pendingEmail"] = null;
    const server = start("/info", {
      ...base(),
      "GET /users/profile": () => ({ data: { ...details, pendingEmail: pending } }),
      "POST /users/email/change": ({ body }) => {
        pending = { email: (body as { email: string }).email, expiresAt: "2026-11-23T02:00:00Z" };
        return { data: pending };
      },
    });
    const input = await screen.findByTestId("profile-email-new", {}, WAIT);
    fireEvent.change(input, { target: { value: "not-an-address" } });
    fireEvent.click(screen.getByTestId("profile-email-submit"));
    expect(await screen.findByText("The e-mail format is invalid", {}, WAIT)).toBeTruthy();
    expect(server.calls.some((c) => c.path === "/users/email/change")).toBe(false);

    fireEvent.change(input, { target: { value: "new@example.com" } });
    fireEvent.click(screen.getByTestId("profile-email-submit"));
    const alert = await screen.findByTestId("profile-email-pending", {}, WAIT);
    expect(alert.textContent).toContain("new@example.com");
    expect(server.calls.find((c) => c.path === "/users/email/change")?.body).toEqual({
      email: "new@example.com",
    });
  });

  it("sends a code to the new phone number, then changes it", async () => {
    const server = start("/info", {
      ...base(),
      "POST /users/mobile/send_code": () => ({ data: { resendAfterSeconds: 59, expiresInSeconds: 300 } }),
      "PUT /users/mobile": () => ({ data: { ok: true } }),
    });
    fireEvent.change(await screen.findByTestId("profile-mobile-new", {}, WAIT), {
      target: { value: "13912345678" },
    });
    fireEvent.click(screen.getByTestId("profile-mobile-send"));
    await waitFor(
      () => expect(screen.getByTestId("profile-mobile-send").textContent).toMatch(/Resend in 5\d s/),
      WAIT,
    );
    fireEvent.change(screen.getByTestId("profile-mobile-code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByTestId("profile-mobile-submit"));
    await waitFor(() => expect(server.calls.some((c) => c.path === "/users/mobile")).toBe(true), WAIT);
    expect(server.calls.find((c) => c.path === "/users/mobile/send_code")?.body).toEqual({
      mobile: "13912345678",
    });
    expect(server.calls.find((c) => c.path === "/users/mobile")?.body).toEqual({
      mobile: "13912345678",
      smsCode: "123456",
    });
  });

  it("shows an unconfirmed phone and confirms it with the code sent to it", async () => {
    let verified = false;
    const server = start("/info", {
      ...base(),
      "GET /users/profile": () => ({ data: { ...details, mobileVerified: verified } }),
      "POST /users/mobile/verify/send_code": () => ({
        data: { resendAfterSeconds: 59, expiresInSeconds: 300 },
      }),
      "POST /users/mobile/verify": () => {
        verified = true;
        return { data: { ok: true } };
      },
    });
    const alert = await screen.findByTestId("profile-mobile-unverified", {}, WAIT);
    expect(alert.textContent).toContain("Not verified");
    expect(alert.textContent).toContain("cannot use it");
    fireEvent.click(within(alert).getByTestId("profile-mobile-verify-send"));
    await waitFor(
      () => expect(screen.getByTestId("profile-mobile-verify-send").textContent).toMatch(/Resend in 5\d s/),
      WAIT,
    );
    fireEvent.change(screen.getByTestId("profile-mobile-verify-code"), { target: { value: "12" } });
    fireEvent.click(screen.getByTestId("profile-mobile-verify-submit"));
    await screen.findByText("The verification code has 6 digits", {}, WAIT);
    expect(server.calls.some((c) => c.path === "/users/mobile/verify")).toBe(false);
    fireEvent.change(screen.getByTestId("profile-mobile-verify-code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByTestId("profile-mobile-verify-submit"));
    await screen.findByTestId("profile-mobile-verified", {}, WAIT);
    expect(screen.queryByTestId("profile-mobile-unverified")).toBeNull();
    expect(server.calls.find((c) => c.path === "/users/mobile/verify")?.body).toEqual({ smsCode: "123456" });
  });

  it("saves the real name, and shows it read-only once verified", async () => {
    const server = start("/info", { ...base(), "PUT /users/profile": () => ({ data: details }) });
    const input = await screen.findByTestId("profile-realname", {}, WAIT);
    fireEvent.change(input, { target: { value: "王小明" } });
    fireEvent.click(screen.getByTestId("profile-realname-submit"));
    await waitFor(
      () =>
        expect(server.calls.find((c) => c.path === "/users/profile" && c.method === "PUT")?.body).toEqual({
          realName: "王小明",
        }),
      WAIT,
    );
    cleanup();
    queryClient.clear();
    start("/info", {
      ...base(),
      "GET /users/profile": () => ({ data: { ...details, realNameLocked: true } }),
    });
    expect(await screen.findByText(/the real name is the verified one/, {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId("profile-realname")).toBeNull();
  });

  it("creates an access key and shows its secret once, with a CSV to download", async () => {
    const created: AccessKeyCreated = { ...keyRow("SKAKABCDEFGHIJ123456"), secretAccessKey: "s".repeat(40) };
    let keys: AccessKeyRow[] = [];
    const server = start("/info", {
      ...base(),
      "GET /users/accesskey": () => ({ data: { list: keys, total: keys.length, pageNum: 1, pageSize: 50 } }),
      "POST /users/accesskey": () => {
        keys = [keyRow(created.accessKeyId)];
        return { data: created };
      },
      "POST /users/accesskey/SKAKABCDEFGHIJ123456/disable": () => {
        keys = [keyRow(created.accessKeyId, "disabled")];
        return { data: keys[0] };
      },
    });
    fireEvent.click(await screen.findByTestId("accesskey-create", {}, WAIT));
    fireEvent.change(await screen.findByTestId("accesskey-description", {}, WAIT), {
      target: { value: "CI" },
    });
    fireEvent.click(screen.getByTestId("accesskey-create-submit"));
    const secret = await screen.findByTestId("accesskey-secret", {}, WAIT);
    expect(within(secret).getByTestId("accesskey-secret-id").textContent).toContain(created.accessKeyId);
    expect(within(secret).getByTestId("accesskey-secret-value").textContent).toContain(
      created.secretAccessKey,
    );
    expect(server.calls.find((c) => c.path === "/users/accesskey" && c.method === "POST")?.body).toEqual({
      description: "CI",
    });
    fireEvent.click(screen.getByTestId("accesskey-secret-close"));
    await waitFor(() => expect(screen.queryByTestId("accesskey-secret")).toBeNull(), WAIT);

    // The list shows the key, never the secret; disabling asks first.
    const row = await screen.findByTestId(`accesskey-row-${created.accessKeyId}`, {}, WAIT);
    expect(document.body.textContent).not.toContain(created.secretAccessKey);
    fireEvent.click(within(row).getByTestId("accesskey-disable"));
    await confirmPopup();
    await waitFor(
      () =>
        expect(screen.getByTestId(`accesskey-row-${created.accessKeyId}`).getAttribute("data-status")).toBe(
          "disabled",
        ),
      WAIT,
    );
  });

  it("builds the secret CSV in the browser", () => {
    expect(secretCsv({ accessKeyId: "SKAKABCDEFGHIJ123456", secretAccessKey: "abc" })).toBe(
      "AccessKeyId,SecretAccessKey\r\nSKAKABCDEFGHIJ123456,abc\r\n",
    );
  });

  it("explains that access keys need the permission", async () => {
    const server = start("/info", base(makeUser({ permissions: ["CA"] })));
    expect(await screen.findByTestId("accesskey-no-permission", {}, WAIT)).toBeTruthy();
    expect(server.calls.some((c) => c.path === "/users/accesskey")).toBe(false);
  });
});

describe("/edit/email", () => {
  it("confirms the token once and shows the new address", async () => {
    const server = start(
      "/edit/email?token=abcdefghijklmnop",
      { "POST /users/email/confirm": () => ({ data: { email: "new@example.com" } }) },
      false,
    );
    const result = await screen.findByTestId("edit-email-result", {}, WAIT);
    await waitFor(() => expect(result.getAttribute("data-status")).toBe("success"), WAIT);
    expect(result.textContent).toContain("new@example.com");
    const calls = server.calls.filter((c) => c.path === "/users/email/confirm");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ token: "abcdefghijklmnop" });
  });

  it("says when the link is wrong or expired", async () => {
    start(
      "/edit/email?token=abcdefghijklmnop",
      {
        "POST /users/email/confirm": () => ({
          status: 400,
          code: 20004,
          message: "The verification address is wrong or has expired",
        }),
      },
      false,
    );
    const result = await screen.findByTestId("edit-email-result", {}, WAIT);
    await waitFor(() => expect(result.getAttribute("data-status")).toBe("invalid"), WAIT);
    expect(result.textContent).toContain("The verification address is wrong or has expired");
  });
});

describe("audit log", () => {
  const row = (id: string, action: string): AuditLogRow => ({
    id,
    at: "2026-11-22T02:00:00Z",
    actorId: "u-1",
    actorAccount: "alice",
    actorName: "Alice Zhang",
    orgId: "org-1",
    orgName: "Acme AI Lab",
    action,
    target: "u-2",
    targetAccount: "bob",
    targetName: null,
    ip: "10.0.0.8",
    detail: { failures: 1 },
  });

  it("shows translated actions, falls back to the raw string and filters by action", async () => {
    const user = makeUser({
      permissions: ["CA", "CH07"],
      routes: ["/mgt/dashboard", "/mgt/audit"],
    });
    const asked: (string | null)[] = [];
    start("/mgt/audit", {
      "GET /users/token": () => ({ data: user }),
      "GET /audit_logs": ({ query }) => {
        asked.push(query.get("action"));
        return {
          data: {
            list: query.get("action")
              ? [row("1", "login.failed")]
              : [row("1", "login.failed"), row("2", "brand.new")],
            total: 2,
            pageNum: 1,
            pageSize: 20,
          },
        };
      },
    });
    const table = await screen.findByTestId("audit-table", {}, WAIT);
    await waitFor(() => expect(table.textContent).toContain("Failed login"), WAIT);
    expect(table.textContent).toContain("brand.new");
    expect(table.textContent).toContain("bob");
    expect(table.textContent).toContain("10.0.0.8");

    const select = screen.getByTestId("audit-filter-action");
    fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
    fireEvent.click(await screen.findByTitle("Failed login", {}, WAIT));
    fireEvent.click(screen.getByTestId("audit-filter-search"));
    await waitFor(() => expect(asked).toContain("login.failed"), WAIT);
    expect(asked[0]).toBeNull();
  });

  it("labels every recorded action and category in both languages", () => {
    for (const locale of ["en-US", "zh-CN"]) {
      const audit = JSON.parse(
        readFileSync(join(import.meta.dirname, `../src/i18n/${locale}/audit.json`), "utf8"),
      );
      for (const action of AUDIT_ACTIONS) {
        const key = auditActionKey(action).replace(/^audit\.action\./, "");
        expect(audit.action[key], `${locale} ${action}`).toEqual(expect.any(String));
      }
      for (const category of AUDIT_CATEGORIES) {
        expect(audit.category[category], `${locale} category ${category}`).toEqual(expect.any(String));
      }
    }
  });
});
