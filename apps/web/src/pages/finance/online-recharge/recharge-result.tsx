// Where the gateway sends the browser back: the top-up's status, asked every 2 seconds until it
// succeeded, failed or expired (spec §4 "Recharge: success or failed"; credited within half an hour).
import type { RechargeRecord } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Card, Descriptions, Result, Spin, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Yuan } from "../../../components/money-text";
import { useHasCode } from "../../../components/require-org";
import { StatusTag } from "../../../components/status-tags";
import { LoadFailed } from "../../../components/table-states";
import { fetchAccount, fetchRecharge, financeKeys } from "../../../features/finance/finance-api";
import { ApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";

export const RECHARGE_POLL_MS = 2000;

export const isFinal = (status: RechargeRecord["status"] | undefined) =>
  status === "success" || status === "failed" || status === "expired";

export function RechargeResult({ rechargeNo }: { rechargeNo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canSeeDetails = useHasCode("CC04");
  const recharge = useQuery({
    queryKey: financeKeys.recharge(rechargeNo),
    queryFn: () => fetchRecharge(rechargeNo),
    // Until the outcome is known; a refused request (not a dropped one) ends the polling.
    refetchInterval: (query) => {
      const error = query.state.error;
      if (error && !(error instanceof ApiError && error.transient)) return false;
      return isFinal(query.state.data?.status) ? false : RECHARGE_POLL_MS;
    },
  });
  const record = recharge.data;
  const succeeded = record?.status === "success";
  const account = useQuery({
    queryKey: financeKeys.account,
    queryFn: fetchAccount,
    enabled: succeeded,
  });

  // The balance read before the payment is stale once the money arrived.
  useEffect(() => {
    if (succeeded) void queryClient.invalidateQueries({ queryKey: financeKeys.account });
  }, [succeeded, queryClient]);

  const again = (
    <Button
      key="again"
      type="primary"
      onClick={() => void navigate("/mgt/onlinerecharge")}
      data-testid="recharge-again"
    >
      {t("finance.topup.again")}
    </Button>
  );
  const details = canSeeDetails ? (
    <Button key="details" onClick={() => void navigate("/mgt/rechargedetails")}>
      {t("finance.topup.viewDetails")}
    </Button>
  ) : null;

  if (!record) {
    if (recharge.isError && !(recharge.error instanceof ApiError && recharge.error.transient)) {
      return (
        <Card>
          <LoadFailed onRetry={() => void recharge.refetch()} t={t} />
        </Card>
      );
    }
    return (
      <Card>
        <div style={{ textAlign: "center", padding: 48 }}>
          <Spin />
        </div>
      </Card>
    );
  }

  const summary = (
    <Descriptions
      column={1}
      size="small"
      style={{ maxWidth: 520, margin: "0 auto", textAlign: "start" }}
      items={[
        { key: "no", label: t("finance.recharge.rechargeNo"), children: record.rechargeNo },
        {
          key: "amount",
          label: t("finance.recharge.amount"),
          children: <Yuan value={record.amount} strong />,
        },
        {
          key: "channel",
          label: t("finance.recharge.channel"),
          children: t(`finance.channel.${record.channel}`),
        },
        {
          key: "status",
          label: t("common.status"),
          children: <StatusTag kind="recharge" status={record.status} testId="recharge-status" />,
        },
        { key: "created", label: t("common.createdAt"), children: formatDateTime(record.createdAt) },
        ...(record.paidAt
          ? [{ key: "paid", label: t("finance.recharge.paidAt"), children: formatDateTime(record.paidAt) }]
          : []),
      ]}
    />
  );

  const view = (() => {
    switch (record.status) {
      case "success":
        return (
          <Result
            status="success"
            title={t("finance.topup.success")}
            subTitle={
              <span data-testid="recharge-balance">
                {account.data ? (
                  <>
                    {t("finance.topup.newBalance")} <Yuan value={account.data.balance} strong />
                  </>
                ) : (
                  <Spin size="small" />
                )}
              </span>
            }
            extra={[again, details]}
          >
            {summary}
          </Result>
        );
      case "failed":
        return (
          <Result
            status="error"
            title={t("finance.topup.failed")}
            subTitle={
              record.failureReason
                ? t(`finance.recharge.reasons.${record.failureReason}`, {
                    defaultValue: record.failureReason,
                  })
                : undefined
            }
            extra={[again, details]}
          >
            {summary}
          </Result>
        );
      case "expired":
        return (
          <Result
            status="warning"
            title={t("finance.topup.expired")}
            subTitle={t("finance.topup.expiredHint")}
            extra={[again, details]}
          >
            {summary}
          </Result>
        );
      default:
        return (
          <Result
            icon={<Spin size="large" />}
            title={t("finance.topup.pending")}
            subTitle={
              <>
                {t("finance.topup.pendingHint")}
                <br />
                {t("finance.topup.expiresAt", { time: formatDateTime(record.expiresAt) })}
              </>
            }
            extra={[
              record.payUrl ? (
                <Button key="pay" type="primary" href={record.payUrl} data-testid="recharge-continue">
                  {t("finance.recharge.continue")}
                </Button>
              ) : null,
              details,
            ]}
          >
            {summary}
          </Result>
        );
    }
  })();

  return (
    <Card data-testid="recharge-result" data-status={record.status}>
      {view}
      <Typography.Paragraph type="secondary" style={{ textAlign: "center", marginBottom: 0 }}>
        {t("finance.topup.creditTime")}
      </Typography.Paragraph>
    </Card>
  );
}
