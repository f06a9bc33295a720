// The left menu keeps the groups a user opened when the side bar collapses and widens again — by
// hand or because the window narrowed past the breakpoint for a moment — as antd's own menu would;
// a group of one page is shown as that page, and every label can be read whole (issue 13 §6).
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
    children: [
      { key: "/sys/config", labelKey: "menu.sysConfig", path: "/sys/config" },
      { key: "/sys/outbox", labelKey: "menu.outbox", path: "/sys/outbox" },
    ],
  },
];

const menuAt = (collapsed: boolean, path = "/mgt/dashboard", items = menus) => (
  <I18nextProvider i18n={i18n}>
    <MemoryRouter initialEntries={[path]}>
      <ConsoleMenu menus={items} collapsed={collapsed} />
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

  it("shows a group of one page as that page, with the group's icon", () => {
    const quota: MenuItem[] = [
      ...menus,
      {
        key: "quota",
        labelKey: "menu.group.quota",
        children: [{ key: "/mgt/quota", labelKey: "menu.quota", path: "/mgt/quota" }],
      },
    ];
    render(menuAt(false, "/mgt/quota", quota));
    const entry = screen.getByTestId("menu-item-mgt-quota");
    // A top-level entry, lit as the current page, not a group to open first.
    const item = entry.closest("li")!;
    expect(item.classList.contains("ant-menu-item")).toBe(true);
    expect(item.parentElement?.closest("li")).toBeNull();
    expect(item.classList.contains("ant-menu-item-selected")).toBe(true);
    expect(item.querySelector(".anticon-pie-chart")).not.toBeNull();
    expect(screen.queryByText("My quota", { selector: ".ant-menu-submenu-title *" })).toBeNull();
  });

  it("gives every label its whole text as a tooltip, should the side bar cut it", () => {
    render(menuAt(false, "/sys/config"));
    expect(screen.getByTestId("menu-item-sys-config").getAttribute("title")).toBe("System configuration");
    expect(groupTitle().getAttribute("title")).toBe("Operations");
  });
});
