// A tenant's side of invoicing: the invoiceable items of its bills, requests and their states, and
// the issued PDF. A request locks the organisation's invoicing (row lock in the repo), reads what is
// invoiceable with every earlier hold, spreads its amount over the items and stores the holds, all
// in one transaction run once per Idempotency-Key: two requests at once never exceed the amount.
import {
  allocateInvoice,
  formatYuan,
  type InvoiceableItem,
  invoiceableItems,
  parseYuan,
  toLocal,
} from "@skyledger/billing";
import type {
  EndpointBody,
  EndpointQuery,
  endpoints,
  InvoiceableSummary,
  InvoiceRequestRecord,
  Page,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { FileService } from "../../platform/blobs/files.service";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { once } from "../../platform/idempotency";
import { newId, randomDigits } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { localParts } from "../../platform/time-zone";
import { addressCopy, isoDay, titleCopy, toItem, toRequest } from "./invoice-records";
import { assertTitleAllowed } from "./invoice-titles.service";
import {
  countRequests,
  findAddress,
  findRequest,
  findTitle,
  heldByItem,
  insertRequest,
  itemsOfRequests,
  listRequests,
  lockOrgInvoicing,
  paidBills,
  type RequestFilter,
  type RequestWithOrg,
} from "./invoices.repo";

type Deps = { db: Db; clock: Clock; timeZone: string; audit: Audit; files: FileService };

/** The organisation's invoiceable items today (local day in the business time zone). */
export async function itemsOf(
  tx: Tx,
  clock: Clock,
  timeZone: string,
  orgId: string,
): Promise<InvoiceableItem[]> {
  const today = toLocal(clock.now(), timeZone);
  const [bills, held] = await Promise.all([paidBills(tx, orgId), heldByItem(tx, orgId)]);
  return invoiceableItems(bills, held, today);
}

/** Requests with their items, as answers. */
export async function withItems(tx: Tx, rows: RequestWithOrg[]): Promise<InvoiceRequestRecord[]> {
  const items = await itemsOfRequests(
    tx,
    rows.map((r) => r.request.id),
  );
  return rows.map((r) => toRequest(r, items));
}

/** A page of requests, newest first for a tenant, oldest first for the operators' queue. */
export async function requestPage(
  db: Db,
  filter: RequestFilter,
  order: "newest" | "oldest",
  page: { pageNum: number; pageSize: number },
): Promise<Page<InvoiceRequestRecord>> {
  const rows = await pageOf(
    page,
    (limit, offset) => listRequests(db, filter, order, limit, offset),
    countRequests(db, filter),
    (r) => r,
  );
  return { ...rows, list: await withItems(db, rows.list) };
}

/** Why an allocation was refused, as the error the tenant reads. */
function refusal(result: Exclude<ReturnType<typeof allocateInvoice>, { ok: true }>): DomainError {
  switch (result.reason) {
    case "exceeds":
      return new DomainError("INVOICE_AMOUNT_EXCEEDS", { max: formatYuan(result.max) });
    case "notOpen":
      return new DomainError("INVOICE_POSTPAID_NOT_OPEN", {
        month: result.key.replace(/^postpaid:/, ""),
        opensOn: result.opensOn ? isoDay(result.opensOn) : "",
      });
    case "unknownItem":
      return new DomainError("INVOICE_ITEM_UNKNOWN");
    case "notPositive":
      return new DomainError("INVOICE_AMOUNT_EXCEEDS", { max: "0" });
  }
}

export type InvoiceRequestsService = ReturnType<typeof createInvoiceRequestsService>;

export function createInvoiceRequestsService(deps: Deps) {
  const { db, clock, timeZone, audit, files } = deps;

  async function create(
    tx: Tx,
    ctx: RequestContext,
    orgId: string,
    body: EndpointBody<typeof endpoints.invoices.request>,
  ): Promise<InvoiceRequestRecord> {
    await lockOrgInvoicing(tx, orgId);
    const title = await findTitle(tx, orgId, body.titleId);
    if (!title) throw new DomainError("INVOICE_TITLE_NOT_FOUND");
    // The enterprise may have lost its verification since the title was saved.
    await assertTitleAllowed(tx, orgId, title.type);
    const address = body.addressId ? await findAddress(tx, orgId, body.addressId) : undefined;
    if (body.medium === "paper" && !address) throw new DomainError("INVOICE_ADDRESS_NOT_FOUND");
    const items = await itemsOf(tx, clock, timeZone, orgId);
    const result = allocateInvoice(items, body.items, body.amount === null ? null : parseYuan(body.amount));
    if (!result.ok) throw refusal(result);
    const now = clock.now();
    const p = localParts(now, timeZone);
    const amount = result.shares.reduce((s, x) => s + x.amount, 0n);
    const id = newId();
    await insertRequest(
      tx,
      {
        id,
        requestNo: `INV${p.year}${p.month}${p.day}${randomDigits(8)}`,
        orgId,
        state: "invoicing",
        amount,
        medium: body.medium,
        title: titleCopy(title),
        address: body.medium === "paper" && address ? addressCopy(address) : null,
        remark: body.remark,
        requestedBy: ctx.actor.userId,
        createdAt: now,
      },
      result.shares,
    );
    const saved = (await findRequest(tx, id, orgId))!;
    await audit.record(tx, {
      action: "invoice.requested",
      ...ctx.auditBy,
      target: id,
      detail: { requestNo: saved.request.requestNo, amount: formatYuan(amount), name: title.name },
    });
    return (await withItems(tx, [saved]))[0]!;
  }

  return {
    async invoiceable(ctx: RequestContext): Promise<InvoiceableSummary> {
      const items = await itemsOf(db, clock, timeZone, ctx.ownTenant());
      return { total: formatYuan(items.reduce((s, i) => s + i.invoiceable, 0n)), items: items.map(toItem) };
    },

    request(ctx: RequestContext, body: EndpointBody<typeof endpoints.invoices.request>) {
      const orgId = ctx.ownTenant();
      return once(db, clock, `invoice:${orgId}`, ctx.idempotencyKey(), body, (tx) =>
        create(tx, ctx, orgId, body),
      );
    },

    list(ctx: RequestContext, query: EndpointQuery<typeof endpoints.invoices.listRequests>) {
      return requestPage(db, { orgId: ctx.ownTenant(), state: query.state }, "newest", query);
    },

    async get(ctx: RequestContext, id: string): Promise<InvoiceRequestRecord> {
      const row = await findRequest(db, id, ctx.ownTenant());
      if (!row) throw new DomainError("NOT_FOUND");
      return (await withItems(db, [row]))[0]!;
    },

    /** The issued PDF of the caller's own request; another organisation's answers as not found. */
    async pdf(ctx: RequestContext, id: string) {
      const row = await findRequest(db, id, ctx.ownTenant());
      if (!row?.request.pdfFileId) throw new DomainError("NOT_FOUND");
      return files.openAllowed(row.request.pdfFileId);
    },
  };
}
