// /mgt/host/:id/detail (CB01): one host with every field of its row, what is attached to it, its
// error log when it failed, and the same actions as its list row. Polls while it is changing.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Card, Descriptions, Skeleton, Space, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Yuan } from "../../../components/money-text";
import { PaymentText } from "../../../components/payment-text";
import { useHasCode } from "../../../components/require-org";
import { statusLabelKey } from "../../../components/status-tags";
import { LoadFailed } from "../../../components/table-states";
import { ErrorLogText } from "../../../features/services/error-log-modal";
import { HostActions } from "../../../features/services/host-actions";
import { hasFailed } from "../../../features/services/host-state";
import { HostIndicators, HostStatusTag } from "../../../features/services/service-tags";
import { useHost } from "../../../features/services/services-api";
import { dash, formatDateTime } from "../../../lib/format";

/** Where an attachment of each kind is listed. */
const ATTACHMENT_PAGES: Record<string, string> = {
  disk: "/mgt/blockstorage",
  elasticIp: "/mgt/floatip",
  snapshot: "/mgt/snapshot",
};

export function HostDetailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const host = useHost(id);
  const canSeeOrders = useHasCode("CC01");
  const h = host.data;

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/mgt/cloudhost" data-testid="host-detail-back">
          <ArrowLeftOutlined /> {t("services.hosts.backToList")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("services.host.title", { name: h?.name ?? "" })}
      </Typography.Title>
      {host.isPending ? (
        <Skeleton active />
      ) : host.isError || !h ? (
        <LoadFailed onRetry={() => void host.refetch()} t={t} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: "100%" }} data-testid="host-detail">
          <Card>
            <HostActions host={h} />
          </Card>
          <Card title={t("services.host.basics")}>
            <Descriptions
              column={{ xs: 1, md: 2 }}
              bordered
              size="small"
              items={[
                { key: "name", label: t("services.fields.name"), children: h.name },
                {
                  key: "id",
                  label: t("services.fields.id"),
                  children: <Typography.Text copyable>{h.id}</Typography.Text>,
                },
                {
                  key: "status",
                  label: t("common.status"),
                  children: (
                    <Space>
                      <HostStatusTag host={h} />
                      {h.statusInfo && <Typography.Text type="secondary">{h.statusInfo}</Typography.Text>}
                    </Space>
                  ),
                },
                {
                  key: "indicators",
                  label: t("services.fields.indicators"),
                  children: <HostIndicators host={h} />,
                },
                { key: "product", label: t("services.fields.product"), children: dash(h.productName) },
                { key: "summary", label: t("services.fields.flavor"), children: h.summary },
                {
                  key: "env",
                  label: t("services.fields.cloudEnv"),
                  children: t(`catalog.cloudEnv.${h.cloudEnvType}`, { defaultValue: h.cloudEnvType }),
                },
                // A third-party service: where it is at the partner and how to reach it.
                ...(h.externalRef
                  ? [
                      {
                        key: "externalRef",
                        label: t("services.fields.externalRef"),
                        children: (
                          <Typography.Text copyable data-testid="host-detail-external-ref">
                            {h.externalRef}
                          </Typography.Text>
                        ),
                      },
                      {
                        key: "accessNote",
                        label: t("services.fields.accessNote"),
                        children: <span data-testid="host-detail-access-note">{dash(h.accessNote)}</span>,
                      },
                    ]
                  : []),
                { key: "project", label: t("services.fields.project"), children: dash(h.projectName) },
                {
                  key: "payment",
                  label: t("services.fields.payment"),
                  children: <PaymentText paymentType={h.paymentType} periodMonths={h.periodMonths} />,
                },
                {
                  key: "monthly",
                  label: t("services.fields.monthlyPrice"),
                  children: <Yuan value={h.monthlyPrice} />,
                },
                {
                  key: "expires",
                  label: t("services.fields.expiresAt"),
                  children: formatDateTime(h.expiresAt),
                },
                {
                  key: "autoRenew",
                  label: t("services.fields.autoRenew"),
                  children: t(h.autoRenew ? "services.yes" : "services.no"),
                },
                {
                  key: "order",
                  label: t("services.fields.order"),
                  children:
                    h.orderId && canSeeOrders ? (
                      <Link
                        to={`/mgt/orders/${encodeURIComponent(h.orderId)}`}
                        data-testid="host-detail-order"
                      >
                        {t("services.host.openOrder")}
                      </Link>
                    ) : (
                      dash(h.orderId)
                    ),
                },
                { key: "created", label: t("common.createdAt"), children: formatDateTime(h.createdAt) },
              ]}
            />
          </Card>
          <Card title={t("services.host.attachments")}>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={h.attachments}
              data-testid="host-attachments"
              locale={{ emptyText: t("services.host.noAttachments") }}
              columns={[
                {
                  title: t("services.fields.name"),
                  dataIndex: "name",
                  // Each kind's own page (disks, elastic IPs, snapshots).
                  render: (name: string, a: { kind: string }) => {
                    const to = ATTACHMENT_PAGES[a.kind];
                    return to ? (
                      <Link to={to} data-testid={`host-attachment-${name}`}>
                        {name}
                      </Link>
                    ) : (
                      name
                    );
                  },
                },
                {
                  title: t("services.fields.kind"),
                  dataIndex: "kind",
                  render: (k: string) => t(`services.kind.${k}`, { defaultValue: k }),
                },
                {
                  title: t("common.status"),
                  dataIndex: "status",
                  render: (s: string) => <Tag>{t(statusLabelKey("resource", s), { defaultValue: s })}</Tag>,
                },
              ]}
            />
          </Card>
          {(hasFailed(h.status) || h.errorLog) && (
            <Card title={t("services.host.errorLog")}>
              <ErrorLogText text={h.errorLog} />
            </Card>
          )}
        </Space>
      )}
    </>
  );
}
