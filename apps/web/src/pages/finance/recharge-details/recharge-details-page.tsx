import type { RechargeRecord } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { Button, Card, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Yuan } from "../../../components/money-text";
import { PagedTable } from "../../../components/paged-table";
import { RequireOrg, useMayAct } from "../../../components/require-org";
import { StatusTag } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { formatDateTime } from "../../../lib/format";

export function RechargeDetailsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.recharge.title")}
      </Typography.Title>
      <RequireOrg>
        <Deposits />
      </RequireOrg>
    </>
  );
}

function Deposits() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canTopUp = useMayAct("topUp");
  const list = usePagedQuery("deposits", endpoints.finance.listDeposits);
  return (
    <Card
      extra={
        canTopUp ? (
          <Button
            type="primary"
            onClick={() => void navigate("/mgt/onlinerecharge")}
            data-testid="deposits-topup"
          >
            {t("finance.account.topUp")}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t("finance.topup.creditTime")}</Typography.Paragraph>
      <PagedTable<RechargeRecord>
        rowKey="rechargeNo"
        list={list}
        emptyText={t("finance.recharge.empty")}
        scroll={{ x: 1000 }}
        data-testid="deposits-table"
        columns={[
          {
            title: t("finance.recharge.rechargeNo"),
            dataIndex: "rechargeNo",
            render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
          },
          {
            title: t("finance.recharge.channel"),
            dataIndex: "channel",
            render: (v: RechargeRecord["channel"]) => t(`finance.channel.${v}`),
          },
          {
            title: t("finance.recharge.amount"),
            dataIndex: "amount",
            align: "right",
            render: (v: string) => <Yuan value={v} />,
          },
          {
            title: t("common.status"),
            dataIndex: "status",
            render: (_, row) => (
              <Space size={4} wrap>
                <StatusTag kind="recharge" status={row.status} testId={`deposit-status-${row.rechargeNo}`} />
                {row.status === "failed" && row.failureReason && (
                  <Typography.Text type="secondary">
                    {t(`finance.recharge.reasons.${row.failureReason}`, { defaultValue: row.failureReason })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: t("common.createdAt"), dataIndex: "createdAt", render: (v: string) => formatDateTime(v) },
          {
            title: t("finance.recharge.paidAt"),
            dataIndex: "paidAt",
            render: (v: string | null) => formatDateTime(v),
          },
          {
            title: t("common.actions"),
            key: "actions",
            fixed: "right",
            render: (_, row) =>
              row.status === "pending" && row.payUrl ? (
                // The gateway's page lives outside the console: a plain link, not a route.
                <a href={row.payUrl} data-testid={`deposit-continue-${row.rechargeNo}`}>
                  {t("finance.recharge.continue")}
                </a>
              ) : (
                "-"
              ),
          },
        ]}
      />
    </Card>
  );
}
