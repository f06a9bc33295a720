// The newest orders waiting for operators who decide orders (BA07): those waiting for an approval
// decision and those that, approved and paid, wait for manual activation, each linking to the
// order (`GET /audit/approval?view=pending|activation`). Their counts are the queue summary's.
import { type ApprovalView, endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Card, Empty, Skeleton, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "../../components/money-text";
import { LoadFailed } from "../../components/table-states";
import { UserData } from "../../components/user-data";
import { api } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";

const SHOWN = 5;
type Waiting = Extract<ApprovalView, "pending" | "activation">;
const VIEWS: readonly Waiting[] = ["pending", "activation"];

/** One approval queue's first page: its newest orders and, as `total`, how many wait. */
export const approvalQueueQuery = (view: Waiting) => ({
  queryKey: ["overview", "approvalQueue", view],
  queryFn: () => api.call(endpoints.orders.listApprovals, { query: { view, pageNum: 1, pageSize: SHOWN } }),
});

const useQueue = (view: Waiting) => useQuery(approvalQueueQuery(view));

export function ApprovalQueueCard() {
  const { t } = useTranslation();
  const queues = { pending: useQueue("pending"), activation: useQueue("activation") };
  const failed = VIEWS.find((view) => queues[view].isError);
  const loaded = VIEWS.every((view) => queues[view].data);
  const rows = VIEWS.flatMap((view) => (queues[view].data?.list ?? []).map((order) => ({ order, view })));

  return (
    <Card
      title={t("overview.queue.title")}
      extra={<Link to="/sys/approvals">{t("overview.queue.open")}</Link>}
      data-testid="overview-queue"
      style={{ marginTop: 16 }}
    >
      {failed ? (
        <LoadFailed onRetry={() => void queues[failed].refetch()} t={t} />
      ) : !loaded ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Table
          size="small"
          rowKey={(row) => row.order.id}
          pagination={false}
          dataSource={rows}
          scroll={{ x: "max-content" }}
          data-testid="overview-queue-list"
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("overview.queue.empty")} />,
          }}
          columns={[
            {
              key: "orderNo",
              title: t("overview.orders.orderNo"),
              render: (_, { order }) => (
                <Link
                  to={`/sys/orders/${encodeURIComponent(order.id)}`}
                  data-testid={`overview-queue-link-${order.orderNo}`}
                >
                  {order.orderNo}
                </Link>
              ),
            },
            {
              key: "waitingFor",
              title: t("overview.awaiting.waitingFor"),
              render: (_, { view }) => (
                <Tag color={view === "activation" ? "gold" : "warning"}>
                  {t(`overview.awaiting.for.${view === "activation" ? "activation" : "approval"}`)}
                </Tag>
              ),
            },
            {
              key: "org",
              title: t("overview.queue.organisation"),
              render: (_, { order }) => <UserData>{order.orgName}</UserData>,
            },
            {
              key: "product",
              title: t("overview.orders.product"),
              render: (_, { order }) => order.productName,
            },
            {
              key: "amount",
              title: t("overview.orders.amount"),
              align: "right" as const,
              render: (_, { order }) => <Yuan value={order.amount} />,
            },
            {
              key: "createdAt",
              title: t("overview.orders.createdAt"),
              render: (_, { order }) => formatDateTime(order.createdAt),
            },
          ]}
        />
      )}
    </Card>
  );
}
