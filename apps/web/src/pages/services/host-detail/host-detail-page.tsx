// /mgt/host/:id/detail (CB01): one host with every field of its row and its IP addresses, its
// place on the network (VPC, subnet, security groups), what is attached to it (each kind's own
// page), its error log when it failed, and the same actions as its list row — renewing among them,
// with its auto-renew switch. Polls while it is changing.
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { ResourceDetail, ResourceKind } from "@skyledger/contracts";
import { Card, Descriptions, Skeleton, Space, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { statusLabelKey } from "../../../components/status-tags";
import { LoadFailed } from "../../../components/table-states";
import { UserData, userDataCells } from "../../../components/user-data";
import { useBillingItems } from "../../../features/services/billing-items";
import { ErrorLogText } from "../../../features/services/error-log-modal";
import { HostActions } from "../../../features/services/host-actions";
import { hasFailed } from "../../../features/services/host-state";
import { resourceDetailPath } from "../../../features/services/resource-paths";
import { HostIndicators, HostStatusTag } from "../../../features/services/service-tags";
import { useHost } from "../../../features/services/services-api";
import { dash } from "../../../lib/format";
import { HostNetworkCard } from "./host-network-card";

/** Where an attachment without a page of its own is listed (snapshots). */
const ATTACHMENT_LISTS: Partial<Record<ResourceKind, string>> = { snapshot: "/mgt/snapshot" };

export function HostDetailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const host = useHost(id);
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
        <HostDetails h={h} />
      )}
    </>
  );
}

/** The page once the host is loaded: its actions, its fields, its attachments and its error log. */
function HostDetails({ h }: { h: ResourceDetail }) {
  const { t } = useTranslation();
  const billing = useBillingItems(h, "host-detail-order");
  return (
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
            { key: "name", label: t("services.fields.name"), children: <UserData>{h.name}</UserData> },
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
            {
              key: "privateIp",
              label: t("services.fields.privateIp"),
              children: h.privateIp ? (
                <Typography.Text copyable data-testid="host-detail-private-ip">
                  {h.privateIp}
                </Typography.Text>
              ) : (
                "-"
              ),
            },
            {
              key: "publicIp",
              label: t("services.fields.publicIp"),
              children: h.publicIp ? (
                <Typography.Text copyable data-testid="host-detail-public-ip">
                  {h.publicIp}
                </Typography.Text>
              ) : (
                "-"
              ),
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
            {
              key: "project",
              label: t("services.fields.project"),
              children: <UserData>{dash(h.projectName)}</UserData>,
            },
            ...billing,
          ]}
        />
      </Card>
      {/* A partner's host is not on the tenant's networks: its access note says how to reach it. */}
      {h.cloudEnvType !== "thirdParty" && <HostNetworkCard host={h} />}
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
              ...userDataCells,
              dataIndex: "name",
              // Each kind's own page (disks, elastic IPs, snapshots).
              render: (name: string, a: { id: string; kind: ResourceKind }) => {
                const to = resourceDetailPath(a.kind, a.id) ?? ATTACHMENT_LISTS[a.kind];
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
  );
}
