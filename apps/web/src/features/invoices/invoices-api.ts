// Invoice calls (endpoints.invoices: CC05 reads, CC0501 acts, BA11 works the queue) and their
// cache keys.
import {
  endpoints,
  type InvoiceAddressBody,
  type InvoiceIssueBody,
  type InvoiceRequestBody,
  type InvoiceTitleBody,
} from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** The paged lists' keys for usePagedQuery (its query keys start with "ops"). */
export const INVOICE_REQUESTS_KEY = "invoiceRequests";
export const INVOICE_QUEUE_KEY = "invoiceQueue";

const e = endpoints.invoices;

export const invoicesApi = {
  createTitle: (body: InvoiceTitleBody) => api.call(e.createTitle, { body }),
  updateTitle: (id: string, body: InvoiceTitleBody) => api.call(e.updateTitle, { params: { id }, body }),
  removeTitle: (id: string) => api.call(e.removeTitle, { params: { id } }),
  createAddress: (body: InvoiceAddressBody) => api.call(e.createAddress, { body }),
  updateAddress: (id: string, body: InvoiceAddressBody) =>
    api.call(e.updateAddress, { params: { id }, body }),
  removeAddress: (id: string) => api.call(e.removeAddress, { params: { id } }),
  request: (body: InvoiceRequestBody, idempotencyKey: string) =>
    api.call(e.request, { body, idempotencyKey }),
  pdf: (id: string) => api.callDownload(e.downloadPdf, { params: { id } }),
  queuePdf: (id: string) => api.callDownload(e.queuePdf, { params: { id } }),
  issue: (id: string, body: InvoiceIssueBody) => api.call(e.issue, { params: { id }, body }),
  reject: (id: string, reason: string) => api.call(e.reject, { params: { id }, body: { reason } }),
};

export const useInvoiceTitles = () =>
  useQuery({ queryKey: ["invoiceTitles"], queryFn: () => api.call(e.listTitles, {}) });

export const useInvoiceAddresses = () =>
  useQuery({ queryKey: ["invoiceAddresses"], queryFn: () => api.call(e.listAddresses, {}) });

export const useInvoiceable = () =>
  useQuery({ queryKey: ["invoiceable"], queryFn: () => api.call(e.invoiceable, {}) });

export const useInvoiceRequest = (id: string, operator: boolean) =>
  useQuery({
    queryKey: ["invoiceRequest", id, operator],
    queryFn: () => api.call(operator ? e.queueItem : e.getRequest, { params: { id } }),
  });

/** After any change: titles, addresses, the invoiceable amount and both request lists are read again. */
export function useRefreshInvoices() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      ["invoiceTitles", "invoiceAddresses", "invoiceable", "invoiceRequest"].map((key) =>
        client.invalidateQueries({ queryKey: [key] }),
      ),
    ).then(() =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["ops", INVOICE_REQUESTS_KEY] }),
        client.invalidateQueries({ queryKey: ["ops", INVOICE_QUEUE_KEY] }),
      ]),
    );
}
