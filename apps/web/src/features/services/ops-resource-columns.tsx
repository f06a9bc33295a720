// The columns of the operators' resource lists (a tenant's Resources tab, every tenant's on
// /sys/resources): the shared resource columns, the monthly price, the creation time and the order,
// which opens its operator page (/sys/orders/:id) for who may open it.
import type { ResourceRecord } from "@skyledger/contracts";
import type { TableColumnsType } from "antd";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import { Yuan } from "../../components/money-text";
import { formatDateTime } from "../../lib/format";
import { resourceColumns } from "./resource-columns";

export const opsOrderPath = (id: string) => `/sys/orders/${encodeURIComponent(id)}`;

export function opsResourceColumns<T extends ResourceRecord>(
  t: TFunction,
  mayOpenOrder: boolean,
): TableColumnsType<T> {
  return [
    ...resourceColumns<T>(t),
    {
      title: t("services.fields.monthlyPrice"),
      dataIndex: "monthlyPrice",
      width: 140,
      render: (v: string) => <Yuan value={v} />,
    },
    {
      title: t("common.createdAt"),
      dataIndex: "createdAt",
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t("services.fields.order"),
      key: "order",
      width: 120,
      render: (_: unknown, row: T) =>
        mayOpenOrder && row.orderId ? (
          <Link to={opsOrderPath(row.orderId)}>{t("ops.tenants.openOrder")}</Link>
        ) : (
          "-"
        ),
    },
  ];
}
