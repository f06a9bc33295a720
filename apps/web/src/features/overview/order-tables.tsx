// Orders on the overview: the newest ones and those waiting for the operators — in the approval
// queue or, approved and paid, for manual activation — each linking to its order page.
import type { OverviewOrder } from "@skyledger/contracts";
import { Empty, Space, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "../../components/money-text";
import { StatusTag } from "../../components/status-tags";
import { formatDateTime } from "../../lib/format";

function OrderStatus({ order }: { order: OverviewOrder }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <StatusTag kind="order" status={order.status} />
      {order.approvalLevel && (
        <Tag>{t(`overview.approvalLevel.${order.approvalLevel}`, { defaultValue: order.approvalLevel })}</Tag>
      )}
      {order.awaitingActivation && <WaitingFor order={order} />}
    </Space>
  );
}

/** What the order waits for: an approval decision, or an administrator to activate it by hand. */
function WaitingFor({ order }: { order: OverviewOrder }) {
  const { t } = useTranslation();
  const what = order.awaitingActivation ? "activation" : "approval";
  return (
    <Tag color={order.awaitingActivation ? "gold" : "warning"} data-testid={`waiting-for-${order.orderNo}`}>
      {t(`overview.awaiting.for.${what}`)}
    </Tag>
  );
}

type Props = {
  orders: OverviewOrder[];
  emptyText: string;
  testId: string;
  /** The waiting list shows what each order waits for instead of its type and status. */
  compact?: boolean;
};

export function OrderTable({ orders, emptyText, testId, compact }: Props) {
  const { t } = useTranslation();
  return (
    <Table<OverviewOrder>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={orders}
      data-testid={testId}
      scroll={{ x: "max-content" }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
      columns={[
        {
          key: "orderNo",
          title: t("overview.orders.orderNo"),
          render: (_, o) => (
            <Link to={`/mgt/orders/${encodeURIComponent(o.id)}`} data-testid={`${testId}-link-${o.orderNo}`}>
              {o.orderNo}
            </Link>
          ),
        },
        ...(compact
          ? []
          : [
              {
                key: "type",
                title: t("overview.orders.type"),
                render: (_: unknown, o: OverviewOrder) => t(`overview.orderType.${o.type}`),
              },
            ]),
        { key: "product", title: t("overview.orders.product"), dataIndex: "productName" },
        ...(compact
          ? [
              {
                key: "waitingFor",
                title: t("overview.awaiting.waitingFor"),
                render: (_: unknown, o: OverviewOrder) => <WaitingFor order={o} />,
              },
            ]
          : [
              {
                key: "status",
                title: t("overview.orders.status"),
                render: (_: unknown, o: OverviewOrder) => <OrderStatus order={o} />,
              },
            ]),
        {
          key: "amount",
          title: t("overview.orders.amount"),
          align: "right" as const,
          render: (_, o) => <Yuan value={o.amount} />,
        },
        {
          key: "createdAt",
          title: t("overview.orders.createdAt"),
          render: (_, o) => formatDateTime(o.createdAt),
        },
      ]}
    />
  );
}
