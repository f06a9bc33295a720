// The organisation's invoice titles: add, change, delete (CC0501).
import type { InvoiceTitle } from "@skyledger/contracts";
import { Button, Card, Table, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMayAct } from "../../../components/require-org";
import { userDataCells } from "../../../components/user-data";
import { InvoiceTitleDialog } from "../../../features/invoices/invoice-title-dialog";
import { invoicesApi, useInvoiceTitles, useRefreshInvoices } from "../../../features/invoices/invoices-api";
import { RowActions } from "../../../features/invoices/row-actions";
import { dash } from "../../../lib/format";

export function TitlesTab() {
  const { t } = useTranslation();
  const mayManage = useMayAct("manageInvoices");
  const titles = useInvoiceTitles();
  const refresh = useRefreshInvoices();
  const [editing, setEditing] = useState<InvoiceTitle | "new" | null>(null);
  return (
    <Card>
      {mayManage && (
        <Button
          type="primary"
          onClick={() => setEditing("new")}
          style={{ marginBottom: 16 }}
          data-testid="invoice-title-add"
        >
          {t("invoices.titles.addTitle")}
        </Button>
      )}
      <Table<InvoiceTitle>
        rowKey="id"
        loading={titles.isFetching}
        dataSource={titles.data ?? []}
        pagination={false}
        locale={{ emptyText: t("invoices.titles.empty") }}
        data-testid="invoice-titles"
        columns={[
          { title: t("invoices.titles.name"), dataIndex: "name", ...userDataCells },
          {
            title: t("invoices.titles.type"),
            dataIndex: "type",
            render: (v: string) => <Tag>{t(`invoices.titleType.${v}`)}</Tag>,
          },
          { title: t("invoices.titles.taxNumber"), dataIndex: "taxNumber", render: (v: string) => dash(v) },
          {
            title: t("invoices.titles.bankName"),
            dataIndex: "bankName",
            ...userDataCells,
            render: (v: string) => dash(v),
          },
          ...(mayManage
            ? [
                {
                  title: t("common.actions"),
                  key: "actions",
                  render: (_: unknown, row: InvoiceTitle) => (
                    <RowActions
                      name={row.name}
                      testId={`invoice-title-${row.name}`}
                      onEdit={() => setEditing(row)}
                      onDelete={() => invoicesApi.removeTitle(row.id).then(refresh)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <InvoiceTitleDialog
          title={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
