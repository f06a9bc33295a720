// The operators' invoice queue (BA11): every tenant's requests by state and age (or one tenant's,
// for its page); issue one (the e-invoice PDF uploaded as `invoicePdf`, its number and, for paper,
// the tracking number) or reject it with a reason, which frees its amount. The decision, its audit row and the e-mail to the
// requester commit in one transaction.
import type { EndpointBody, EndpointQuery, endpoints, InvoiceRequestRecord } from "@skyledger/contracts";
import type { ActionDeps } from "../../platform/action-deps";
import type { Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { contactsOfUser } from "../iam/users.repo";
import { requestPage, withItems } from "./invoice-requests.service";
import {
  decideRequest,
  findRequest,
  type InvoiceRequestRow,
  pdfInUse,
  type RequestWithOrg,
} from "./invoices.repo";

type Deps = ActionDeps;

function noticeOf(request: InvoiceRequestRow) {
  const no = request.requestNo;
  return request.state === "invoiced"
    ? {
        title: `【Skyledger】发票已开具 / Invoice issued (${no})`,
        body:
          `您的发票申请 ${no} 已开具，发票号码 ${request.invoiceNumber}` +
          `${request.trackingNumber ? `，邮寄运单号 ${request.trackingNumber}` : ""}。可在“我的发票”中下载电子发票。\n` +
          `Your invoice request ${no} was issued: invoice number ${request.invoiceNumber}` +
          `${request.trackingNumber ? `, tracking number ${request.trackingNumber}` : ""}. Download the e-invoice under "My invoices".`,
      }
    : {
        title: `【Skyledger】发票申请被驳回 / Invoice request rejected (${no})`,
        body:
          `您的发票申请 ${no} 被驳回，原因：${request.rejectReason}。该金额可重新申请开票。\n` +
          `Your invoice request ${no} was rejected: ${request.rejectReason}. The amount can be requested again.`,
      };
}

export type InvoiceQueueService = ReturnType<typeof createInvoiceQueueService>;

export function createInvoiceQueueService(deps: Deps) {
  const { db, clock, audit, messaging, files } = deps;

  /** Moves a waiting request on, audits it and e-mails the requester, in one transaction. */
  function decide(
    ctx: RequestContext,
    id: string,
    check: (tx: Tx, found: RequestWithOrg) => Promise<void>,
    values: Parameters<typeof decideRequest>[2],
  ): Promise<InvoiceRequestRecord> {
    return db.transaction(async (tx) => {
      const found = await findRequest(tx, id);
      if (!found) throw new DomainError("NOT_FOUND");
      await check(tx, found);
      const row = await decideRequest(tx, id, {
        ...values,
        decidedBy: ctx.actor.userId,
        decidedAt: clock.now(),
      });
      if (!row) throw new DomainError("INVOICE_NOT_PENDING");
      await audit.record(tx, {
        action: row.state === "invoiced" ? "invoice.issued" : "invoice.rejected",
        ...ctx.auditBy,
        target: id,
        detail: {
          requestNo: row.requestNo,
          ...(row.invoiceNumber ? { invoiceNumber: row.invoiceNumber } : {}),
          ...(row.trackingNumber ? { trackingNumber: row.trackingNumber } : {}),
          ...(row.rejectReason ? { reason: row.rejectReason } : {}),
        },
      });
      // The requester hears of it in the message centre and by e-mail (unless their organisation
      // turned billing e-mails off).
      const contact = row.requestedBy ? await contactsOfUser(tx, row.requestedBy) : undefined;
      if (contact) {
        await messaging.notify(tx, {
          to: contact,
          type: "billing",
          purpose: row.state === "invoiced" ? "invoice.invoiced" : "invoice.rejected",
          channels: ["email"],
          ...noticeOf(row),
        });
      }
      return (await withItems(tx, [{ request: row, orgName: found.orgName }]))[0]!;
    });
  }

  return {
    list(query: EndpointQuery<typeof endpoints.invoices.queue>) {
      const filter = { state: query.state, ...(query.orgId ? { orgId: query.orgId } : {}) };
      return requestPage(db, filter, query.order, query);
    },

    async get(id: string): Promise<InvoiceRequestRecord> {
      const row = await findRequest(db, id);
      if (!row) throw new DomainError("NOT_FOUND");
      return (await withItems(db, [row]))[0]!;
    },

    async pdf(id: string) {
      const row = await findRequest(db, id);
      if (!row?.request.pdfFileId) throw new DomainError("NOT_FOUND");
      return files.openAllowed(row.request.pdfFileId);
    },

    issue(ctx: RequestContext, id: string, body: EndpointBody<typeof endpoints.invoices.issue>) {
      return decide(
        ctx,
        id,
        async (tx, found) => {
          // The PDF was checked by its bytes at upload; here it must be one of this purpose, uploaded
          // by an operator of the queue, and not already another request's invoice.
          const [file] = await files.byIds(tx, [body.pdfFileId]);
          if (file?.purpose !== "invoicePdf" || (await pdfInUse(tx, file.id))) {
            throw new DomainError("INVOICE_PDF_INVALID");
          }
          if (found.request.medium === "paper" && !body.trackingNumber) {
            throw new DomainError("INVOICE_TRACKING_REQUIRED");
          }
        },
        {
          state: "invoiced",
          pdfFileId: body.pdfFileId,
          invoiceNumber: body.invoiceNumber,
          trackingNumber: body.trackingNumber || null,
        },
      );
    },

    reject(ctx: RequestContext, id: string, body: EndpointBody<typeof endpoints.invoices.reject>) {
      return decide(ctx, id, async () => {}, { state: "rejected", rejectReason: body.reason });
    },
  };
}
