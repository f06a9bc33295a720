// The list page of disks (`/mgt/blockstorage`) and of elastic IPs (`/mgt/floatip`): status, what it
// is (an elastic IP's address too), the host it is attached to, payment and expiry, and the actions
// its status allows (attachable-actions.tsx: attach or bind, detach or unbind, expand or change
// bandwidth, unsubscribe, renew and auto-renew). Each name opens its detail page. Polls while a row
// is changing.
import { endpoints, RESOURCE_STATUSES, type ResourceRecord, type ResourceStatus } from "@skyledger/contracts";
import { Button, Card, Input, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PagedTable } from "../../components/paged-table";
import { statusLabelKey } from "../../components/status-tags";
import { usePagedQuery } from "../../components/use-paged-query";
import { userDataCells } from "../../components/user-data";
import { dash } from "../../lib/format";
import { anyTransitional, POLL_MS } from "../services/host-state";
import { resourceTermColumns } from "../services/resource-columns";
import { resourceDetailPath } from "../services/resource-paths";
import { HostStatusTag } from "../services/service-tags";
import { ATTACHABLE_PAGES, AttachableActions } from "./attachable-actions";
import { type AttachableKind, STORAGE_LIST_KEYS } from "./storage-api";

/** The create route of each kind. */
const CREATE_PATHS = { disk: "/mgt/blockstorage/create", elasticIp: "/mgt/floatip/create" } as const;

export function AttachablePage({ kind }: { kind: AttachableKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = ATTACHABLE_PAGES[kind];
  const [status, setStatus] = useState<ResourceStatus | undefined>();
  const [keyword, setKeyword] = useState("");
  const list = usePagedQuery(
    STORAGE_LIST_KEYS[kind],
    kind === "disk" ? endpoints.resources.listVolumes : endpoints.resources.listFloatingIps,
    { status, keyword: keyword.trim() },
    { refetchInterval: (p) => (anyTransitional(p?.list) ? POLL_MS : false) },
  );
  const testId = (what: string, row: ResourceRecord) => `${page.testId}-${what}-${row.name}`;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(`${page.ns}.title`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t(`${page.ns}.intro`)}</Typography.Paragraph>
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
              data-testid={`${page.testId}s-status`}
            />
            <Input.Search
              allowClear
              maxLength={64}
              placeholder={t("storage.keyword")}
              aria-label={t("storage.keyword")}
              onSearch={list.onFilter(setKeyword)}
              style={{ width: 280 }}
              data-testid={`${page.testId}s-keyword`}
            />
          </Space>
          <Button
            type="primary"
            onClick={() => navigate(CREATE_PATHS[kind])}
            data-testid={`${page.testId}s-buy`}
          >
            {t(`${page.ns}.buy`)}
          </Button>
        </Space>
        <PagedTable<ResourceRecord>
          rowKey="id"
          list={list}
          emptyText={t(`${page.ns}.empty`)}
          scroll={{ x: 1400 }}
          data-testid={`${page.testId}s-table`}
          rowTestId={(row) => `${page.testId}-row-${row.name}`}
          columns={[
            {
              title: t("services.fields.name"),
              ...userDataCells,
              dataIndex: "name",
              fixed: "left",
              width: 180,
              render: (v: string, row) => (
                <Link to={resourceDetailPath(kind, row.id)!} data-testid={testId("open", row)}>
                  {v}
                </Link>
              ),
            },
            {
              title: t("common.status"),
              dataIndex: "status",
              width: 120,
              render: (_, row) => <HostStatusTag host={row} />,
            },
            { title: t(`${page.ns}.spec`), dataIndex: "summary", width: 150 },
            ...(kind === "elasticIp"
              ? [
                  {
                    title: t("storage.fields.address"),
                    dataIndex: "publicIp",
                    width: 150,
                    render: (v: string | null) => dash(v),
                  },
                ]
              : []),
            {
              title: t("storage.fields.host"),
              dataIndex: "attachedTo",
              width: 180,
              render: (v: string | null, row) =>
                v ? (
                  <Link to={`/mgt/host/${encodeURIComponent(v)}/detail`} data-testid={testId("host", row)}>
                    {row.attachedToName ?? v}
                  </Link>
                ) : (
                  "-"
                ),
            },
            ...resourceTermColumns(t),
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              width: 400,
              render: (_, row) => <AttachableActions kind={kind} resource={row} compact />,
            },
          ]}
        />
      </Card>
    </>
  );
}
