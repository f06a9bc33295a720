// /mgt/cloudhost (CB01): the organisation's cloud hosts with their status and indicators, filtered
// by status, name and (for users who may read projects, CH04) project, each with its IP addresses
// under its name; the actions their status allows, renaming, renewing, and a way to buy more. Polls
// while a host is between two states. At 1440 px the columns fit without scrolling sideways (billing
// and expiry in view): the row's actions fold into a "more" menu and the creation time is on the
// detail page.
import { endpoints, RESOURCE_STATUSES, type ResourceRecord, type ResourceStatus } from "@skyledger/contracts";
import { Button, Card, Input, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { PaymentText } from "../../../components/payment-text";
import { useHasCode } from "../../../components/require-org";
import { statusLabelKey } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { UserData, userDataCells } from "../../../components/user-data";
import { ErrorLogModal } from "../../../features/services/error-log-modal";
import { HostActions } from "../../../features/services/host-actions";
import { anyTransitional, POLL_MS } from "../../../features/services/host-state";
import { IpAddresses } from "../../../features/services/ip-addresses";
import { HostIndicators, HostIndicatorsTitle, HostStatusTag } from "../../../features/services/service-tags";
import { HOSTS_LIST_KEY, useProjectChoices } from "../../../features/services/services-api";
import { dash, formatDateTime } from "../../../lib/format";

export function CloudHostPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<ResourceStatus | undefined>();
  const [keyword, setKeyword] = useState("");
  const [projectId, setProjectId] = useState<string | undefined>();
  const [errorOf, setErrorOf] = useState<string | null>(null);
  const canProjects = useHasCode("CH04");
  const projects = useProjectChoices(canProjects);
  const list = usePagedQuery(
    HOSTS_LIST_KEY,
    endpoints.resources.listHosts,
    { status, keyword: keyword.trim(), projectId },
    { refetchInterval: (page) => (anyTransitional(page?.list) ? POLL_MS : false) },
  );

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("services.hosts.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("services.hosts.intro")}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Space wrap>
            <Select<ResourceStatus>
              allowClear
              placeholder={t("services.allStatuses")}
              aria-label={t("common.status")}
              value={status}
              onChange={list.onFilter(setStatus)}
              options={RESOURCE_STATUSES.map((s) => ({ value: s, label: t(statusLabelKey("resource", s)) }))}
              style={{ width: 180 }}
              data-testid="hosts-status"
            />
            {canProjects && (
              <Select<string>
                allowClear
                showSearch={{ optionFilterProp: "label" }}
                loading={projects.isFetching}
                placeholder={t("services.hosts.allProjects")}
                aria-label={t("services.fields.project")}
                value={projectId}
                onChange={list.onFilter(setProjectId)}
                options={(projects.data?.list ?? []).map((p) => ({ value: p.projectId, label: p.name }))}
                style={{ width: 200 }}
                data-testid="hosts-project"
              />
            )}
            <Input.Search
              allowClear
              maxLength={64}
              placeholder={t("services.hosts.keyword")}
              aria-label={t("services.hosts.keyword")}
              onSearch={list.onFilter(setKeyword)}
              style={{ width: 280 }}
              data-testid="hosts-keyword"
            />
          </Space>
          <Button type="primary" onClick={() => navigate("/mgt/cloudhost/create")} data-testid="hosts-buy">
            {t("services.hosts.buy")}
          </Button>
        </Space>
        <PagedTable<ResourceRecord>
          rowKey="id"
          list={list}
          emptyText={t("services.hosts.empty")}
          scroll={{ x: 1040 }}
          data-testid="hosts-table"
          rowTestId={(row) => `host-row-${row.name}`}
          columns={[
            {
              title: t("services.fields.name"),
              dataIndex: "name",
              fixed: "left",
              width: 140,
              ellipsis: { showTitle: true },
              render: (v: string, row) => (
                <>
                  <Link to={`/mgt/host/${encodeURIComponent(row.id)}/detail`} data-testid={`host-open-${v}`}>
                    <UserData>{v}</UserData>
                  </Link>
                  <IpAddresses resource={row} />
                </>
              ),
            },
            {
              title: t("common.status"),
              dataIndex: "status",
              width: 110,
              render: (_, row) => <HostStatusTag host={row} onOpenError={() => setErrorOf(row.id)} />,
            },
            {
              title: <HostIndicatorsTitle />,
              key: "indicators",
              width: 130,
              render: (_, row) => <HostIndicators host={row} />,
            },
            { title: t("services.fields.flavor"), dataIndex: "summary", ellipsis: { showTitle: true } },
            {
              title: t("services.fields.payment"),
              key: "payment",
              width: 130,
              render: (_, row) => (
                <PaymentText paymentType={row.paymentType} periodMonths={row.periodMonths} />
              ),
            },
            {
              title: t("services.fields.expiresAt"),
              dataIndex: "expiresAt",
              width: 150,
              render: (v: string | null) => formatDateTime(v),
            },
            {
              title: t("services.fields.project"),
              ...userDataCells,
              dataIndex: "projectName",
              width: 100,
              ellipsis: { showTitle: true },
              render: (v: string | null) => dash(v),
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              // "Monitoring" and "More" side by side, in English too.
              width: 180,
              render: (_, row) => <HostActions host={row} compact showDetailLink />,
            },
          ]}
        />
      </Card>
      <ErrorLogModal hostId={errorOf} onClose={() => setErrorOf(null)} />
    </>
  );
}
