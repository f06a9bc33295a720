// The message centre and announcements (issue 17 item 4): a notice sent by e-mail and SMS is ONE
// message in the recipient's centre; codes never reach it; each user sees only their own; unread
// count, read, read all and delete; the organisation's notice preferences decide the e-mail and
// SMS (never the centre); announcements appear when their time comes, to their audience only, and
// leave when withdrawn; bad announcements are refused with nothing stored.
import {
  type AnnouncementRecord,
  ERRORS,
  type MessageDetail,
  type MessageRecord,
  type Page,
  type TenantAnnouncement,
} from "@skyledger/contracts";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcements } from "../src/modules/messaging/announcements.schema";
import { orders } from "../src/modules/orders/orders.schema";
import { inboxMessages } from "../src/platform/outbox/inbox.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { countRows, unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
let product: string;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  product = await hostProduct(operator);
});
afterAll(() => t.close());

const list = (c: TestClient, query: Record<string, string> = {}) =>
  c.request<Page<MessageRecord>>("/api/messages", { query: { pageSize: "100", ...query } });
const unread = async (c: TestClient) =>
  (await c.request<{ unread: number }>("/api/messages/unread")).body.data.unread;
const publish = (body: Record<string, unknown>) =>
  operator.request<AnnouncementRecord>("/api/ops/announcements", { method: "POST", body });

/** A tenant whose order of `product` completed, with the completion's messages. */
async function tenantWithOrder() {
  const who = await verifiedTenant(t, operator);
  const res = await apply(who.client, applyBody(product));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 45);
  return { ...who, orderNo: res.body.data.orderNo };
}

const outboxOf = (purpose: string, recipient: string) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.purpose, purpose), eq(outboxMessages.recipient, recipient)));

