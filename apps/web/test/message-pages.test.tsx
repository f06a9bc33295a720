// The message centre and announcements (issue 17 item 4) against a fake API: the header's badge
// counts the unread messages and links to the centre; the centre lists them with their type,
// reads all and deletes only with CF01; opening one shows its body; the operators' form refuses a
// missing title and content before sending and sends the announcement.
import { buildMenus, type MessageRecord } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();

const ID = "5b0c3c2e-0d5e-4f7a-8d1a-6c2b9e0f1a11";
const record = (patch: Partial<MessageRecord> = {}): MessageRecord => ({
  id: ID,
  type: "announcement",
  title: "Storage maintenance tonight",
  createdAt: "2026-11-29T01:00:00.000Z",
  readAt: null,
  ...patch,
});

const tenantUser = (codes: string[]) =>
  makeUser({
    permissions: codes,
    menus: buildMenus(codes),
    routes: ["/mgt/dashboard", "/mgt/msgs", "/mgt/msgs/:id"],
    certificationStatus: "authSucceed",
  });

describe("the message centre", () => {
  it("shows the unread badge, lists messages by type and reads all", async () => {
    const server = renderApp(
      "/mgt/msgs",
      {
        "GET /messages/unread": () => ({ data: { unread: 3 } }),
        "GET /messages": () => page([record()]),
        "POST /messages/read-all": () => ({ data: { unread: 0 } }),
      },
      { user: tenantUser(["CA", "CF"]) },
    );
    const row = await screen.findByTestId(`message-row-${ID}`, {}, WAIT);
    expect(row.textContent).toContain("Storage maintenance tonight");
    expect(row.textContent).toContain("Announcements");
    expect(row.textContent).toContain("Unread");
    expect(within(row).getByTestId("message-open").getAttribute("href")).toBe(`/mgt/msgs/${ID}`);
    const bell = await screen.findByTestId("message-bell", {}, WAIT);
    expect(bell.getAttribute("href")).toBe("/mgt/msgs");
    await waitFor(
      () => expect(screen.getByTestId("message-bell-count").getAttribute("data-count")).toBe("3"),
      WAIT,
    );
    // CF alone: no delete.
    expect(screen.queryByTestId("message-delete")).toBeNull();
    fireEvent.click(screen.getByTestId("message-read-all"));
    await waitFor(() => expect(callsTo(server, "POST", "/messages/read-all")).toHaveLength(1), WAIT);
  });

  it("opens a message with its body, and offers delete with CF01", async () => {
    renderApp(
      `/mgt/msgs/${ID}`,
      {
        "GET /messages/unread": () => ({ data: { unread: 0 } }),
        [`GET /messages/${ID}`]: () => ({
          data: { ...record({ readAt: "2026-11-29T02:00:00.000Z" }), body: "From 22:00 to 23:00." },
        }),
      },
      { user: tenantUser(["CA", "CF", "CF01"]) },
    );
    expect((await screen.findByTestId("message-title", {}, WAIT)).textContent).toBe(
      "Storage maintenance tonight",
    );
    expect(screen.getByTestId("message-body").textContent).toBe("From 22:00 to 23:00.");
  });
});

describe("an operator's message centre", () => {
  it("lives under /sys/msgs: the bell, the rows and delete follow BN", async () => {
    const codes = ["BA07", "BN"];
    renderApp(
      "/sys/msgs",
      {
        "GET /messages/unread": () => ({ data: { unread: 1 } }),
        "GET /messages": () => page([record({ type: "order", title: "Order ORD-1 waits for approval" })]),
      },
      {
        user: makeUser({
          userSid: "op-2",
          roleType: "platform",
          moduleType: "sys",
          permissions: codes,
          menus: buildMenus(codes, "platform"),
          routes: ["/sys/overview", "/sys/approvals", "/sys/msgs", "/sys/msgs/:id"],
        }),
      },
    );
    const row = await screen.findByTestId(`message-row-${ID}`, {}, WAIT);
    expect(within(row).getByTestId("message-open").getAttribute("href")).toBe(`/sys/msgs/${ID}`);
    expect((await screen.findByTestId("message-bell", {}, WAIT)).getAttribute("href")).toBe("/sys/msgs");
    expect(within(row).queryByTestId("message-delete")).not.toBeNull();
  });
});

describe("announcements (operators)", () => {
  const operator = makeUser({
    userSid: "op-1",
    roleType: "platform",
    moduleType: "sys",
    permissions: ["BA13"],
    menus: buildMenus(["BA13"], "platform"),
    routes: ["/sys/announcements"],
  });

  it("refuses a missing title and content, then publishes to every tenant", async () => {
    const server = renderApp(
      "/sys/announcements",
      {
        "GET /ops/announcements": () => page([]),
        "GET /ops/announcements/products": () => ({
          data: { list: [{ id: "p-1", nameZh: "云主机", nameEn: "Cloud host" }] },
        }),
        "POST /ops/announcements": ({ body }) => ({
          data: {
            id: "a-1",
            ...(body as object),
            publishAt: "2026-11-29T01:00:00.000Z",
            state: "published",
            product: { id: "p-1", nameZh: "云主机", nameEn: "Cloud host" },
            createdAt: "2026-11-29T01:00:00.000Z",
            withdrawnAt: null,
          },
        }),
      },
      { user: operator },
    );
    fireEvent.click(await screen.findByTestId("announcement-new", {}, WAIT));
    fireEvent.click(await screen.findByTestId("announcement-submit", {}, WAIT));
    expect((await screen.findAllByText("This field is required", {}, WAIT)).length).toBeGreaterThanOrEqual(2);
    expect(callsTo(server, "POST", "/ops/announcements")).toHaveLength(0);
    fireEvent.change(screen.getByTestId("announcement-title"), { target: { value: "New flavours" } });
    fireEvent.change(screen.getByTestId("announcement-body"), { target: { value: "GPU hosts are here." } });
    fireEvent.click(screen.getByTestId("announcement-submit"));
    await waitFor(() => expect(callsTo(server, "POST", "/ops/announcements")).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", "/ops/announcements")[0]!.body).toEqual({
      title: "New flavours",
      type: "notice",
      body: "GPU hosts are here.",
      publishAt: null,
      productId: null,
    });
    expect(buildMenus(["BA13"], "platform").flatMap((m) => m.children?.map((c) => c.path) ?? [])).toContain(
      "/sys/announcements",
    );
  });
});
