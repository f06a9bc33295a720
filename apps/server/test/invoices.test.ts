// Invoices (issue 17 item 1): titles and addresses with their bad input, the invoiceable amount of
// real bills (cash and credit only; postpaid months from the 4th of the next month), requests that
// never exceed it (with two at once), the operators' queue (issue with a PDF checked by content, or
// reject), the requester's e-mail, and isolation: another tenant sees and downloads nothing.
import { parseYuan as y } from "@skyledger/billing";
import {
  ERRORS,
  errorText,
  type InvoiceAddress,
  type InvoiceableSummary,
  type InvoiceRequestRecord,
  type InvoiceTitle,
  type Page,
} from "@skyledger/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfBytes, pngBytes } from "../../../packages/contracts/test/support/file-bytes";
import { users } from "../src/modules/iam/iam.schema";
import { invoiceRequests, invoiceTitles } from "../src/modules/invoices/invoices.schema";
import { asTyped, writeBill } from "../src/modules/ledger/bills.repo";
import { inboxMessages } from "../src/platform/outbox/inbox.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { countRows, registerTenant } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { auditRows } from "./support/iam";
import { DEMO_ORG, idem } from "./support/money";
import { upload, uploaded } from "./support/uploads";

let t: TestApp;
let tenant: TestClient;
let other: TestClient;
let operator: TestClient;
let otherOrg: string;

const personal = { type: "personal", name: "张三" };
const ordinary = { type: "vatOrdinary", name: "Demo AI Lab Ltd.", taxNumber: "91110108MA01ABCD2X" };
const special = {
  ...ordinary,
  type: "vatSpecial",
  bankName: "ICBC Haidian",
  bankAccount: "0200 0000 1234 5678",
  registeredAddress: "Beijing Haidian",
  registeredPhone: "010-88888888",
};

/** A bill as the ledger writes it when a charge is paid (the allocation over the sources). */
async function bill(
  orgId: string,
  over: {
    orderNo?: string | null;
    chargeType: "prepaid" | "postpaid";
    cash: string;
    credit?: string;
    at?: Date;
  },
) {
  await writeBill(t.database.db, {
    orgId,
    type: "charge",
    productCode: "ecs",
    productName: asTyped("host"),
    orderNo: over.orderNo ?? null,
    chargeType: over.chargeType,
    originalAmount: y("1000"),
    couponDeduction: y("200"),
    allocations: [
      { source: "deduction_voucher", sourceId: "v1", amount: y("100") },
      { source: "cash", amount: y(over.cash) },
      ...(over.credit ? [{ source: "credit" as const, amount: y(over.credit) }] : []),
    ],
    entryId: null,
    now: over.at ?? t.clock.now(),
    timeZone: t.config.businessTimeZone,
  });
}

const invoiceable = (client: TestClient) => client.request<InvoiceableSummary>("/api/invoices/invoiceable");

