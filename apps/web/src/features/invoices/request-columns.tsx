// The columns a tenant's request list and the operators' queue share: amount, title, medium,
// state and when it was asked for.
import type { InvoiceRequestRecord } from "@skyledger/contracts";
import type { TableColumnsType } from "antd";
import type { TFunction } from "i18next";
import { Yuan } from "../../components/money-text";
import { StatusTag } from "../../components/status-tags";
import { userDataCells } from "../../components/user-data";
import { formatDateTime } from "../../lib/format";

export function requestColumns(t: TFunction): TableColumnsType<InvoiceRequestRecord> {
  return [
    { title: t("invoices.fields.amount"), dataIndex: "amount", render: (v: string) => <Yuan value={v} /> },
    // The title's name is the tenant's own words (a company's or a person's name).
    {
      title: t("invoices.request.invoiceTitle"),
      key: "title",
      ...userDataCells,
      render: (_, row) => row.title.name,
    },
    {
      title: t("invoices.request.medium"),
      dataIndex: "medium",
      render: (v: string) => t(`invoices.medium.${v}`),
    },
    {
      title: t("common.status"),
      dataIndex: "state",
      render: (v: string, row) => (
        <StatusTag kind="invoice" status={v} testId={`invoice-state-${row.requestNo}`} />
      ),
    },
    {
      title: t("invoices.fields.requestedAt"),
      dataIndex: "createdAt",
      render: (v: string) => formatDateTime(v),
    },
  ];
}
