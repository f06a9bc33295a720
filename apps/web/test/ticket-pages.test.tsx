// Tickets (issue 17 item 3) against a fake API: the tenant's list shows each ticket's state and a
// badge of unread answers; the new-ticket form refuses a missing title and description before
// sending and sends the attachment it uploaded; a user with CD only reads the conversation; the
// engineer's desk answers and hands over; the menus offer each page only with its code.
import { buildMenus, type TicketDetail, type TicketRecord } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { pngBytes } from "../../../packages/contracts/test/support/file-bytes";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();

const ID = "7d1c1a52-3f0e-4c1e-9a55-0b6f2a1d9e01";
const record = (patch: Partial<TicketRecord> = {}): TicketRecord => ({
  id: ID,
  ticketNo: "WO20261129123456",
  title: "Host cannot boot",
  category: "technical",
  status: "replied",
  unread: 2,
  orgId: "o-1",
  orgName: "Acme Ltd",
  opener: { id: "u-1", name: "Alice Zhang" },
  assignee: { id: "op-1", name: "Bob Engineer" },
  createdAt: "2026-11-29T01:00:00.000Z",
  updatedAt: "2026-11-29T02:00:00.000Z",
  ...patch,
});
const detail = (patch: Partial<TicketDetail> = {}): TicketDetail => ({
  ...record({ unread: 0 }),
  resource: { id: "r-1", name: "web-1", kind: "host" },
  order: null,
  rating: null,
  ratingComment: null,
  resolvedAt: null,
  closedAt: null,
  messages: [
    {
      id: "m-1",
      side: "tenant",
      author: "Alice Zhang",
      content: "It hangs at GRUB.",
      attachments: [{ id: "f-1", name: "screen.png", contentType: "image/png", size: 10 }],
      createdAt: "2026-11-29T01:00:00.000Z",
    },
    {
      id: "m-2",
      side: "engineer",
      author: "Bob Engineer",
      content: "Please reboot from the console.",
      attachments: [],
      createdAt: "2026-11-29T02:00:00.000Z",
    },
  ],
  ...patch,
});

const tenantUser = (codes: string[]) =>
  makeUser({
    permissions: codes,
    menus: buildMenus(codes),
    routes: ["/mgt/dashboard", "/mgt/workorder", "/mgt/workorder/details/:id"],
    certificationStatus: "authSucceed",
  });
const operator = makeUser({
  userSid: "op-1",
  roleType: "platform",
  moduleType: "sys",
  permissions: ["BJ"],
  menus: buildMenus(["BJ"], "platform"),
  routes: ["/mgt/workorders", "/mgt/workorders/detail/:id"],
});

