// The organisation's mailing addresses for paper invoices: add, change, delete (CC0501).
import type { InvoiceAddress } from "@skyledger/contracts";
import { Button, Card, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMayAct } from "../../../components/require-org";
import { userDataCells } from "../../../components/user-data";
import { InvoiceAddressDialog } from "../../../features/invoices/invoice-address-dialog";
import {
  invoicesApi,
  useInvoiceAddresses,
  useRefreshInvoices,
} from "../../../features/invoices/invoices-api";
import { RowActions } from "../../../features/invoices/row-actions";
import { dash } from "../../../lib/format";

export function AddressesTab() {
  const { t } = useTranslation();
  const mayManage = useMayAct("manageInvoices");
  const addresses = useInvoiceAddresses();
  const refresh = useRefreshInvoices();
  const [editing, setEditing] = useState<InvoiceAddress | "new" | null>(null);
  const actions = {
    title: t("common.actions"),
    key: "actions",
    render: (_: unknown, row: InvoiceAddress) => (
      <RowActions
        name={row.recipient}
        testId={`invoice-address-${row.recipient}`}
        onEdit={() => setEditing(row)}
        onDelete={() => invoicesApi.removeAddress(row.id).then(refresh)}
      />
    ),
  };
  return (
    <Card>
      {mayManage && (
        <Button
          type="primary"
          onClick={() => setEditing("new")}
          style={{ marginBottom: 16 }}
          data-testid="invoice-address-add"
        >
          {t("invoices.addresses.addTitle")}
        </Button>
      )}
      <Table<InvoiceAddress>
        rowKey="id"
        loading={addresses.isFetching}
        dataSource={addresses.data ?? []}
        pagination={false}
        locale={{ emptyText: t("invoices.addresses.empty") }}
        data-testid="invoice-addresses"
        columns={[
          { title: t("invoices.addresses.recipient"), dataIndex: "recipient", ...userDataCells },
          { title: t("invoices.addresses.phone"), dataIndex: "phone" },
          { title: t("invoices.addresses.address"), dataIndex: "address", ...userDataCells },
          { title: t("invoices.addresses.postcode"), dataIndex: "postcode", render: (v: string) => dash(v) },
          ...(mayManage ? [actions] : []),
        ]}
      />
      {editing && (
        <InvoiceAddressDialog
          address={editing === "new" ? null : editing}
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
