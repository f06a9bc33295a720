// Payment notifications a gateway confirmed but Skyledger could not credit (the amount differs, the
// top-up was cancelled or is unknown, or the ledger refused the entry): shown with the reason, and
// retried by an operator once the cause is fixed — never retried silently.
import type { PaymentFailureRecord } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Button, Space, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Yuan } from "../../../components/money-text";
import { NameWithId } from "../../../components/name-with-id";
import { PagedTable } from "../../../components/paged-table";
import { useMayActHere } from "../../../components/require-org";
import { StatusFilter, StatusTag } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { retryPaymentFailure } from "../../../features/finance/finance-api";
import { dash, formatDateTime } from "../../../lib/format";

type Status = PaymentFailureRecord["status"];
const STATUSES: readonly Status[] = ["open", "resolved"];

export function PaymentFailuresTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mayAct = useMayActHere();
  const [status, setStatus] = useState<Status | undefined>("open");
  const [retrying, setRetrying] = useState<string | null>(null);
  const list = usePagedQuery("paymentFailures", endpoints.financeOps.listPaymentFailures, { status });

  const retry = async (row: PaymentFailureRecord) => {
    setRetrying(row.id);
    try {
      const { failure } = await retryPaymentFailure(row.id);
      if (failure.status === "resolved") void message.success(t("finance.approvals.retried.resolved"));
      else void message.warning(t("finance.approvals.retried.open", { reason: reasonText(failure.reason) }));
      await list.query.refetch();
    } finally {
      setRetrying(null);
    }
  };
  const reasonText = (reason: string) => t(`finance.approvals.reasons.${reason}`, { defaultValue: reason });

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <StatusFilter
          kind="paymentFailure"
          statuses={STATUSES}
          value={status}
          onChange={list.onFilter(setStatus)}
          width={180}
          testId="payment-failures-status"
        />
      </Space>
      <PagedTable<PaymentFailureRecord>
        rowKey="id"
        list={list}
        emptyText={t("finance.approvals.emptyFailures")}
        scroll={{ x: 1300 }}
        data-testid="payment-failures-table"
        columns={[
          {
            title: t("finance.approvals.lastFailedAt"),
            dataIndex: "lastFailedAt",
            render: (v: string) => formatDateTime(v),
          },
          {
            title: t("finance.recharge.channel"),
            dataIndex: "channel",
            render: (v: string) => t(`finance.channel.${v}`),
          },
          { title: t("finance.recharge.rechargeNo"), dataIndex: "rechargeNo" },
          { title: t("finance.approvals.tradeNo"), dataIndex: "tradeNo" },
          {
            title: t("finance.ops.accounts.orgName"),
            key: "org",
            render: (_, r) => <NameWithId name={r.orgName} id={r.orgId} />,
          },
          {
            title: t("finance.recharge.amount"),
            dataIndex: "amount",
            align: "right",
            render: (v: string) => <Yuan value={v} strong />,
          },
          {
            title: t("finance.approvals.reason"),
            dataIndex: "reason",
            render: (v: string, r) => (
              <Tooltip title={r.detail ?? undefined}>
                <span data-testid={`payment-failure-reason-${r.id}`}>{reasonText(v)}</span>
              </Tooltip>
            ),
          },
          { title: t("finance.approvals.attempts"), dataIndex: "attempts", align: "right" },
          {
            title: t("common.status"),
            dataIndex: "status",
            render: (_, r) => (
              <StatusTag kind="paymentFailure" status={r.status} testId={`payment-failure-status-${r.id}`} />
            ),
          },
          {
            title: t("finance.approvals.resolvedBy"),
            dataIndex: "resolvedByAccount",
            render: (v: string | null) => dash(v),
          },
          {
            title: t("common.actions"),
            key: "actions",
            fixed: "right",
            hidden: !mayAct,
            render: (_, row) =>
              row.status === "open" ? (
                <Button
                  type="link"
                  size="small"
                  loading={retrying === row.id}
                  onClick={() => void retry(row).catch(() => {})}
                  data-testid={`payment-failure-retry-${row.id}`}
                >
                  {t("finance.approvals.retry")}
                </Button>
              ) : null,
          },
        ]}
      />
    </>
  );
}
