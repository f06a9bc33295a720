// The relational database list (`/mgt/rds`, CB04): name (opens the database), engine, class,
// storage, status, where to connect, payment and expiry, and the row's actions. Databases on the
// simulator are said to be simulated. Polls while a row is changing.
import { endpoints, type RdsInstance } from "@skyledger/contracts";
import { Button, Card, Input, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PagedTable } from "../../components/paged-table";
import { PaymentText } from "../../components/payment-text";
import { usePagedQuery } from "../../components/use-paged-query";
import { userDataCells } from "../../components/user-data";
import { formatDateTime } from "../../lib/format";
import { anyTransitional, POLL_MS } from "../services/host-state";
import { resourceDetailPath } from "../services/resource-paths";
import { HostStatusTag } from "../services/service-tags";
import { RdsActions } from "./rds-actions";
import { RDS_LIST_KEY } from "./rds-api";
import { engineName } from "./rds-state";

/** The connection string, with a tag when nothing answers on it (the simulator). */
export function ConnectionText({ db }: { db: RdsInstance }) {
  const { t } = useTranslation();
  if (!db.connection) return <>-</>;
  return (
    <Space size={4} wrap>
      <Typography.Text copyable code data-testid={`rds-connection-${db.name}`}>
        {db.connection.connectionString}
      </Typography.Text>
      {db.connection.simulated && <Tag color="orange">{t("rds.simulated")}</Tag>}
    </Space>
  );
}

export function RdsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState("");
  const list = usePagedQuery(
    RDS_LIST_KEY,
    endpoints.rds.list,
    { keyword: keyword.trim() },
    { refetchInterval: (p) => (anyTransitional(p?.list) ? POLL_MS : false) },
  );

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("rds.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("rds.intro")}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Input.Search
            allowClear
            maxLength={64}
            placeholder={t("rds.keyword")}
            aria-label={t("rds.keyword")}
            onSearch={list.onFilter(setKeyword)}
            style={{ width: 280 }}
            data-testid="rds-keyword"
          />
          <Button type="primary" onClick={() => navigate("/mgt/rds/create")} data-testid="rds-buy">
            {t("rds.buy")}
          </Button>
        </Space>
        <PagedTable<RdsInstance>
          rowKey="id"
          list={list}
          emptyText={t("rds.empty")}
          scroll={{ x: 1600 }}
          data-testid="rds-table"
          rowTestId={(row) => `rds-row-${row.name}`}
          columns={[
            {
              title: t("services.fields.name"),
              ...userDataCells,
              dataIndex: "name",
              fixed: "left",
              width: 160,
              render: (v: string, row) => (
                <Link to={resourceDetailPath("rds", row.id)!} data-testid={`rds-open-${row.name}`}>
                  {v}
                </Link>
              ),
            },
            {
              title: t("rds.fields.engine"),
              dataIndex: "engine",
              width: 150,
              render: (v: RdsInstance["engine"]) => engineName(v),
            },
            {
              title: t("rds.fields.class"),
              key: "class",
              width: 140,
              render: (_, row) => (row.vcpu ? `${row.vcpu} vCPU / ${row.memoryGb} GB` : "-"),
            },
            {
              title: t("rds.fields.storage"),
              dataIndex: "storageGb",
              width: 100,
              render: (v: number | null) => (v ? `${v} GB` : "-"),
            },
            {
              title: t("common.status"),
              dataIndex: "status",
              width: 120,
              render: (_, row) => <HostStatusTag host={row} />,
            },
            {
              title: t("rds.fields.connection"),
              key: "connection",
              width: 420,
              render: (_, row) => <ConnectionText db={row} />,
            },
            {
              title: t("services.fields.expiresAt"),
              dataIndex: "expiresAt",
              width: 170,
              render: (v: string | null) => formatDateTime(v),
            },
            {
              title: t("services.fields.payment"),
              key: "payment",
              width: 140,
              render: (_, row) => (
                <PaymentText paymentType={row.paymentType} periodMonths={row.periodMonths} />
              ),
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              width: 340,
              render: (_, row) => <RdsActions db={row} compact />,
            },
          ]}
        />
      </Card>
    </>
  );
}
