// /sys/invoices (BA11): every tenant's invoice requests by state, oldest first; a waiting one is
// issued (PDF, invoice number, tracking number) or rejected with a reason; any one opens in a drawer.

import {
  endpoints,
  INVOICE_REQUEST_STATES,
  type InvoiceRequestRecord,
  type InvoiceRequestState,
} from "@skyledger/contracts";
import { App, Button, Card, Drawer, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { StatusFilter } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { IssueInvoiceDialog, RejectInvoiceDialog } from "../../../features/invoices/invoice-decision-dialogs";
import { InvoiceRequestById } from "../../../features/invoices/invoice-request-view";
import { INVOICE_QUEUE_KEY, useRefreshInvoices } from "../../../features/invoices/invoices-api";
import { requestColumns } from "../../../features/invoices/request-columns";

type Decision = { kind: "issue" | "reject"; request: InvoiceRequestRecord };

export function InvoiceQueuePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [state, setState] = useState<InvoiceRequestState | undefined>("invoicing");
  const [open, setOpen] = useState<string | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const mayAct = useMayActHere();
  const list = usePagedQuery(INVOICE_QUEUE_KEY, endpoints.invoices.queue, state ? { state } : {});
  const refresh = useRefreshInvoices();
  const done = (key: string) => () => {
    void message.success(t(key, { requestNo: decision?.request.requestNo }));
    setDecision(null);
    void refresh();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("invoices.queue.title")}
      </Typography.Title>
      <ReadOnlyNote />
      <Card>
        <Space style={{ marginBottom: 16 }}>
          <StatusFilter
            kind="invoice"
            statuses={INVOICE_REQUEST_STATES}
            value={state}
            onChange={list.onFilter(setState)}
            width={180}
            testId="invoice-queue-filter"
          />
        </Space>
        <PagedTable<InvoiceRequestRecord>
          rowKey="id"
          list={list}
          emptyText={t("invoices.queue.empty")}
          data-testid="invoice-queue"
          rowTestId={(row) => `invoice-queue-row-${row.requestNo}`}
          columns={[
            {
              title: t("invoices.fields.requestNo"),
              dataIndex: "requestNo",
              render: (v: string, row) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setOpen(row.id)}
                  data-testid={`invoice-queue-open-${v}`}
                >
                  {v}
                </Button>
              ),
            },
            { title: t("invoices.fields.org"), ...userDataCells, dataIndex: "orgName" },
            ...requestColumns(t),
            {
              title: t("common.actions"),
              key: "actions",
              hidden: !mayAct,
              render: (_, row) =>
                row.state === "invoicing" && (
                  <Space>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setDecision({ kind: "issue", request: row })}
                      data-testid={`invoice-issue-${row.requestNo}`}
                    >
                      {t("invoices.queue.issue")}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => setDecision({ kind: "reject", request: row })}
                      data-testid={`invoice-reject-${row.requestNo}`}
                    >
                      {t("invoices.queue.reject")}
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={720}
        title={t("invoices.detailTitle")}
        destroyOnHidden
      >
        {open && <InvoiceRequestById id={open} operator />}
      </Drawer>
      {decision?.kind === "issue" && (
        <IssueInvoiceDialog
          request={decision.request}
          onClose={() => setDecision(null)}
          onDone={done("invoices.queue.issued")}
        />
      )}
      {decision?.kind === "reject" && (
        <RejectInvoiceDialog
          request={decision.request}
          onClose={() => setDecision(null)}
          onDone={done("invoices.queue.rejected")}
        />
      )}
    </>
  );
}
