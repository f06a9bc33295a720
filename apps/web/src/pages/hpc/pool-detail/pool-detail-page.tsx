// /mgt/hpc/:id (CB17): one pool — what it is on the cluster (cluster, partition, Slurm account),
// its limits, why new jobs are held (in words), this month's usage in core-hours and GPU-hours,
// the balance of its core-hour and GPU-hour packages (and the packages-only switch),
// its members (added and removed by holders of CB1701) and its jobs: running, pending and finished.
// A pool on the simulated cluster says so plainly. Read again while jobs are pending or running.
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { HpcPoolDetail } from "@skyledger/contracts";
import { Alert, Button, Card, Col, Descriptions, Row, Skeleton, Space, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PaymentText } from "../../../components/payment-text";
import { StatusTag } from "../../../components/status-tags";
import { LoadFailed } from "../../../components/table-states";
import { usePool } from "../../../features/hpc/hpc-api";
import {
  formatHours,
  limitItems,
  poolTypeLabel,
  SimulatedNotice,
  SimulatedTag,
} from "../../../features/hpc/hpc-labels";
import { currentLanguage } from "../../../i18n";
import { dash, formatDateTime } from "../../../lib/format";
import { JobsCard } from "./jobs-card";
import { MembersCard } from "./members-card";
import { PackagesCard } from "./packages-card";

export function PoolDetailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const pool = usePool(id);
  const p = pool.data;

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/mgt/hpc" data-testid="hpc-pool-back">
          <ArrowLeftOutlined /> {t("hpc.pool.back")}
        </Link>
        <Link to={`/hpcv1console?pool=${encodeURIComponent(id)}`} data-testid="hpc-pool-terminal">
          {t("hpc.terminal.open")}
        </Link>
      </Space>
      <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t("hpc.pool.title", { name: p?.name ?? "" })}
        </Typography.Title>
        <Link to={`/hpcconsole?pool=${encodeURIComponent(id)}`} data-testid="hpc-pool-console">
          <Button type="primary">{t("hpcConsole.openConsole")}</Button>
        </Link>
      </Space>
      {pool.isPending ? (
        <Skeleton active />
      ) : pool.isError || !p ? (
        <LoadFailed onRetry={() => void pool.refetch()} t={t} />
      ) : (
        <PoolDetails p={p} />
      )}
    </>
  );
}

function PoolDetails({ p }: { p: HpcPoolDetail }) {
  const { t } = useTranslation();
  const english = currentLanguage() === "en-US";
  const product = english ? p.productNameEn : p.productNameZh;
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }} data-testid="hpc-pool-detail">
      {p.simulated && <SimulatedNotice testId="hpc-pool-simulated" />}
      {p.heldReason && (
        <Alert
          type={p.heldReason === "frozen" ? "error" : "warning"}
          showIcon
          title={t(`hpc.held.${p.heldReason}`)}
          description={t(`hpc.heldHint.${p.heldReason}`)}
          data-testid="hpc-pool-held"
          data-reason={p.heldReason}
        />
      )}
      {p.clusterError && (
        <Alert
          type="error"
          showIcon
          title={t("hpc.pool.clusterError")}
          description={<span data-user-data>{p.clusterError}</span>}
          data-testid="hpc-pool-cluster-error"
        />
      )}
      <Card title={t("hpc.pool.basics")}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          bordered
          size="small"
          items={[
            { key: "name", label: t("hpc.fields.poolName"), children: p.name },
            {
              key: "id",
              label: t("hpc.fields.id"),
              children: <Typography.Text copyable>{p.id}</Typography.Text>,
            },
            {
              key: "status",
              label: t("common.status"),
              children: <StatusTag kind="resource" status={p.status} testId="hpc-pool-status" />,
            },
            { key: "type", label: t("hpc.fields.poolType"), children: poolTypeLabel(p.poolType, t) },
            { key: "product", label: t("hpc.fields.product"), children: dash(product) },
            {
              key: "billing",
              label: t("hpc.fields.billing"),
              children: <PaymentText paymentType={p.paymentType} periodMonths={null} />,
            },
            {
              key: "cluster",
              label: t("hpc.fields.cluster"),
              children: (
                <Space size={4} wrap>
                  <span data-user-data data-testid="hpc-pool-cluster">
                    {p.clusterName}
                  </span>
                  {p.simulated && <SimulatedTag />}
                </Space>
              ),
            },
            {
              key: "partition",
              label: t("hpc.fields.partition"),
              children: (
                <span data-user-data data-testid="hpc-pool-partition">
                  {p.partition}
                </span>
              ),
            },
            {
              key: "account",
              label: t("hpc.fields.account"),
              children: (
                <Typography.Text copyable data-user-data data-testid="hpc-pool-account">
                  {p.account}
                </Typography.Text>
              ),
            },
            { key: "createdAt", label: t("hpc.fields.createdAt"), children: formatDateTime(p.createdAt) },
          ]}
        />
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t("hpc.pool.limits")} style={{ height: "100%" }}>
            <Descriptions
              column={1}
              size="small"
              items={limitItems(p.limits, t)}
              data-testid="hpc-pool-limits"
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title={t("hpc.pool.usage")}
            style={{ height: "100%" }}
            extra={
              <Typography.Text type="secondary">
                {t("hpc.pool.usagePeriod", {
                  from: formatDateTime(p.usage.from),
                  to: formatDateTime(p.usage.to),
                })}
              </Typography.Text>
            }
          >
            <Row gutter={16}>
              <Col span={12}>
                <div data-testid="hpc-pool-core-hours">
                  <Statistic title={t("hpc.pool.coreHours")} value={formatHours(p.usage.coreHours)} />
                </div>
              </Col>
              <Col span={12}>
                <div data-testid="hpc-pool-gpu-hours">
                  <Statistic title={t("hpc.pool.gpuHours")} value={formatHours(p.usage.gpuHours)} />
                </div>
              </Col>
            </Row>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t("hpc.pool.usageHint")}
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
      <PackagesCard pool={p} />
      <MembersCard pool={p} />
      <JobsCard pool={p} />
    </Space>
  );
}
