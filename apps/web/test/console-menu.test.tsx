// The left menu keeps the groups a user opened when the side bar collapses and widens again — by
// hand or because the window narrowed past the breakpoint for a moment — as antd's own menu would.
import type { MenuItem } from "@skyledger/contracts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ConsoleMenu } from "../src/app/console/console-menu";
import { i18n, loadTexts, setLanguage } from "../src/i18n";

const menus: MenuItem[] = [
  { key: "/mgt/dashboard", labelKey: "menu.overview", path: "/mgt/dashboard" },
  {
    key: "operations",
    labelKey: "menu.group.operations",
    children: [{ key: "/sys/config", labelKey: "menu.sysConfig", path: "/sys/config" }],
  },
];

const menuAt = (collapsed: boolean, path = "/mgt/dashboard") => (
  <I18nextProvider i18n={i18n}>
    <MemoryRouter initialEntries={[path]}>
      <ConsoleMenu menus={menus} collapsed={collapsed} />
    </MemoryRouter>
  </I18nextProvider>
);

const groupTitle = () => screen.getByText("Operations");

const groupIsOpen = () => groupTitle().closest("li")?.classList.contains("ant-menu-submenu-open") ?? false;

beforeAll(async () => {
  await loadTexts();
  await setLanguage("en-US");
});
afterEach(cleanup);

describe("console menu", () => {
  it("opens the group of the current page's entry at first, and no other", () => {
    render(menuAt(false));
    expect(groupIsOpen()).toBe(false);
    cleanup();
    render(menuAt(false, "/sys/config"));
    expect(groupIsOpen()).toBe(true);
  });

  it("reopens the groups the user had open when the collapsed side bar widens again", () => {
    const view = render(menuAt(false));
    fireEvent.click(groupTitle());
    expect(groupIsOpen()).toBe(true);
    view.rerender(menuAt(true));
    expect(groupIsOpen()).toBe(false);
    view.rerender(menuAt(false));
    expect(groupIsOpen()).toBe(true);
    expect(screen.getByTestId("menu-item-sys-config").getAttribute("href")).toBe("/sys/config");
  });

  it("keeps a group the user closed closed", () => {
    const view = render(menuAt(false));
    fireEvent.click(groupTitle());
    fireEvent.click(groupTitle());
    expect(groupIsOpen()).toBe(false);
    view.rerender(menuAt(true));
    view.rerender(menuAt(false));
    expect(groupIsOpen()).toBe(false);
  });
});
