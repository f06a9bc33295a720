// Issue 13 §4 in the browser, in English and in Chinese: the simulator's fault switches live on an
// operator page of their own (/sys/simulator, its own menu entry), labelled as the simulator and with
// nothing prefilled; the order approval page has none of them.
import { buildMenus, type Locale } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../src/i18n";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });

const operator = makeUser({
  account: "ops",
  currentOrg: null,
  roleType: "platformAdmin",
  moduleType: "sys",
  permissions: ["BA07"],
  menus: buildMenus(["BA07"], "platform"),
  routes: ["/sys/overview", "/sys/approvals", "/sys/simulator", "/sys/orders/:id"],
});

const TEXTS: Record<Locale, { menu: string; notice: string; notInUse: string }> = {
  "en-US": {
    menu: "Simulator",
    notice: "Simulator provider — not a real cloud",
    notInUse: "This installation does not run the simulator provider: there is nothing to switch here.",
  },
  "zh-CN": {
    menu: "模拟器",
    notice: "模拟器供应商——并非真实云平台",
    notInUse: "本系统未使用模拟器供应商，这里没有可设置的内容。",
  },
};

resetAppBetweenTests();
afterAll(() => setLanguage("en-US"));

for (const locale of ["en-US", "zh-CN"] as const) {
  const text = TEXTS[locale];
  describe(`the simulator page (${locale})`, () => {
    it("is labelled as the simulator, has its own menu entry, and arms a fault written by the operator", async () => {
      await setLanguage(locale);
      let armed: unknown = null;
      const server = renderApp(
        "/sys/simulator",
        {
          "GET /ops/simulator/faults": () => ({
            data: armed ? [{ ...(armed as object), remaining: 2 }] : [],
          }),
          "POST /ops/simulator/faults": ({ body }) => {
            armed = body;
            return { data: [{ ...(body as object), remaining: 2 }] };
          },
        },
        { user: operator },
      );
      expect((await screen.findByTestId("simulator-notice", {}, WAIT)).textContent).toContain(text.notice);
      const entry = screen.getByTestId("menu-item-sys-simulator");
      expect(entry.textContent).toBe(text.menu);
      expect(entry.getAttribute("href")).toBe("/sys/simulator");
      const message = (await screen.findByTestId("fault-message", {}, WAIT)) as HTMLInputElement;
      // Nothing is prefilled: a fault is armed on purpose, with the operator's own words.
      expect(message.value).toBe("");
      fireEvent.click(screen.getByTestId("fault-arm"));
      await waitFor(() => expect(screen.getAllByRole("alert").length).toBeGreaterThan(0), WAIT);
      expect(callsTo(server, "POST", "/ops/simulator/faults")).toHaveLength(0);
      fireEvent.change(screen.getByTestId("fault-count"), { target: { value: "2" } });
      fireEvent.change(message, { target: { value: "no capacity left" } });
      fireEvent.click(screen.getByTestId("fault-arm"));
      await waitFor(() => expect(callsTo(server, "POST", "/ops/simulator/faults")).toHaveLength(1), WAIT);
      expect(armed).toEqual({ operation: "create", count: 2, message: "no capacity left" });
      expect((await screen.findByTestId("fault-armed-create", {}, WAIT)).textContent).toContain(
        "no capacity left",
      );
    });

    it("says so when the simulator is not in use", async () => {
      await setLanguage(locale);
      renderApp(
        "/sys/simulator",
        {
          "GET /ops/simulator/faults": () => ({ status: 404, code: 404, message: "Not Found" }),
        },
        { user: operator },
      );
      expect((await screen.findByTestId("simulator-absent", {}, WAIT)).textContent).toContain(text.notInUse);
      expect(screen.queryByTestId("fault-message")).toBeNull();
    });

    it("leaves the order approval page without fault switches", async () => {
      await setLanguage(locale);
      const server = renderApp(
        "/sys/approvals",
        { "GET /audit/approval": () => page([]) },
        { user: operator },
      );
      await screen.findByTestId("approvals-table", {}, WAIT);
      expect(screen.queryByTestId("simulator-faults")).toBeNull();
      expect(screen.queryByTestId("fault-message")).toBeNull();
      expect(callsTo(server, "GET", "/ops/simulator/faults")).toHaveLength(0);
      expect(within(screen.getByTestId("console-menu")).getByTestId("menu-item-sys-simulator")).toBeTruthy();
    });
  });
}
