// Tickets (`/mgt/workorder` CD/CD01, `/mgt/workorders` BJ): a tenant opens a ticket with an
// attachment, an engineer takes, answers, hands over and resolves it, the tenant replies, rates,
// reopens and closes it. Every bad input of spec §5 is refused with its message and stores nothing;
// unread marks follow the conversation; each reply queues an e-mail to the other side in the same
// transaction; another tenant reaches nothing of it, a read-only user only reads.
import { ERRORS, errorText, type Page, type TicketDetail, type TicketRecord } from "@skyledger/contracts";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegBytes, padTo, pdfBytes, pngBytes } from "../../../packages/contracts/test/support/file-bytes";
import { ticketMessages, tickets } from "../src/modules/tickets/tickets.schema";
import { storedFiles } from "../src/platform/blobs/blobs.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { countRows, registerTenant, unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { answerStepUps, auditRows, DEMO_TENANT_MOBILE, signedInSubUser } from "./support/iam";
import { addOperator } from "./support/money";
import { upload, uploaded } from "./support/uploads";

const MB = 1024 * 1024;
let t: TestApp;
let tenant: TestClient;
let other: TestClient;
let operator: TestClient;
let second: { client: TestClient; id: string };

beforeAll(async () => {
  t = await startTestApp();
  tenant = answerStepUps(t, await signedIn(t.app, t.clock, DEMO.tenant), DEMO_TENANT_MOBILE);
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  other = await signedIn(t.app, t.clock, await registerTenant(t, operator));
  const added = await addOperator(t);
  second = { client: await signedIn(t.app, t.clock, added), id: added.id };
});
afterAll(() => t.close());

const attachment = (client: TestClient, name = "screen.png", bytes = pngBytes()) =>
  uploaded(client, "ticketAttachment", name, bytes);

function open(client: TestClient, body: Record<string, unknown>, locale = "en-US") {
  return client.request<TicketDetail>("/api/tickets", {
    method: "POST",
    body: { title: "Host cannot boot", category: "technical", content: "It hangs at GRUB.", ...body },
    headers: { "accept-language": locale },
  });
}

async function opened(body: Record<string, unknown> = {}): Promise<TicketDetail> {
  const res = await open(tenant, { title: `Ticket ${unique()}`, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const post = (client: TestClient, url: string, body: unknown = {}) =>
  client.request<TicketDetail>(url, { method: "POST", body, headers: { "accept-language": "en-US" } });

async function noticesOf(ticketNo: string, purpose: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.purpose, purpose), like(outboxMessages.subject, `%${ticketNo}%`)));
}

describe("opening a ticket", () => {
  it("numbers it, keeps the first message with its attachment and audits it", async () => {
    const file = await attachment(tenant);
    const ticket = await opened({ attachmentIds: [file], category: "billing" });
    expect(ticket.ticketNo).toMatch(/^WO\d{8}\d{6}$/);
    expect(ticket).toMatchObject({ status: "open", category: "billing", assignee: null, unread: 0 });
    expect(ticket.messages).toHaveLength(1);
    expect(ticket.messages[0]).toMatchObject({ side: "tenant", content: "It hangs at GRUB." });
    expect(ticket.messages[0]!.attachments.map((a) => a.id)).toEqual([file]);
    expect(await auditRows(t, "ticket.opened", ticket.id)).toHaveLength(1);
  });

  it("refuses each bad input with its message and stores nothing", async () => {
    const before = [await countRows(t, tickets), await countRows(t, ticketMessages)];
    const noTitle = await open(tenant, { title: "  " });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toContain("This field is required");
    const noContent = await open(tenant, { content: "" }, "zh-CN");
    expect(noContent.status).toBe(400);
    expect(noContent.body.message).toContain("此项为必填项");
    const long = await open(tenant, { content: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain("At most 2000 characters");
    expect((await open(tenant, { content: "x".repeat(2000) })).status).toBe(200);

    const six = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => attachment(tenant, `shot-${i}.jpg`, jpegBytes())),
    );
    const sixth = await open(tenant, { attachmentIds: six });
    expect(sixth.status).toBe(400);
    expect(sixth.body.code).toBe(ERRORS.TOO_MANY_FILES.code);
    expect(sixth.body.message).toBe(errorText("TOO_MANY_FILES", "en-US", { max: 5 }));

    const foreignResource = await open(tenant, { resourceId: "not-ours" }, "zh-CN");
    expect(foreignResource.body.code).toBe(ERRORS.TICKET_LINK_INVALID.code);
    expect(foreignResource.body.message).toBe(errorText("TICKET_LINK_INVALID", "zh-CN"));
    // Another tenant's file id is not the caller's upload.
    const othersFile = await attachment(other);
    expect((await open(tenant, { attachmentIds: [othersFile] })).status).toBe(404);
    const after = [await countRows(t, tickets), await countRows(t, ticketMessages)];
    expect(after).toEqual([before[0]! + 1, before[1]! + 1]);
  });

  it("refuses an 11 MB file and a PDF that is really an executable at upload", async () => {
    const before = await countRows(t, storedFiles);
    const big = await upload(tenant, "ticketAttachment", "big.pdf", padTo(pdfBytes(), 11 * MB));
    expect(big.body.code).toBe(ERRORS.FILE_TOO_LARGE.code);
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    const fake = await upload(tenant, "ticketAttachment", "invoice.pdf", exe, {
      headers: { "accept-language": "en-US" },
    });
    expect(fake.body.code).toBe(ERRORS.FILE_TYPE_INVALID.code);
    expect(fake.body.message).toContain("invoice.pdf");
    expect(await countRows(t, storedFiles)).toBe(before);
    expect((await upload(tenant, "ticketAttachment", "ok.pdf", padTo(pdfBytes(), 10 * MB))).status).toBe(200);
  });
});