async function newTitle(client: TestClient, body: object = personal) {
  const res = await client.request<InvoiceTitle>("/api/invoices/titles", { method: "POST", body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

function requestInvoice(client: TestClient, body: object, key?: string) {
  return client.request<InvoiceRequestRecord>("/api/invoices/requests", {
    method: "POST",
    body,
    headers: idem(key),
  });
}

const issuePdf = () => uploaded(operator, "invoicePdf", "invoice.pdf", pdfBytes());

beforeAll(async () => {
  t = await startTestApp();
  tenant = await signedIn(t.app, t.clock, DEMO.tenant);
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  const created = await registerTenant(t, operator);
  other = await signedIn(t.app, t.clock, created);
  const [row] = await t.database.db.select().from(users).where(eq(users.account, created.account));
  otherOrg = row!.orgId!;
  // The clock reads 22 November 2026 (Shanghai). A prepaid order paid 600 in cash and 100 on
  // credit (coupon 200, voucher 100); October's postpaid hours 30 in cash; November's 40.
  await bill(DEMO_ORG, { orderNo: "ORD-1", chargeType: "prepaid", cash: "600", credit: "100" });
  await bill(DEMO_ORG, { chargeType: "postpaid", cash: "30", at: new Date("2026-10-20T02:00:00Z") });
  await bill(DEMO_ORG, { chargeType: "postpaid", cash: "40" });
  await bill(otherOrg, { orderNo: "ORD-X", chargeType: "prepaid", cash: "50" });
});
afterAll(() => t.close());

describe("invoice titles and mailing addresses", () => {
  it("keeps titles per organisation; another tenant neither sees nor changes them", async () => {
    const title = await newTitle(tenant, ordinary);
    expect(title).toMatchObject({ type: "vatOrdinary", taxNumber: "91110108MA01ABCD2X" });
    const mine = await tenant.request<InvoiceTitle[]>("/api/invoices/titles");
    expect(mine.body.data.map((x) => x.id)).toContain(title.id);
    const theirs = await other.request<InvoiceTitle[]>("/api/invoices/titles");
    expect(theirs.body.data.map((x) => x.id)).not.toContain(title.id);
    const change = await other.request(`/api/invoices/titles/${title.id}`, { method: "PUT", body: personal });
    expect(change.status).toBe(404);
    const remove = await other.request(`/api/invoices/titles/${title.id}`, { method: "DELETE" });
    expect(remove.status).toBe(404);
    expect((await auditRows(t, "invoiceTitle.created", title.id)).length).toBe(1);
  });

  it("refuses a VAT special title for a tenant without a successful enterprise verification, storing nothing", async () => {
    const before = await countRows(t, invoiceTitles);
    for (const locale of ["zh-CN", "en-US"] as const) {
      const res = await tenant.request("/api/invoices/titles", { method: "POST", body: special, locale });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ERRORS.INVOICE_SPECIAL_NEEDS_VERIFIED_ENTERPRISE.code);
      expect(res.body.message).toBe(errorText("INVOICE_SPECIAL_NEEDS_VERIFIED_ENTERPRISE", locale));
    }
    expect(await countRows(t, invoiceTitles)).toBe(before);
  });

  it("accepts a VAT special title once the enterprise verification succeeded", async () => {
    await t.database.db
      .update(users)
      .set({ certificationStatus: "authSucceed", authType: "company" })
      .where(eq(users.orgId, otherOrg));
    const title = await newTitle(other, special);
    expect(title.type).toBe("vatSpecial");
  });

  it("refuses a title missing a field its type needs, with the field named, storing nothing", async () => {
    const before = await countRows(t, invoiceTitles);
    const { taxNumber: _, ...noTax } = ordinary;
    const res = await tenant.request<{ fields: { path: string; message: string }[] }>(
      "/api/invoices/titles",
      {
        method: "POST",
        body: noTax,
        locale: "zh-CN",
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toContainEqual({ path: "taxNumber", message: "此项为必填项" });
    const { bankName: __, ...noBank } = special;
    const en = await other.request<{ fields: { path: string }[] }>("/api/invoices/titles", {
      method: "POST",
      body: noBank,
    });
    expect(en.body.data.fields.map((f) => f.path)).toEqual(["bankName"]);
    expect(en.body.message).toBe("This field is required");
    expect(await countRows(t, invoiceTitles)).toBe(before);
  });

  it("keeps mailing addresses; a bad phone is refused", async () => {
    const res = await tenant.request<InvoiceAddress>("/api/invoices/addresses", {
      method: "POST",
      body: { recipient: "张三", phone: "13800000002", address: "北京市海淀区 1 号", postcode: "100080" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const changed = await tenant.request<InvoiceAddress>(`/api/invoices/addresses/${res.body.data.id}`, {
      method: "PUT",
      body: { recipient: "李四", phone: "13800000003", address: "北京市海淀区 2 号" },
    });
    expect(changed.body.data).toMatchObject({ recipient: "李四", postcode: "" });
    const bad = await tenant.request("/api/invoices/addresses", {
      method: "POST",
      body: { recipient: "x", phone: "12", address: "y" },
    });
    expect(bad.status).toBe(400);
    expect(
      (await other.request(`/api/invoices/addresses/${res.body.data.id}`, { method: "DELETE" })).status,
    ).toBe(404);
  });
});

describe("the invoiceable amount", () => {
  it("counts cash and credit of the bills; postpaid months only from the 4th of the next month", async () => {
    const res = await invoiceable(tenant);
    expect(res.status).toBe(200);
    const byKey = Object.fromEntries(res.body.data.items.map((i) => [i.key, i]));
    expect(byKey["order:ORD-1"]).toMatchObject({ paid: "700.00000", invoiceable: "700.00000", open: true });
    expect(byKey["postpaid:2026-10"]).toMatchObject({
      invoiceable: "30.00000",
      open: true,
      opensOn: "2026-11-04",
    });
    expect(byKey["postpaid:2026-11"]).toMatchObject({
      invoiceable: "0.00000",
      open: false,
      opensOn: "2026-12-04",
    });
    expect(res.body.data.total).toBe("730.00000");
    // Another tenant's bills are its own.
    expect((await invoiceable(other)).body.data.total).toBe("50.00000");
  });
});

describe("requesting an invoice", () => {
  let titleId: string;
  beforeAll(async () => {
    titleId = (await newTitle(tenant)).id;
  });

  it("refuses more than is invoiceable, in both languages, storing nothing", async () => {
    const before = await countRows(t, invoiceRequests);
    for (const locale of ["zh-CN", "en-US"] as const) {
      const res = await tenant.request("/api/invoices/requests", {
        method: "POST",
        body: { titleId, medium: "electronic", amount: "730.00001" },
        headers: idem(),
        locale,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(errorText("INVOICE_AMOUNT_EXCEEDS", locale, { max: "730.00000" }));
    }
    expect(await countRows(t, invoiceRequests)).toBe(before);
  });

  it("refuses a postpaid month before the 4th of the next month", async () => {
    const res = await requestInvoice(tenant, { titleId, medium: "electronic", items: ["postpaid:2026-11"] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ERRORS.INVOICE_POSTPAID_NOT_OPEN.code);
    expect(res.body.message).toBe(
      errorText("INVOICE_POSTPAID_NOT_OPEN", "en-US", { month: "2026-11", opensOn: "2026-12-04" }),
    );
  });

  it("refuses a request without an Idempotency-Key, another tenant's title, or paper without an address", async () => {
    const noKey = await tenant.request("/api/invoices/requests", {
      method: "POST",
      body: { titleId, medium: "electronic", amount: "1" },
    });
    expect(noKey.body.code).toBe(ERRORS.IDEMPOTENCY_KEY_REQUIRED.code);
    const foreign = await requestInvoice(other, { titleId, medium: "electronic", amount: "1" });
    expect(foreign.body.code).toBe(ERRORS.INVOICE_TITLE_NOT_FOUND.code);
    const paper = await requestInvoice(tenant, { titleId, medium: "paper", amount: "1" });
    expect(paper.status).toBe(400);
    expect(paper.body.message).toBe("This field is required");
  });

  it("two requests at once never exceed the invoiceable amount; a retry replays the first answer", async () => {
    const body = { titleId, medium: "electronic", items: ["order:ORD-1"], amount: "500" };
    const [a, b] = await Promise.all([requestInvoice(tenant, body), requestInvoice(tenant, body)]);
    const granted = [a, b].filter((r) => r.status === 200);
    expect(granted).toHaveLength(1);
    const refused = [a, b].find((r) => r.status !== 200)!;
    expect(refused.body.code).toBe(ERRORS.INVOICE_AMOUNT_EXCEEDS.code);
    const first = granted[0]!.body.data;
    expect(first).toMatchObject({
      state: "invoicing",
      amount: "500.00000",
      items: [{ key: "order:ORD-1", amount: "500.00000" }],
    });
    expect((await invoiceable(tenant)).body.data.total).toBe("230.00000");

    const key = "test-invoice-replay-0001";
    const once = await requestInvoice(tenant, { titleId, medium: "electronic", amount: "10" }, key);
    const again = await requestInvoice(tenant, { titleId, medium: "electronic", amount: "10" }, key);
    expect(again.body.data.id).toBe(once.body.data.id);
    expect((await invoiceable(tenant)).body.data.total).toBe("220.00000");
    expect((await auditRows(t, "invoice.requested", first.id)).length).toBe(1);
  });

  it("lists the tenant's own requests only; another tenant's request is not found", async () => {
    const mine = await tenant.request<Page<InvoiceRequestRecord>>("/api/invoices/requests");
    expect(mine.body.data.total).toBeGreaterThanOrEqual(2);
    const id = mine.body.data.list[0]!.id;
    expect((await other.request<Page<InvoiceRequestRecord>>("/api/invoices/requests")).body.data.total).toBe(
      0,
    );
    expect((await other.request(`/api/invoices/requests/${id}`)).status).toBe(404);
  });
});

describe("the operators' queue", () => {
  let request: InvoiceRequestRecord;
  beforeAll(async () => {
    const titleId = (await newTitle(tenant, ordinary)).id;
    const res = await requestInvoice(tenant, { titleId, medium: "electronic", amount: "20" });
    request = res.body.data;
  });

  it("lists waiting requests of every tenant, oldest first; tenants may not open it", async () => {
    const res = await operator.request<Page<InvoiceRequestRecord>>("/api/ops/invoices", {
      query: { state: "invoicing" },
    });
    expect(res.status).toBe(200);
    const dates = res.body.data.list.map((r) => r.createdAt);
    expect([...dates].sort()).toEqual(dates);
    expect(res.body.data.list.map((r) => r.id)).toContain(request.id);
    expect((await tenant.request("/api/ops/invoices")).status).toBe(403);
  });

  it("refuses a 'PDF' that is really something else, and a file not uploaded as an invoice", async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
    const fake = await upload(operator, "invoicePdf", "invoice.pdf", exe, {
      headers: { "accept-language": "zh-CN" },
    });
    expect(fake.status).toBe(400);
    expect(fake.body.code).toBe(ERRORS.FILE_TYPE_INVALID.code);
    const png = await upload(operator, "invoicePdf", "invoice.png", pngBytes());
    expect(png.body.code).toBe(ERRORS.FILE_TYPE_INVALID.code);
    // A tenant cannot upload an invoice.
    expect((await upload(tenant, "invoicePdf", "invoice.pdf", pdfBytes())).status).toBe(403);
    const evidence = await uploaded(operator, "rechargeEvidence", "slip.pdf", pdfBytes());
    const wrong = await operator.request(`/api/ops/invoices/${request.id}/issue`, {
      method: "POST",
      body: { pdfFileId: evidence, invoiceNumber: "12345678" },
    });
    expect(wrong.body.code).toBe(ERRORS.INVOICE_PDF_INVALID.code);
    const stored = await operator.request<InvoiceRequestRecord>(`/api/ops/invoices/${request.id}`);
    expect(stored.body.data.state).toBe("invoicing");
  });

  it("issues with the PDF and number: the tenant sees it invoiced, gets an e-mail and downloads the PDF", async () => {
    const pdfFileId = await issuePdf();
    const res = await operator.request<InvoiceRequestRecord>(`/api/ops/invoices/${request.id}/issue`, {
      method: "POST",
      body: { pdfFileId, invoiceNumber: "04400123", trackingNumber: "" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ state: "invoiced", invoiceNumber: "04400123", hasPdf: true });
    const seen = await tenant.request<InvoiceRequestRecord>(`/api/invoices/requests/${request.id}`);
    expect(seen.body.data.state).toBe("invoiced");
    const pdf = await tenant.raw(`/api/invoices/requests/${request.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(new Uint8Array(pdf.rawPayload)).toEqual(pdfBytes());
    // Another tenant's download, and the file's own address for the tenant, answer 404.
    expect((await other.raw(`/api/invoices/requests/${request.id}/pdf`)).statusCode).toBe(404);
    expect((await tenant.raw(`/api/files/${pdfFileId}`)).statusCode).toBe(404);
    const mails = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.purpose, "invoice.invoiced"),
          eq(outboxMessages.recipient, "owner@demo-ai-lab.example"),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("04400123");
    // The same notice, once, in the requester's message centre.
    const inbox = await t.database.db
      .select({ title: inboxMessages.title, type: inboxMessages.type })
      .from(inboxMessages)
      .where(eq(inboxMessages.purpose, "invoice.invoiced"));
    expect(inbox).toEqual([{ title: `发票已开具 / Invoice issued (${request.requestNo})`, type: "billing" }]);
    expect((await auditRows(t, "invoice.issued", request.id)).length).toBe(1);
    // Decided once: a second decision is refused.
    const again = await operator.request(`/api/ops/invoices/${request.id}/reject`, {
      method: "POST",
      body: { reason: "late" },
    });
    expect(again.body.code).toBe(ERRORS.INVOICE_NOT_PENDING.code);
  });

  it("rejects with a reason: the amount is invoiceable again and the tenant reads why", async () => {
    const titleId = (await newTitle(tenant)).id;
    const before = (await invoiceable(tenant)).body.data.total;
    const res = await requestInvoice(tenant, { titleId, medium: "electronic", amount: "5" });
    expect((await invoiceable(tenant)).body.data.total).not.toBe(before);
    const rejected = await operator.request<InvoiceRequestRecord>(
      `/api/ops/invoices/${res.body.data.id}/reject`,
      {
        method: "POST",
        body: { reason: "税号有误" },
      },
    );
    expect(rejected.body.data).toMatchObject({ state: "rejected", rejectReason: "税号有误" });
    expect((await invoiceable(tenant)).body.data.total).toBe(before);
    const seen = await tenant.request<InvoiceRequestRecord>(`/api/invoices/requests/${res.body.data.id}`);
    expect(seen.body.data.rejectReason).toBe("税号有误");
    expect((await tenant.raw(`/api/invoices/requests/${res.body.data.id}/pdf`)).statusCode).toBe(404);
  });

  it("a paper invoice needs the tracking number and keeps the address it was requested with", async () => {
    const titleId = (await newTitle(tenant)).id;
    const address = await tenant.request<InvoiceAddress>("/api/invoices/addresses", {
      method: "POST",
      body: { recipient: "王五", phone: "13800000009", address: "上海市浦东新区 3 号" },
    });
    const res = await requestInvoice(tenant, {
      titleId,
      medium: "paper",
      addressId: address.body.data.id,
      amount: "1",
    });
    expect(res.body.data.address).toMatchObject({ recipient: "王五" });
    const pdfFileId = await issuePdf();
    const url = `/api/ops/invoices/${res.body.data.id}/issue`;
    const missing = await operator.request(url, { method: "POST", body: { pdfFileId, invoiceNumber: "1" } });
    expect(missing.body.code).toBe(ERRORS.INVOICE_TRACKING_REQUIRED.code);
    const ok = await operator.request<InvoiceRequestRecord>(url, {
      method: "POST",
      body: { pdfFileId, invoiceNumber: "1", trackingNumber: "SF1234567890" },
    });
    expect(ok.body.data).toMatchObject({ state: "invoiced", trackingNumber: "SF1234567890" });
  });

  it("an issue whose audit row fails leaves the request waiting, with no PDF and no e-mail", async () => {
    const db = t.database.db;
    t.expectErrorLog(/injected failure/);
    await db.execute(sql`
      create function inject_invoice_failure() returns trigger language plpgsql as $$
      begin raise exception 'injected failure before commit (%)', NEW.action; end $$`);
    await db.execute(sql`create trigger inject_invoice_failure before insert on audit_logs for each row
      when (NEW.action = 'invoice.issued') execute function inject_invoice_failure()`);
    const titleId = (await newTitle(tenant)).id;
    const id = (await requestInvoice(tenant, { titleId, medium: "electronic", amount: "1" })).body.data.id;
    const mailsBefore = await countRows(t, outboxMessages);
    const res = await operator.request(`/api/ops/invoices/${id}/issue`, {
      method: "POST",
      body: { pdfFileId: await issuePdf(), invoiceNumber: "99999" },
    });
    expect(res.status).toBe(500);
    await db.execute(sql`drop trigger inject_invoice_failure on audit_logs`);
    const [row] = await db.select().from(invoiceRequests).where(eq(invoiceRequests.id, id));
    expect(row).toMatchObject({ state: "invoicing", pdfFileId: null, invoiceNumber: null });
    expect(await countRows(t, outboxMessages)).toBe(mailsBefore);
  });

  it("November's postpaid month opens on 4 December, local time", async () => {
    const titleId = (await newTitle(tenant)).id;
    const body = { titleId, medium: "electronic", items: ["postpaid:2026-11"] };
    // 3 December 23:59 in Shanghai is still too early; midnight of the 4th is not.
    t.clock.advance(new Date("2026-12-03T15:59:00Z").getTime() - t.clock.now().getTime());
    tenant = await signedIn(t.app, t.clock, DEMO.tenant);
    expect((await requestInvoice(tenant, body)).body.code).toBe(ERRORS.INVOICE_POSTPAID_NOT_OPEN.code);
    t.clock.advanceMinutes(1);
    const res = await requestInvoice(tenant, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.amount).toBe("40.00000");
  });
});