describe("notices in the message centre", () => {
  it("puts a notice sent by e-mail and SMS in the centre once", async () => {
    const { client, tenant, orderNo } = await tenantWithOrder();
    expect(await outboxOf("order.completed", tenant.email)).toHaveLength(1);
    expect(await outboxOf("order.completed", tenant.mobile)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.userId, tenant.userSid), eq(inboxMessages.purpose, "order.completed")));
    expect(rows).toHaveLength(1);
    const page = await list(client, { type: "order" });
    expect(page.body.data.list.map((m) => m.title)).toContain(`订单 ${orderNo} / Order ${orderNo}`);
  });

  it("never puts a one-time code, password or link in the centre", async () => {
    const { tenant } = await tenantWithOrder();
    // The sign-up sent an SMS code to the tenant's phone; it is in the outbox, not the centre.
    const codes = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(like(outboxMessages.purpose, "code:%"), eq(outboxMessages.recipient, tenant.mobile)));
    expect(codes.length).toBeGreaterThan(0);
    const secret = await t.database.db
      .select()
      .from(inboxMessages)
      .where(like(inboxMessages.purpose, "code%"));
    expect(secret).toEqual([]);
    const purposes = (await t.database.db.select({ p: inboxMessages.purpose }).from(inboxMessages)).map(
      (r) => r.p,
    );
    for (const p of purposes) expect(p).not.toMatch(/^(code|password|email\.change|temporaryPassword)/);
  });

  it("shows each user only their own messages: another's answers 404", async () => {
    const a = await tenantWithOrder();
    const b = await verifiedTenant(t, operator);
    const [mine] = (await list(a.client, { type: "order" })).body.data.list;
    expect(mine).toBeDefined();
    expect((await b.client.request(`/api/messages/${mine!.id}`)).status).toBe(404);
    expect((await b.client.request(`/api/messages/${mine!.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await list(b.client)).body.data.list.map((m) => m.id)).not.toContain(mine!.id);
    // Still unread and present for its owner.
    expect((await list(a.client)).body.data.list.find((m) => m.id === mine!.id)?.readAt).toBeNull();
  });

  it("counts unread, marks read on opening, reads all and deletes", async () => {
    const { client } = await tenantWithOrder();
    const before = await unread(client);
    expect(before).toBeGreaterThan(0);
    const [first] = (await list(client, { order: "unreadFirst" })).body.data.list;
    const opened = await client.request<MessageDetail>(`/api/messages/${first!.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.data.readAt).not.toBeNull();
    expect(await unread(client)).toBe(before - 1);
    expect((await client.request("/api/messages/read-all", { method: "POST" })).status).toBe(200);
    expect(await unread(client)).toBe(0);
    expect((await client.request(`/api/messages/${first!.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await client.request(`/api/messages/${first!.id}`)).status).toBe(404);
    expect((await list(client)).body.data.list.map((m) => m.id)).not.toContain(first!.id);
  });

  it("is refused to a user without CF", async () => {
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    expect((await reader.request("/api/messages")).status).toBe(403);
    expect((await reader.request("/api/messages/x", { method: "DELETE" })).status).toBe(403);
  });
});

describe("notice preferences", () => {
  it("turns e-mail and SMS off per type, never the centre", async () => {
    const who = await verifiedTenant(t, operator);
    const saved = await who.client.request<{ list: { type: string; email: boolean; sms: boolean }[] }>(
      "/api/messages/preferences",
      { method: "PUT", body: { list: [{ type: "order", email: false, sms: false }] } },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.list.find((p) => p.type === "order")).toEqual({
      type: "order",
      email: false,
      sms: false,
    });
    expect(saved.body.data.list.find((p) => p.type === "resource")).toEqual({
      type: "resource",
      email: true,
      sms: true,
    });
    const res = await apply(who.client, applyBody(product));
    await advance(t, 45);
    expect(await outboxOf("order.completed", who.tenant.email)).toEqual([]);
    expect(await outboxOf("order.completed", who.tenant.mobile)).toEqual([]);
    const titles = (await list(who.client, { type: "order" })).body.data.list.map((m) => m.title);
    expect(titles).toContain(`订单 ${res.body.data.orderNo} / Order ${res.body.data.orderNo}`);
  });

  it("is the organisation's own: a member without CH0501 cannot change it", async () => {
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    const res = await reader.request("/api/messages/preferences", {
      method: "PUT",
      body: { list: [{ type: "order", email: false, sms: false }] },
    });
    expect(res.status).toBe(403);
  });
});

describe("announcements", () => {
  it("appears when its time comes and leaves when withdrawn", async () => {
    const who = await verifiedTenant(t, operator);
    const { client } = who;
    const title = `Maintenance ${unique()}`;
    const at = new Date(t.clock.now().getTime() + 3600_000).toISOString();
    const res = await publish({ title, type: "maintenance", body: "Storage upgrade tonight", publishAt: at });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.state).toBe("scheduled");
    const titles = async () =>
      (await list(client, { type: "announcement" })).body.data.list.map((m) => m.title);
    expect(await titles()).not.toContain(title);
    const before = await unread(client);
    // Sessions lapse over the hour: both sign in again after it.
    t.clock.advance(3601_000);
    const again = await signedIn(t.app, t.clock, who.tenant);
    operator = await signedIn(t.app, t.clock, DEMO.admin);
    const titles2 = async () =>
      (await list(again, { type: "announcement" })).body.data.list.map((m) => m.title);
    expect(await titles2()).toContain(title);
    expect(await unread(again)).toBe(before + 1);
    const latest = await again.request<{ list: TenantAnnouncement[] }>("/api/messages/announcements/latest");
    expect(latest.body.data.list[0]).toMatchObject({ title, type: "maintenance", readAt: null });
    const withdrawn = await operator.request<AnnouncementRecord>(
      `/api/ops/announcements/${res.body.data.id}/withdraw`,
      {
        method: "POST",
      },
    );
    expect(withdrawn.body.data.state).toBe("withdrawn");
    expect(await titles2()).not.toContain(title);
  });

  it("reaches only the tenants of its product", async () => {
    const buyer = await tenantWithOrder();
    const stranger = await verifiedTenant(t, operator);
    const [order] = await t.database.db
      .select({ productId: orders.productId })
      .from(orders)
      .where(eq(orders.orderNo, buyer.orderNo));
    const offered = await operator.request<{ list: { id: string }[] }>("/api/ops/announcements/products");
    expect(offered.body.data.list.map((p) => p.id)).toContain(order!.productId);
    const title = `For buyers ${unique()}`;
    const res = await publish({ title, type: "product", body: "New flavours", productId: order!.productId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const seen = async (c: TestClient) =>
      (await list(c, { type: "announcement" })).body.data.list.map((m) => m.title);
    expect(await seen(buyer.client)).toContain(title);
    expect(await seen(stranger.client)).not.toContain(title);
  });

  it("refuses bad input with a clear message and stores nothing", async () => {
    const before = await countRows(t, announcements);
    const past = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const cases: [Record<string, unknown>, number][] = [
      [{ title: "", type: "notice", body: "x" }, 400],
      [{ title: "T", type: "notice", body: "" }, 400],
      [{ title: "T", type: "notice", body: "x".repeat(2001) }, 400],
    ];
    for (const [body] of cases) {
      const res = await publish(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const pastRes = await publish({ title: "T", type: "notice", body: "x", publishAt: past });
    expect(pastRes.body.code).toBe(ERRORS.ANNOUNCEMENT_PUBLISH_PAST.code);
    const unknown = await operator.request("/api/ops/announcements", {
      method: "POST",
      body: { title: "T", type: "notice", body: "x", productId: "no-such-product" },
      headers: { "accept-language": "zh-CN" },
    });
    expect(unknown.body.code).toBe(ERRORS.ANNOUNCEMENT_PRODUCT_UNKNOWN.code);
    expect(unknown.body.message).toBe(ERRORS.ANNOUNCEMENT_PRODUCT_UNKNOWN.zh);
    expect(await countRows(t, announcements)).toBe(before);
  });

  it("is the operators' only: a tenant cannot publish", async () => {
    const tenant = await signedIn(t.app, t.clock, DEMO.tenant);
    const res = await tenant.request("/api/ops/announcements", {
      method: "POST",
      body: { title: "T", type: "notice", body: "x" },
    });
    expect(res.status).toBe(403);
  });
});
