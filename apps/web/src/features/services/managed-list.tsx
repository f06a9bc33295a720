// The list page of a managed service (a database, a cache or message-queue instance): title and introduction, a
// search by name, the buy button, and the table — name (opens the detail page), the service's own
// columns, status, the service's connection column, expiry, payment and the row's actions. Polls
// while a row is changing. `ns` is the service's texts, test ids and list key.
import type { Endpoint, ResourceRecord } from "@skyledger/contracts";
import { Button, Card, Input, Space, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PagedTable } from "../../components/paged-table";
import { PaymentText } from "../../components/payment-text";
import { type RowOf, usePagedQuery } from "../../components/use-paged-query";
import { userDataCells } from "../../components/user-data";
import { formatDateTime } from "../../lib/format";
import { anyTransitional, POLL_MS } from "./host-state";
import { resourceDetailPath } from "./resource-paths";
import { HostStatusTag } from "./service-tags";

type Props<E extends Endpoint> = {
  ns: "rds" | "dcs" | "dms" | "share" | "scalableFile" | "bms";
  endpoint: E;
  listPath: string;
  /** The service's columns after the name. */
  columns: ColumnsType<RowOf<E>>;
  /** The connection column after the status. */
  connection: { width: number; render(row: RowOf<E>): ReactNode };
  actions(row: RowOf<E>): ReactNode;
};

export function ManagedList<E extends Endpoint>({
  ns,
  endpoint,
  listPath,
  columns,
  connection,
  actions,
}: Props<E>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState("");
  const list = usePagedQuery(
    ns,
    endpoint,
    { keyword: keyword.trim() },
    {
      refetchInterval: (p) => (anyTransitional(p?.list as ResourceRecord[] | undefined) ? POLL_MS : false),
    },
  );
  type Row = RowOf<E> & ResourceRecord;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(`${ns}.title`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t(`${ns}.intro`)}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Input.Search
            allowClear
            maxLength={64}
            placeholder={t(`${ns}.keyword`)}
            aria-label={t(`${ns}.keyword`)}
            onSearch={list.onFilter(setKeyword)}
            style={{ width: 280 }}
            data-testid={`${ns}-keyword`}
          />
          <Button type="primary" onClick={() => navigate(`${listPath}/create`)} data-testid={`${ns}-buy`}>
            {t(`${ns}.buy`)}
          </Button>
        </Space>
        <PagedTable<Row>
          rowKey="id"
          list={list as never}
          emptyText={t(`${ns}.empty`)}
          scroll={{ x: 1600 }}
          data-testid={`${ns}-table`}
          rowTestId={(row) => `${ns}-row-${row.name}`}
          columns={[
            {
              title: t("services.fields.name"),
              ...userDataCells,
              dataIndex: "name",
              fixed: "left",
              width: 160,
              render: (v: string, row) => (
                <Link to={resourceDetailPath(row.kind, row.id)!} data-testid={`${ns}-open-${row.name}`}>
                  {v}
                </Link>
              ),
            },
            ...(columns as ColumnsType<Row>),
            {
              title: t("common.status"),
              dataIndex: "status",
              width: 120,
              render: (_, row) => <HostStatusTag host={row} />,
            },
            {
              title: t(`${ns}.fields.connection`),
              key: "connection",
              width: connection.width,
              render: (_, row) => connection.render(row),
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
              render: (_, row) => actions(row),
            },
          ]}
        />
      </Card>
    </>
  );
}
