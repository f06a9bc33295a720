// Issue 19 §1 in the browser, in English and in Chinese: the platform administrator's operator
// accounts page lists operators with their roles, creates one with roles (its temporary password
// shown once), and shows the server's refusal of disabling the last platform administrator.
import { buildMenus, type Locale, type OperatorRow } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../src/i18n";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 30_000 });

const admin = makeUser({
  account: "admin",
  currentOrg: null,
  roleType: "platformAdmin",
  moduleType: "sys",
  permissions: ["BA04", "BA12"],
  menus: buildMenus(["BA04", "BA12"], "platform"),
  routes: ["/sys/users", "/sys/operators"],
});

const adminRow: OperatorRow = {
  userSid: "00000000-0000-4000-8000-000000000101",
  account: "admin",
  realName: "Admin",
  email: "admin@skyledger.local",
  mobile: "13800000001",
  roles: ["platformAdmin"],
  status: "enabled",
  mustChangePassword: false,
  createdAt: "2026-01-01T00:00:00Z",
  lastLoginTime: null,
};

const TEXTS: Record<Locale, { menu: string; role: string; refusal: string; rolesRequired: string }> = {
  "en-US": {
    menu: "Operator accounts",
    rolesRequired: "Choose at least one role",
    role: "Platform administrator",
    refusal: "This is the last enabled platform administrator",
  },
  "zh-CN": {
    menu: "运营账号",
    role: "平台管理员",
    refusal: "这是最后一个启用的平台管理员账号",
    rolesRequired: "请至少选择一个角色",
  },
};

async function confirmPopup() {
  const ok = await waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>(".ant-popconfirm .ant-btn-primary");
    if (!button) throw new Error("no pop-confirm yet");
    return button;
  }, WAIT);
  fireEvent.click(ok);
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

resetAppBetweenTests();
afterAll(() => setLanguage("en-US"));

for (const locale of ["en-US", "zh-CN"] as const) {
  const text = TEXTS[locale];
  describe(`the operator accounts page (${locale})`, () => {
    it("lists operators with their roles and creates one, showing the temporary password once", async () => {
      await setLanguage(locale);
      const server = renderApp(
        "/sys/operators",
        {
          "GET /ops/operators": () => page([adminRow]),
          "POST /ops/operators": () => ({ data: { userSid: "u-new", password: "Tmp#pass2x" } }),
        },
        { user: admin },
      );
      expect((await screen.findByTestId("menu-item-sys-operators", {}, WAIT)).textContent).toBe(text.menu);
      expect(await screen.findByText(text.role, {}, WAIT)).toBeTruthy();

      fireEvent.click(screen.getByTestId("operators-create"));
      await screen.findByTestId("operator-account", {}, WAIT);
      // Without a role nothing is sent.
      type("operator-account", "billing01");
      type("operator-real-name", "Qian");
      type("operator-email", "billing01@ops.example");
      type("operator-mobile", "13900001111");
      fireEvent.click(screen.getByTestId("operator-create-submit"));
      expect(await screen.findByText(text.rolesRequired, {}, WAIT)).toBeTruthy();
      expect(callsTo(server, "POST", "/ops/operators")).toHaveLength(0);

      const role = screen.getByTestId("operator-role-billingAdmin").closest("label")!.querySelector("input")!;
      fireEvent.click(role);
      fireEvent.click(screen.getByTestId("operator-create-submit"));
      await waitFor(() => expect(callsTo(server, "POST", "/ops/operators")).toHaveLength(1), WAIT);
      expect(callsTo(server, "POST", "/ops/operators")[0]!.body).toEqual({
        account: "billing01",
        realName: "Qian",
        email: "billing01@ops.example",
        mobile: "13900001111",
        roles: ["billingAdmin"],
      });
      expect((await screen.findByTestId("user-password-value", {}, WAIT)).textContent).toBe("Tmp#pass2x");
    });

    it("shows the refusal of disabling the last platform administrator", async () => {
      await setLanguage(locale);
      const refusal =
        locale === "zh-CN"
          ? "这是最后一个启用的平台管理员账号，不能禁用或取消其平台管理员角色；请先为另一名运营人员授予平台管理员角色"
          : "This is the last enabled platform administrator: it cannot be disabled or lose the platform administrator role. Give another operator that role first";
      const server = renderApp(
        "/sys/operators",
        {
          "GET /ops/operators": () => page([adminRow]),
          [`POST /ops/operators/${adminRow.userSid}/disable`]: () => ({
            status: 400,
            code: 29750,
            message: refusal,
          }),
        },
        { user: admin },
      );
      fireEvent.click(await screen.findByTestId("operator-toggle-admin", {}, WAIT));
      await confirmPopup();
      await waitFor(
        () => expect(callsTo(server, "POST", `/ops/operators/${adminRow.userSid}/disable`)).toHaveLength(1),
        WAIT,
      );
      expect((await screen.findByText(new RegExp(`^${text.refusal}`), {}, WAIT)).textContent).toBe(refusal);
    });
  });
}
