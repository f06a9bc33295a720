// Endpoints of invoices (what each property means: define.ts). Tenants read with CC05 and act with
// CC0501 (titles, addresses, requests); operators work the queue with BA11.

import { z } from "zod";
import { ok, page } from "../api/common";
import {
  invoiceAddress,
  invoiceAddressBody,
  invoiceableSummary,
  invoiceIdParams,
  invoiceIssueBody,
  invoiceQueueQuery,
  invoiceRejectBody,
  invoiceRequestBody,
  invoiceRequestQuery,
  invoiceRequestRecord,
  invoiceTitle,
  invoiceTitleBody,
} from "../api/invoices";
import { defineEndpoint } from "./define";

const tenant = { access: "user", tenantOnly: true, tags: ["invoices"] } as const;
const READ = ["CC05"] as const;
const MANAGE = ["CC0501"] as const;
const operator = { access: "user", tags: ["invoices"], permissions: ["BA11"] } as const;

export const invoicesEndpoints = {
  listTitles: defineEndpoint({
    ...tenant,
    method: "GET",
    path: "/api/invoices/titles",
    summary: "The organisation's invoice titles",
    permissions: READ,
    response: z.array(invoiceTitle),
  }),
  createTitle: defineEndpoint({
    ...tenant,
    method: "POST",
    path: "/api/invoices/titles",
    summary: "Add an invoice title; a VAT special title only for a verified enterprise",
    permissions: MANAGE,
    body: invoiceTitleBody,
    response: invoiceTitle,
  }),
  updateTitle: defineEndpoint({
    ...tenant,
    method: "PUT",
    path: "/api/invoices/titles/:id",
    summary: "Change an invoice title (requests already made keep the title they were made with)",
    permissions: MANAGE,
    params: invoiceIdParams,
    body: invoiceTitleBody,
    response: invoiceTitle,
  }),
  removeTitle: defineEndpoint({
    ...tenant,
    method: "DELETE",
    path: "/api/invoices/titles/:id",
    summary: "Delete an invoice title",
    permissions: MANAGE,
    params: invoiceIdParams,
    response: ok,
  }),
  listAddresses: defineEndpoint({
    ...tenant,
    method: "GET",
    path: "/api/invoices/addresses",
    summary: "The organisation's mailing addresses for paper invoices",
    permissions: READ,
    response: z.array(invoiceAddress),
  }),
  createAddress: defineEndpoint({
    ...tenant,
    method: "POST",
    path: "/api/invoices/addresses",
    summary: "Add a mailing address",
    permissions: MANAGE,
    body: invoiceAddressBody,
    response: invoiceAddress,
  }),
  updateAddress: defineEndpoint({
    ...tenant,
    method: "PUT",
    path: "/api/invoices/addresses/:id",
    summary: "Change a mailing address",
    permissions: MANAGE,
    params: invoiceIdParams,
    body: invoiceAddressBody,
    response: invoiceAddress,
  }),
  removeAddress: defineEndpoint({
    ...tenant,
    method: "DELETE",
    path: "/api/invoices/addresses/:id",
    summary: "Delete a mailing address",
    permissions: MANAGE,
    params: invoiceIdParams,
    response: ok,
  }),
  invoiceable: defineEndpoint({
    ...tenant,
    method: "GET",
    path: "/api/invoices/invoiceable",
    summary:
      "The invoiceable amount by order and postpaid month: cash and credit paid, less what requests hold; postpaid months open on the 4th of the next month",
    permissions: READ,
    response: invoiceableSummary,
  }),
  listRequests: defineEndpoint({
    ...tenant,
    method: "GET",
    path: "/api/invoices/requests",
    summary: "The organisation's invoice requests, newest first",
    permissions: READ,
    query: invoiceRequestQuery,
    response: page(invoiceRequestRecord),
  }),
  getRequest: defineEndpoint({
    ...tenant,
    method: "GET",
    path: "/api/invoices/requests/:id",
    summary: "One invoice request with its state, items and rejection reason",
    permissions: READ,
    params: invoiceIdParams,
    response: invoiceRequestRecord,
  }),
  request: defineEndpoint({
    ...tenant,
    method: "POST",
    path: "/api/invoices/requests",
    summary:
      "Request an invoice for chosen items or an amount up to the invoiceable total; the amount is held until the request is rejected (needs an Idempotency-Key header)",
    permissions: MANAGE,
    idempotency: "always",
    body: invoiceRequestBody,
    response: invoiceRequestRecord,
  }),
  downloadPdf: defineEndpoint({
    ...tenant,
    method: "GET",
    path: "/api/invoices/requests/:id/pdf",
    summary: "The issued e-invoice PDF of one of the organisation's requests",
    permissions: READ,
    rawReply: true,
    params: invoiceIdParams,
  }),
  queue: defineEndpoint({
    ...operator,
    method: "GET",
    path: "/api/ops/invoices",
    summary:
      "Every tenant's invoice requests by state, oldest first (or one tenant's, by orgId, in either order)",
    query: invoiceQueueQuery,
    response: page(invoiceRequestRecord),
  }),
  queueItem: defineEndpoint({
    ...operator,
    method: "GET",
    path: "/api/ops/invoices/:id",
    summary: "One invoice request of any tenant",
    params: invoiceIdParams,
    response: invoiceRequestRecord,
  }),
  queuePdf: defineEndpoint({
    ...operator,
    method: "GET",
    path: "/api/ops/invoices/:id/pdf",
    summary: "The issued e-invoice PDF of a request",
    rawReply: true,
    params: invoiceIdParams,
  }),
  issue: defineEndpoint({
    ...operator,
    method: "POST",
    path: "/api/ops/invoices/:id/issue",
    summary:
      "Issue a request: the e-invoice PDF (an uploaded invoicePdf file), its number and, for paper, the mailing tracking number; the tenant is told by e-mail",
    params: invoiceIdParams,
    body: invoiceIssueBody,
    response: invoiceRequestRecord,
  }),
  reject: defineEndpoint({
    ...operator,
    method: "POST",
    path: "/api/ops/invoices/:id/reject",
    summary:
      "Reject a request with a reason; its amount becomes invoiceable again and the tenant is told by e-mail",
    params: invoiceIdParams,
    body: invoiceRejectBody,
    response: invoiceRequestRecord,
  }),
};
