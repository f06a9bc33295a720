// The invoiceable amount by order and postpaid month (a month not open yet says from when), the
// new-request dialog and the organisation's requests with their states.
import {
  endpoints,
  INVOICE_REQUEST_STATES,
  type InvoiceableItemDto,
  type InvoiceRequestRecord,
  type InvoiceRequestState,
} from "@skyledger/contracts";
import { Button, Card, Space, Statistic, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "../../../components/money-text";
import { PagedTable } from "../../../components/paged-table";
import { useMayAct } from "../../../components/require-org";
import { StatusFilter } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { ItemName } from "../../../features/invoices/invoice-item-name";
import { InvoiceRequestDialog } from "../../../features/invoices/invoice-request-dialog";
import {
  INVOICE_REQUESTS_KEY,
  useInvoiceable,
  useRefreshInvoices,
} from "../../../features/invoices/invoices-api";
import { requestColumns } from "../../../features/invoices/request-columns";
import { formatYuan } from "../../../lib/money";

export function RequestsTab() {
  const { t } = useTranslation();
  const mayRequest = useMayAct("manageInvoices");
  const [state, setState] = useState<InvoiceRequestState | undefined>();
  const [dialog, setDialog] = useState(false);
  const summary = useInvoiceable();
  const refresh = useRefreshInvoices();
  const list = usePagedQuery(INVOICE_REQUESTS_KEY, endpoints.invoices.listRequests, state ? { state } : {});

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Card>
        <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
          <Statistic
            title={t("invoices.invoiceable.total")}
            value={formatYuan(summary.data?.total ?? "0")}
            data-testid="invoiceable-total"
          />
          {mayRequest && (
            <Button
              type="primary"
              disabled={!summary.data || summary.data.total === "0.00000"}
              onClick={() => setDialog(true)}
              data-testid="invoice-request-open"
            >
              {t("invoices.request.open")}
            </Button>
          )}
        </Space>
        <Table<InvoiceableItemDto>
          rowKey="key"
          size="small"
          style={{ marginTop: 16 }}
          loading={summary.isFetching}
          dataSource={summary.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: t("invoices.invoiceable.empty") }}
          data-testid="invoiceable-items"
          onRow={(row) => ({ "data-testid": `invoiceable-${row.key}` }) as never}
          columns={[
            {
              title: t("invoices.invoiceable.item"),
              key: "item",
              render: (_, row) => <ItemName item={row} />,
            },
            {
              title: t("invoices.invoiceable.paid"),
              dataIndex: "paid",
              render: (v: string) => <Yuan value={v} />,
            },
            {
              title: t("invoices.invoiceable.requested"),
              dataIndex: "requested",
              render: (v: string) => <Yuan value={v} />,
            },
            {
              title: t("invoices.invoiceable.left"),
              dataIndex: "invoiceable",
              render: (v: string, row) =>
                row.open ? (
                  <Yuan value={v} strong />
                ) : (
                  t("invoices.invoiceable.opensOn", { date: row.opensOn })
                ),
            },
          ]}
        />
      </Card>
      <Card>
        <Space style={{ marginBottom: 16 }}>
          <StatusFilter
            kind="invoice"
            statuses={INVOICE_REQUEST_STATES}
            value={state}
            onChange={list.onFilter(setState)}
            width={180}
            testId="invoice-state-filter"
          />
        </Space>
        <PagedTable<InvoiceRequestRecord>
          rowKey="id"
          list={list}
          emptyText={t("invoices.requests.empty")}
          data-testid="invoice-requests"
          rowTestId={(row) => `invoice-row-${row.requestNo}`}
          columns={[
            {
              title: t("invoices.fields.requestNo"),
              dataIndex: "requestNo",
              render: (v: string, row) => (
                <Link to={`/mgt/invoice/${row.id}`} data-testid={`invoice-open-${v}`}>
                  {v}
                </Link>
              ),
            },
            ...requestColumns(t),
          ]}
        />
      </Card>
      {dialog && summary.data && (
        <InvoiceRequestDialog
          summary={summary.data}
          onClose={() => setDialog(false)}
          onDone={() => {
            setDialog(false);
            void refresh();
          }}
        />
      )}
    </Space>
  );
}
