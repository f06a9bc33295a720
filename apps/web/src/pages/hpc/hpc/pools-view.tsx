// The tenant's screen of /mgt/hpc (CB17): the organisation's HPC and AI pools — name, type,
// cluster (said to be simulated when it is), partition, status, billing, why new jobs are held, and
// when it was made — each opening its detail; and the listed pool products to apply for
// (`/apply/{id}`).
import { endpoints, HPC_POOL_TYPES, type HpcPool, type HpcPoolType } from "@skyledger/contracts";
import { Button, Card, Input, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { PaymentText } from "../../../components/payment-text";
import { StatusTag } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { POOLS_LIST_KEY, usePoolProducts } from "../../../features/hpc/hpc-api";
import {
  HeldReasonTag,
  poolTypeLabel,
  SimulatedNotice,
  SimulatedTag,
} from "../../../features/hpc/hpc-labels";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";

export function PoolsView() {
  const { t } = useTranslation();
  const [poolType, setPoolType] = useState<HpcPoolType | undefined>();
  const [keyword, setKeyword] = useState("");
  const list = usePagedQuery(POOLS_LIST_KEY, endpoints.hpc.listPools, { poolType, keyword: keyword.trim() });
  const products = usePoolProducts();
  const english = currentLanguage() === "en-US";
  const anySimulated = list.rows.some((p) => p.simulated);

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("hpc.pools.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("hpc.pools.intro")}</Typography.Paragraph>
      {anySimulated && <SimulatedNotice />}
      {(products.data ?? []).length > 0 && (
        <Card title={t("hpc.pools.applyTitle")} style={{ marginBottom: 16 }} data-testid="hpc-apply-products">
          <Space wrap>
            {(products.data ?? []).map((p) => (
              <Link key={p.id} to={`/apply/${encodeURIComponent(p.id)}`} data-testid={`hpc-apply-${p.code}`}>
                <Button>{t("hpc.pools.applyFor", { name: english ? p.nameEn : p.nameZh })}</Button>
              </Link>
            ))}
          </Space>
        </Card>
      )}
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select<HpcPoolType>
            allowClear
            placeholder={t("hpc.pools.allTypes")}
            aria-label={t("hpc.fields.poolType")}
            value={poolType}
            onChange={list.onFilter(setPoolType)}
            options={HPC_POOL_TYPES.map((type) => ({ value: type, label: poolTypeLabel(type, t) }))}
            style={{ width: 200 }}
            data-testid="hpc-pools-type"
          />
          <Input.Search
            allowClear
            maxLength={64}
            placeholder={t("hpc.pools.keyword")}
            aria-label={t("hpc.pools.keyword")}
            onSearch={list.onFilter(setKeyword)}
            style={{ width: 260 }}
            data-testid="hpc-pools-keyword"
          />
        </Space>
        <PagedTable<HpcPool>
          rowKey="id"
          list={list}
          emptyText={t("hpc.pools.empty")}
          scroll={{ x: 1000 }}
          data-testid="hpc-pools-table"
          rowTestId={(row) => `hpc-pool-row-${row.name}`}
          columns={[
            {
              title: t("hpc.fields.poolName"),
              dataIndex: "name",
              fixed: "left",
              width: 150,
              ellipsis: { showTitle: true },
              render: (v: string, row) => (
                <Link to={`/mgt/hpc/${encodeURIComponent(row.id)}`} data-testid={`hpc-pool-open-${v}`}>
                  {v}
                </Link>
              ),
            },
            {
              title: t("hpc.fields.poolType"),
              dataIndex: "poolType",
              width: 120,
              render: (v: HpcPoolType) => poolTypeLabel(v, t),
            },
            {
              title: t("hpc.fields.cluster"),
              dataIndex: "clusterName",
              width: 180,
              render: (v: string, row) => (
                <Space size={4} wrap>
                  <span data-user-data>{v}</span>
                  {row.simulated && <SimulatedTag />}
                </Space>
              ),
            },
            {
              title: t("hpc.fields.partition"),
              dataIndex: "partition",
              width: 90,
              render: (v: string) => <span data-user-data>{v}</span>,
            },
            {
              title: t("common.status"),
              dataIndex: "status",
              width: 90,
              render: (v: HpcPool["status"], row) => (
                <StatusTag kind="resource" status={v} testId={`hpc-pool-status-${row.name}`} />
              ),
            },
            {
              title: t("hpc.fields.billing"),
              key: "billing",
              width: 130,
              render: (_, row) => <PaymentText paymentType={row.paymentType} periodMonths={null} />,
            },
            {
              title: t("hpc.fields.heldReason"),
              dataIndex: "heldReason",
              width: 110,
              render: (v: HpcPool["heldReason"], row) => (
                <HeldReasonTag reason={v} testId={`hpc-pool-held-${row.name}`} />
              ),
            },
            {
              title: t("hpc.fields.createdAt"),
              dataIndex: "createdAt",
              width: 160,
              render: (v: string) => formatDateTime(v),
            },
          ]}
        />
      </Card>
    </>
  );
}
