// Rows to answers: titles, addresses and requests as the endpoints describe them (money as yuan text).
import { formatYuan, type InvoiceableItem, type LocalDate } from "@skyledger/billing";
import type {
  InvoiceAddress,
  InvoiceableItemDto,
  InvoiceRequestRecord,
  InvoiceTitle,
} from "@skyledger/contracts";
import type { InvoiceAddressRow, InvoiceTitleRow, RequestWithOrg } from "./invoices.repo";

export const titleCopy = (row: InvoiceTitleRow) => ({
  type: row.type,
  name: row.name,
  taxNumber: row.taxNumber,
  bankName: row.bankName,
  bankAccount: row.bankAccount,
  registeredAddress: row.registeredAddress,
  registeredPhone: row.registeredPhone,
});

export const addressCopy = (row: InvoiceAddressRow) => ({
  recipient: row.recipient,
  phone: row.phone,
  address: row.address,
  postcode: row.postcode,
});

export const toTitle = (row: InvoiceTitleRow): InvoiceTitle => ({
  id: row.id,
  ...titleCopy(row),
  createdAt: row.createdAt.toISOString(),
});

export const toAddress = (row: InvoiceAddressRow): InvoiceAddress => ({
  id: row.id,
  ...addressCopy(row),
  createdAt: row.createdAt.toISOString(),
});

const pad = (n: number) => String(n).padStart(2, "0");
export const isoDay = (d: LocalDate) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

export const toItem = (item: InvoiceableItem): InvoiceableItemDto => ({
  key: item.key,
  kind: item.kind,
  reference: item.reference,
  chargeType: item.chargeType,
  paid: formatYuan(item.paid),
  requested: formatYuan(item.requested),
  invoiceable: formatYuan(item.invoiceable),
  open: item.open,
  opensOn: item.opensOn ? isoDay(item.opensOn) : null,
});

export type RequestItemRow = { requestId: string; key: string; amount: bigint };

export function toRequest(
  { request: r, orgName }: RequestWithOrg,
  items: RequestItemRow[],
): InvoiceRequestRecord {
  return {
    id: r.id,
    requestNo: r.requestNo,
    orgId: r.orgId,
    orgName,
    state: r.state,
    amount: formatYuan(r.amount),
    medium: r.medium,
    title: r.title,
    address: r.address ?? null,
    items: items
      .filter((i) => i.requestId === r.id)
      .map((i) => ({ key: i.key, amount: formatYuan(i.amount) })),
    remark: r.remark,
    invoiceNumber: r.invoiceNumber,
    trackingNumber: r.trackingNumber,
    hasPdf: r.pdfFileId !== null,
    rejectReason: r.rejectReason,
    requestedBy: r.requestedBy,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}