describe("the tenant's tickets", () => {
  it("lists each ticket with its state, unread badge and link, and the menu offers it with CD", async () => {
    renderApp(
      "/mgt/workorder",
      { "GET /tickets": () => page([record()]) },
      { user: tenantUser(["CA", "CD"]) },
    );
    const row = await screen.findByTestId("ticket-row-WO20261129123456", {}, WAIT);
    expect(within(row).getByTestId("ticket-status-replied").textContent).toBe("Answered");
    expect(row.textContent).toContain("2");
    expect(within(row).getByTestId("ticket-open-WO20261129123456").getAttribute("href")).toBe(
      `/mgt/workorder/details/${ID}`,
    );
    // Reading only: no button to open a ticket.
    expect(screen.queryByTestId("ticket-new")).toBeNull();
    const groups = buildMenus(["CA", "CD"]).map((m) => m.children?.map((c) => c.path) ?? [m.path]);
    expect(groups.flat()).toContain("/mgt/workorder");
    expect(buildMenus(["CA"]).flatMap((m) => m.children?.map((c) => c.path) ?? [m.path])).not.toContain(
      "/mgt/workorder",
    );
    expect(buildMenus(["BJ"], "platform").flatMap((m) => m.children?.map((c) => c.path) ?? [])).toContain(
      "/mgt/workorders",
    );
  });

  it("refuses a missing title and description, then sends the ticket with its attachment", async () => {
    const server = renderApp(
      "/mgt/workorder",
      {
        "GET /tickets": () => page([]),
        "GET /tickets/linkables": () => ({
          data: { resources: [{ id: "r-1", name: "web-1", kind: "host" }], orders: [] },
        }),
        "POST /files": ({ query }) => ({
          data: { id: "f-new", name: query.get("name"), contentType: "image/png", size: 10 },
        }),
        "POST /tickets": () => ({ data: detail({ status: "open", unread: 0 }) }),
        [`GET /tickets/${ID}`]: () => ({ data: detail({ status: "open" }) }),
      },
      { user: tenantUser(["CA", "CD", "CD01"]) },
    );
    fireEvent.click(await screen.findByTestId("ticket-new", {}, WAIT));
    fireEvent.click(await screen.findByTestId("ticket-create-submit", {}, WAIT));
    expect((await screen.findAllByText("This field is required", {}, WAIT)).length).toBeGreaterThanOrEqual(2);
    expect(callsTo(server, "POST", "/tickets")).toHaveLength(0);

    fireEvent.change(screen.getByTestId("ticket-title"), { target: { value: "Host cannot boot" } });
    fireEvent.change(screen.getByTestId("ticket-content"), { target: { value: "It hangs at GRUB." } });
    fireEvent.change(screen.getByTestId("ticket-files"), {
      target: { files: [new File([pngBytes() as BlobPart], "screen.png")] },
    });
    await screen.findByTestId("ticket-files-file", {}, WAIT);
    expect(server.calls.find((c) => c.path === "/files")).toBeDefined();
    fireEvent.click(screen.getByTestId("ticket-create-submit"));
    await waitFor(() => expect(callsTo(server, "POST", "/tickets")).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", "/tickets")[0]!.body).toEqual({
      title: "Host cannot boot",
      category: "technical",
      resourceId: null,
      orderId: null,
      content: "It hangs at GRUB.",
      attachmentIds: ["f-new"],
    });
    expect(await screen.findByTestId("ticket-messages", {}, WAIT)).toBeTruthy();
  });

  it("shows the conversation read-only to a user holding CD only", async () => {
    renderApp(
      `/mgt/workorder/details/${ID}`,
      { [`GET /tickets/${ID}`]: () => ({ data: detail() }) },
      { user: tenantUser(["CA", "CD"]) },
    );
    expect(await screen.findByTestId("ticket-read-only", {}, WAIT)).toBeTruthy();
    const messages = screen.getAllByTestId(/^ticket-message-/);
    expect(messages.map((m) => m.getAttribute("data-testid"))).toEqual([
      "ticket-message-tenant",
      "ticket-message-engineer",
    ]);
    expect(screen.getByTestId("ticket-attachment-screen.png")).toBeTruthy();
    expect(screen.queryByTestId("ticket-reply-form")).toBeNull();
    expect(screen.queryByTestId("ticket-close")).toBeNull();
  });
});

describe("the engineer's desk", () => {
  it("answers the tenant and hands the ticket over to another engineer", async () => {
    const server = renderApp(
      `/mgt/workorders/detail/${ID}`,
      {
        [`GET /ops/tickets/${ID}`]: () => ({ data: detail({ status: "processing" }) }),
        [`POST /ops/tickets/${ID}/messages`]: () => ({ data: detail({ status: "replied" }) }),
        "GET /ops/tickets/engineers": () => ({
          data: [
            { id: "op-1", name: "Bob Engineer" },
            { id: "op-2", name: "Carol Engineer" },
          ],
        }),
        [`POST /ops/tickets/${ID}/handover`]: () => ({
          data: detail({ assignee: { id: "op-2", name: "Carol" } }),
        }),
      },
      { user: operator },
    );
    const content = await screen.findByTestId("ticket-reply-content", {}, WAIT);
    // Already the assignee: nothing to take.
    expect(screen.queryByTestId("ticket-take")).toBeNull();
    fireEvent.change(content, { target: { value: "Fixed on our side." } });
    fireEvent.click(screen.getByTestId("ticket-reply-send"));
    await waitFor(() => expect(callsTo(server, "POST", `/ops/tickets/${ID}/messages`)).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", `/ops/tickets/${ID}/messages`)[0]!.body).toEqual({
      content: "Fixed on our side.",
      attachmentIds: [],
    });

    fireEvent.click(screen.getByTestId("ticket-handover"));
    const select = await screen.findByTestId("ticket-handover-engineer", {}, WAIT);
    fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
    fireEvent.click(await screen.findByText("Carol Engineer", {}, WAIT));
    fireEvent.click(screen.getByTestId("ticket-handover-submit"));
    await waitFor(() => expect(callsTo(server, "POST", `/ops/tickets/${ID}/handover`)).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", `/ops/tickets/${ID}/handover`)[0]!.body).toEqual({ assigneeId: "op-2" });
  });
});
