// The buckets tab of `/mgt/obs` (CB05): name (opens the bucket), storage class, access, status,
// what it stores and how many objects, this month's charge and when it was bought; a search by
// name, and "Create bucket" for users who may manage buckets (CB0501). Says so when the object store
// is simulated. Polls while a bucket is changing.
import { endpoints, type ResourceRecord } from "@skyledger/contracts";
import { Button, Card, Input, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Yuan } from "../../components/money-text";
import { PagedTable } from "../../components/paged-table";
import { useHasCode } from "../../components/require-org";
import { usePagedQuery } from "../../components/use-paged-query";
import { userDataCells } from "../../components/user-data";
import { formatDateTime } from "../../lib/format";
import { anyTransitional, POLL_MS } from "../services/host-state";
import { resourceDetailPath } from "../services/resource-paths";
import { HostStatusTag } from "../services/service-tags";
import { OBS_LIST_KEY } from "./obs-api";
import { AclTag, SimulatedNotice, StorageClassName } from "./obs-figures";
import { humanBytes } from "./obs-format";

export function BucketList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useHasCode("CB0501");
  const [keyword, setKeyword] = useState("");
  const list = usePagedQuery(
    OBS_LIST_KEY,
    endpoints.obs.list,
    { keyword: keyword.trim() },
    {
      refetchInterval: (p) => (anyTransitional(p?.list as ResourceRecord[] | undefined) ? POLL_MS : false),
    },
  );

  return (
    <Card>
      <SimulatedNotice buckets={list.rows} />
      <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
        <Input.Search
          allowClear
          maxLength={64}
          placeholder={t("obs.keyword")}
          aria-label={t("obs.keyword")}
          onSearch={list.onFilter(setKeyword)}
          style={{ width: 280 }}
          data-testid="obs-keyword"
        />
        {canManage && (
          <Button type="primary" onClick={() => navigate("/mgt/obs/create")} data-testid="obs-buy">
            {t("obs.buy")}
          </Button>
        )}
      </Space>
      <PagedTable
        rowKey="id"
        list={list}
        emptyText={t("obs.empty")}
        scroll={{ x: 1200 }}
        data-testid="obs-table"
        rowTestId={(row) => `obs-row-${row.bucketName ?? row.name}`}
        columns={[
          {
            title: t("obs.fields.bucketName"),
            ...userDataCells,
            key: "name",
            fixed: "left",
            width: 220,
            render: (_, row) => (
              <Link
                to={resourceDetailPath(row.kind, row.id)!}
                data-testid={`obs-open-${row.bucketName ?? row.name}`}
              >
                {row.bucketName ?? row.name}
              </Link>
            ),
          },
          {
            title: t("obs.fields.storageClass"),
            dataIndex: "storageClass",
            width: 140,
            render: (v) => <StorageClassName value={v} />,
          },
          { title: t("obs.fields.acl"), dataIndex: "acl", width: 120, render: (v) => <AclTag acl={v} /> },
          {
            title: t("common.status"),
            dataIndex: "status",
            width: 120,
            render: (_, row) => <HostStatusTag host={row} />,
          },
          {
            title: t("obs.fields.bytes"),
            key: "bytes",
            width: 120,
            render: (_, row) => (row.usage ? humanBytes(row.usage.bytes) : "-"),
          },
          {
            title: t("obs.fields.objects"),
            key: "objects",
            width: 100,
            render: (_, row) => row.usage?.objects ?? "-",
          },
          {
            title: t("obs.fields.chargedThisMonth"),
            key: "charged",
            width: 150,
            render: (_, row) => (row.usage ? <Yuan value={row.usage.chargedThisMonth} /> : "-"),
          },
          {
            title: t("obs.fields.createdAt"),
            dataIndex: "createdAt",
            width: 170,
            render: (v: string | null) => formatDateTime(v),
          },
        ]}
      />
    </Card>
  );
}
