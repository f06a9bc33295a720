// A tenant's invoice titles and mailing addresses (CC05 reads, CC0501 changes). A VAT special title
// is only for an organisation whose enterprise verification succeeded (spec §3, issue 17), checked
// on every save; the fields each type needs are checked by the request schema (api/invoices.ts).
import type {
  AuditDetail,
  EndpointBody,
  endpoints,
  InvoiceAddress,
  InvoiceTitle,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { orgCertification } from "../verification/verification.repo";
import { toAddress, toTitle } from "./invoice-records";
import {
  deleteAddress,
  deleteTitle,
  insertAddress,
  insertTitle,
  listAddresses,
  listTitles,
  updateAddress,
  updateTitle,
} from "./invoices.repo";

type TitleBody = EndpointBody<typeof endpoints.invoices.createTitle>;
type AddressBody = EndpointBody<typeof endpoints.invoices.createAddress>;

/** Throws unless the organisation may hold a title of this type. */
export async function assertTitleAllowed(tx: Tx, orgId: string, type: TitleBody["type"]): Promise<void> {
  if (type !== "vatSpecial") return;
  const cert = await orgCertification(tx, orgId);
  if (cert?.status !== "authSucceed" || cert.type !== "company") {
    throw new DomainError("INVOICE_SPECIAL_NEEDS_VERIFIED_ENTERPRISE");
  }
}

/** A personal title carries no company fields, whatever the form sent. */
const titleValues = (body: TitleBody) =>
  body.type === "personal"
    ? { ...body, taxNumber: "", bankName: "", bankAccount: "", registeredAddress: "", registeredPhone: "" }
    : body;

export type InvoiceTitlesService = ReturnType<typeof createInvoiceTitlesService>;

export function createInvoiceTitlesService(deps: { db: Db; clock: Clock; audit: Audit }) {
  const { db, clock, audit } = deps;

  /** One change and its audit row in one transaction; a missing row is NOT_FOUND. */
  function audited<R extends { id: string } & D, T, D>(
    ctx: RequestContext,
    action: string,
    change: (tx: Tx, orgId: string) => Promise<R | undefined>,
    answer: (row: R) => T,
    detail: (row: D) => AuditDetail,
  ): Promise<T> {
    const orgId = ctx.ownTenant();
    return db.transaction(async (tx) => {
      const row = await change(tx, orgId);
      if (!row) throw new DomainError("NOT_FOUND");
      await audit.record(tx, { action, ...ctx.auditBy, target: row.id, detail: detail(row) });
      return answer(row);
    });
  }

  const titleDetail = (row: { name: string; type: TitleBody["type"] }) => ({
    name: row.name,
    invoiceTitleType: row.type,
  });
  const addressDetail = (row: { recipient: string }) => ({ recipient: row.recipient });

  return {
    async listTitles(ctx: RequestContext): Promise<InvoiceTitle[]> {
      return (await listTitles(db, ctx.ownTenant())).map(toTitle);
    },

    createTitle(ctx: RequestContext, body: TitleBody): Promise<InvoiceTitle> {
      return audited(
        ctx,
        "invoiceTitle.created",
        async (tx, orgId) => {
          await assertTitleAllowed(tx, orgId, body.type);
          return insertTitle(tx, { id: newId(), orgId, ...titleValues(body), createdAt: clock.now() });
        },
        toTitle,
        titleDetail,
      );
    },

    updateTitle(ctx: RequestContext, id: string, body: TitleBody): Promise<InvoiceTitle> {
      return audited(
        ctx,
        "invoiceTitle.updated",
        async (tx, orgId) => {
          await assertTitleAllowed(tx, orgId, body.type);
          return updateTitle(tx, orgId, id, titleValues(body));
        },
        toTitle,
        titleDetail,
      );
    },

    removeTitle(ctx: RequestContext, id: string) {
      return audited(
        ctx,
        "invoiceTitle.deleted",
        (tx, orgId) => deleteTitle(tx, orgId, id),
        () => ({ ok: true as const }),
        titleDetail,
      );
    },

    async listAddresses(ctx: RequestContext): Promise<InvoiceAddress[]> {
      return (await listAddresses(db, ctx.ownTenant())).map(toAddress);
    },

    createAddress(ctx: RequestContext, body: AddressBody): Promise<InvoiceAddress> {
      return audited(
        ctx,
        "invoiceAddress.created",
        (tx, orgId) => insertAddress(tx, { id: newId(), orgId, ...body, createdAt: clock.now() }),
        toAddress,
        addressDetail,
      );
    },

    updateAddress(ctx: RequestContext, id: string, body: AddressBody): Promise<InvoiceAddress> {
      return audited(
        ctx,
        "invoiceAddress.updated",
        (tx, orgId) => updateAddress(tx, orgId, id, body),
        toAddress,
        addressDetail,
      );
    },

    removeAddress(ctx: RequestContext, id: string) {
      return audited(
        ctx,
        "invoiceAddress.deleted",
        (tx, orgId) => deleteAddress(tx, orgId, id),
        () => ({ ok: true as const }),
        addressDetail,
      );
    },
  };
}
