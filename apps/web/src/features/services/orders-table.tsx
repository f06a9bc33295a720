// The orders table of the tenant's order list and of the operators' approval queue, and its
// columns (also a tenant's orders on its operator page).
import type { OrderRecord, OrderType } from "@skyledger/contracts";
import type { TableColumnsType } from "antd";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "../../components/money-text";
import { PagedTable } from "../../components/paged-table";
import type { PagedList } from "../../components/use-paged-query";
import { userDataCells } from "../../components/user-data";
import { formatDateTime } from "../../lib/format";
import { OrderStatusTag } from "./service-tags";

type ColumnOptions = {
  /** Where the order number leads; plain text when the reader may not open the order. */
  detailPath?: ((order: OrderRecord) => string) | undefined;
  /** Operators see whose order it is. */
  organisation?: boolean | undefined;
  /** The row's decisions (operators). */
  actions?: ((order: OrderRecord) => ReactNode) | undefined;
};

export function orderColumns(
  t: TFunction,
  { detailPath, organisation, actions }: ColumnOptions,
): TableColumnsType<OrderRecord> {
  return [
    {
      title: t("services.fields.orderNo"),
      dataIndex: "orderNo",
      fixed: "left",
      width: 200,
      render: (v: string, row) =>
        detailPath ? (
          <Link to={detailPath(row)} data-testid={`order-open-${v}`}>
            {v}
          </Link>
        ) : (
          v
        ),
    },
    {
      title: t("services.fields.orderType"),
      dataIndex: "type",
      width: 110,
      render: (v: OrderType) => t(`services.orderType.${v}`),
    },
    { title: t("services.fields.product"), dataIndex: "productName", width: 160 },
    ...(organisation
      ? [{ title: t("services.fields.organisation"), ...userDataCells, dataIndex: "orgName", width: 160 }]
      : []),
    {
      title: t("services.fields.amount"),
      dataIndex: "amount",
      width: 140,
      render: (v: string) => <Yuan value={v} />,
    },
    {
      title: t("services.fields.paid"),
      dataIndex: "paidAmount",
      width: 140,
      render: (v: string) => <Yuan value={v} strong />,
    },
    {
      title: t("common.status"),
      key: "status",
      width: 200,
      render: (_: unknown, row: OrderRecord) => (
        <OrderStatusTag order={row} testId={`order-status-${row.orderNo}`} />
      ),
    },
    {
      title: t("services.fields.submitter"),
      ...userDataCells,
      dataIndex: "submitter",
      width: 120,
      render: (v: string, row: OrderRecord) => (row.submittedBySystem ? t("services.order.system") : v),
    },
    {
      title: t("common.createdAt"),
      dataIndex: "createdAt",
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    ...(actions
      ? [
          {
            title: t("common.actions"),
            key: "actions",
            fixed: "right" as const,
            width: 180,
            render: (_: unknown, row: OrderRecord) => actions(row),
          },
        ]
      : []),
  ];
}

type TableProps = ColumnOptions & {
  list: PagedList<OrderRecord>;
  detailPath(order: OrderRecord): string;
  testId?: string;
};

/** The orders table of the tenant list and of the operators' approval queue. */
export function OrdersTable({ list, testId = "orders-table", ...options }: TableProps) {
  const { t } = useTranslation();
  return (
    <PagedTable<OrderRecord>
      rowKey="id"
      list={list}
      emptyText={t("services.orders.empty")}
      scroll={{ x: 1400 }}
      data-testid={testId}
      rowTestId={(row) => `order-row-${row.orderNo}`}
      columns={orderColumns(t, options)}
    />
  );
}