describe("the conversation", () => {
  it("runs open → processing → replied → processing → resolved with unread marks and notices", async () => {
    const ticket = await opened();
    const queue = await operator.request<Page<TicketRecord>>("/api/ops/tickets", {
      query: { status: "open", pageSize: "200" },
    });
    const line = queue.body.data.list.find((r) => r.id === ticket.id);
    expect(line).toMatchObject({ unread: 1, orgName: expect.any(String) });
    // Oldest first.
    const times = queue.body.data.list.map((r) => r.createdAt);
    expect([...times].sort()).toEqual(times);

    const taken = await post(operator, `/api/ops/tickets/${ticket.id}/take`);
    expect(taken.body.data).toMatchObject({ status: "processing", assignee: { name: expect.any(String) } });

    const file = await attachment(operator, "fix.pdf", pdfBytes());
    const answered = await post(operator, `/api/ops/tickets/${ticket.id}/messages`, {
      content: "Please reboot from the console.",
      attachmentIds: [file],
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.data.status).toBe("replied");
    expect(await noticesOf(ticket.ticketNo, "ticket.answered")).toHaveLength(1);

    const list = await tenant.request<Page<TicketRecord>>("/api/tickets", { query: { pageSize: "200" } });
    expect(list.body.data.list.find((r) => r.id === ticket.id)?.unread).toBe(1);
    const seen = await tenant.request<TicketDetail>(`/api/tickets/${ticket.id}`);
    expect(seen.body.data.unread).toBe(0);
    expect(seen.body.data.messages.map((m) => m.side)).toEqual(["tenant", "engineer"]);
    // The engineer's attachment is the tenant's to read now, and no other tenant's.
    expect((await tenant.raw(`/api/files/${file}`)).statusCode).toBe(200);
    expect((await other.raw(`/api/files/${file}`)).statusCode).toBe(404);
    // The engineer cannot hand the same file to another organisation's ticket.
    const othersTicket = await open(other, {});
    const reused = await post(operator, `/api/ops/tickets/${othersTicket.body.data.id}/messages`, {
      content: "Same fix",
      attachmentIds: [file],
    });
    expect(reused.status).toBe(404);
    const again = await tenant.request<Page<TicketRecord>>("/api/tickets", { query: { pageSize: "200" } });
    expect(again.body.data.list.find((r) => r.id === ticket.id)?.unread).toBe(0);

    const replied = await post(tenant, `/api/tickets/${ticket.id}/messages`, { content: "Still hangs." });
    expect(replied.body.data.status).toBe("processing");
    expect(await noticesOf(ticket.ticketNo, "ticket.replied")).toHaveLength(1);
    const desk = await operator.request<TicketDetail>(`/api/ops/tickets/${ticket.id}`);
    expect(desk.body.data.messages).toHaveLength(3);

    const resolved = await post(operator, `/api/ops/tickets/${ticket.id}/resolve`);
    expect(resolved.body.data.status).toBe("resolved");
    expect(await noticesOf(ticket.ticketNo, "ticket.resolved")).toHaveLength(1);
    for (const action of ["ticket.taken", "ticket.answered", "ticket.replied", "ticket.resolved"]) {
      expect(await auditRows(t, action, ticket.id), action).toHaveLength(1);
    }
  });

  it("hands a ticket over to another operator holding BJ only", async () => {
    const ticket = await opened();
    await post(operator, `/api/ops/tickets/${ticket.id}/take`);
    const toTenant = await post(operator, `/api/ops/tickets/${ticket.id}/handover`, {
      assigneeId: ticket.opener!.id,
    });
    expect(toTenant.body.code).toBe(ERRORS.TICKET_ASSIGNEE_INVALID.code);
    const engineers = await operator.request<{ id: string }[]>("/api/ops/tickets/engineers");
    expect(engineers.body.data.map((e) => e.id)).toContain(second.id);
    const handed = await post(operator, `/api/ops/tickets/${ticket.id}/handover`, { assigneeId: second.id });
    expect(handed.body.data.assignee?.id).toBe(second.id);
    // The tenant's next message is e-mailed to the new assignee.
    await post(tenant, `/api/tickets/${ticket.id}/messages`, { content: "Any news?" });
    const [notice] = await noticesOf(ticket.ticketNo, "ticket.replied");
    const mine = await second.client.request<Page<TicketRecord>>("/api/ops/tickets", {
      query: { mine: "true", pageSize: "200" },
    });
    expect(mine.body.data.list.map((r) => r.id)).toContain(ticket.id);
    expect(notice?.recipient).toMatch(/^ops.*@skyledger\.local$/);
  });

  it("lets the tenant rate, reopen and close, and refuses what the state does not allow", async () => {
    const ticket = await opened();
    expect((await post(tenant, `/api/tickets/${ticket.id}/reopen`)).body.code).toBe(
      ERRORS.TICKET_STATE_INVALID.code,
    );
    await post(operator, `/api/ops/tickets/${ticket.id}/messages`, { content: "Fixed." });
    await post(operator, `/api/ops/tickets/${ticket.id}/resolve`);
    const late = await post(tenant, `/api/tickets/${ticket.id}/messages`, { content: "Thanks" });
    expect(late.body.code).toBe(ERRORS.TICKET_STATE_INVALID.code);
    expect(late.body.message).toBe('The ticket is "resolved": it cannot be replied to');
    expect((await post(tenant, `/api/tickets/${ticket.id}/rating`, { rating: 6 })).status).toBe(400);
    const rated = await post(tenant, `/api/tickets/${ticket.id}/rating`, { rating: 5, comment: "Quick" });
    expect(rated.body.data).toMatchObject({ rating: 5, ratingComment: "Quick", status: "resolved" });
    const reopened = await post(tenant, `/api/tickets/${ticket.id}/reopen`);
    expect(reopened.body.data.status).toBe("processing");
    const closed = await post(tenant, `/api/tickets/${ticket.id}/close`);
    expect(closed.body.data.status).toBe("closed");
    expect((await post(operator, `/api/ops/tickets/${ticket.id}/messages`, { content: "x" })).body.code).toBe(
      ERRORS.TICKET_STATE_INVALID.code,
    );
    expect((await post(tenant, `/api/tickets/${ticket.id}/reopen`)).body.data.status).toBe("processing");
  });
});

describe("who reaches a ticket", () => {
  it("another tenant gets 404 on every ticket call and its list shows none of them", async () => {
    const ticket = await opened();
    const before = await countRows(t, ticketMessages);
    expect((await other.request(`/api/tickets/${ticket.id}`)).status).toBe(404);
    expect((await post(other, `/api/tickets/${ticket.id}/messages`, { content: "hi" })).status).toBe(404);
    expect((await post(other, `/api/tickets/${ticket.id}/close`)).status).toBe(404);
    const list = await other.request<Page<TicketRecord>>("/api/tickets");
    expect(list.body.data.list.map((r) => r.id)).not.toContain(ticket.id);
    expect((await other.request("/api/ops/tickets")).status).toBe(403);
    expect(await countRows(t, ticketMessages)).toBe(before);
    expect((await tenant.request(`/api/tickets/${ticket.id}`)).status).toBe(200);
  });

  it("a user with CD only reads; writing needs CD01", async () => {
    const ticket = await opened();
    const { client: reader } = await signedInSubUser(t, tenant, ["builtin:ticketReadOnly"]);
    expect((await reader.request(`/api/tickets/${ticket.id}`)).status).toBe(200);
    expect((await reader.request("/api/tickets")).status).toBe(200);
    expect((await post(reader, `/api/tickets/${ticket.id}/messages`, { content: "hi" })).status).toBe(403);
    expect((await open(reader, {})).status).toBe(403);
    expect((await reader.request("/api/ops/tickets")).status).toBe(403);
  });
});

describe("one transaction per action", () => {
  it("an answer whose e-mail cannot be queued leaves no message, state, audit row or notice", async () => {
    t.expectErrorLog(/injected failure/);
    const ticket = await opened();
    const db = t.database.db;
    await db.execute(
      sql.raw(`create or replace function inject_failure() returns trigger language plpgsql as $$
        begin raise exception 'injected failure'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger inject_failure before insert on outbox_messages
        for each row when (NEW.purpose = 'ticket.answered') execute function inject_failure()`),
    );
    const messagesBefore = await countRows(t, ticketMessages);
    const failed = await post(operator, `/api/ops/tickets/${ticket.id}/messages`, { content: "Lost?" });
    expect(failed.status).toBe(500);
    await db.execute(sql.raw("drop trigger inject_failure on outbox_messages"));
    await db.execute(sql.raw("drop function inject_failure()"));
    expect(await countRows(t, ticketMessages)).toBe(messagesBefore);
    const [row] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ status: "open", assigneeId: null, tenantUnread: 0 });
    expect(await auditRows(t, "ticket.answered", ticket.id)).toHaveLength(0);

    const answered = await post(operator, `/api/ops/tickets/${ticket.id}/messages`, { content: "Here." });
    expect(answered.body.data.status).toBe("replied");
    expect(await noticesOf(ticket.ticketNo, "ticket.answered")).toHaveLength(1);
    expect(await auditRows(t, "ticket.answered", ticket.id)).toHaveLength(1);
  });
});
