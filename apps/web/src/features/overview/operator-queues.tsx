// The operators' queue summary (/sys/overview): how many items wait in each queue the operator may
// work, each count linking to its queue. The counts are the queues' own list endpoints' totals (one
// row asked for); the order queues share their query with the card of the newest orders. The work
// that failed for good waits here too: outbox messages whose retries are spent (BA03) and payment
// notifications that could not be credited (BI).
import { codesAllow, endpoints, type PermissionCode } from "@skyledger/contracts";
import { type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { Card, Col, Row, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "../../app/console/current-user-context";
import { api } from "../../lib/api-client";
import { approvalQueueQuery } from "./approval-queue-card";

type Queue = {
  key: string;
  code: PermissionCode;
  to: string;
  /** Waits for a second operator (four-eyes): the hint says so. */
  fourEyes?: true;
  query: UseQueryOptions<{ total: number }>;
};

const FIRST_ROW = { pageNum: 1, pageSize: 1 } as const;
const WAITING = "pending_approval" as const;
const countQuery = (key: string, fetch: () => Promise<{ total: number }>) => ({
  queryKey: ["overview", "operatorQueue", key],
  queryFn: fetch,
});

const QUEUES: readonly Queue[] = [
  {
    key: "ordersToApprove",
    code: "BA07",
    to: "/sys/approvals?view=pending",
    query: approvalQueueQuery("pending"),
  },
  {
    key: "ordersToActivate",
    code: "BA07",
    to: "/sys/approvals?view=activation",
    query: approvalQueueQuery("activation"),
  },
  {
    key: "verifications",
    code: "BA05",
    to: "/sys/verifications",
    query: countQuery("verifications", () =>
      api.call(endpoints.verification.list, { query: { status: "authing", ...FIRST_ROW } }),
    ),
  },
  {
    key: "adjustments",
    code: "BI",
    to: `/sys/finance/adjustments?status=${WAITING}`,
    fourEyes: true,
    query: countQuery("adjustments", () =>
      api.call(endpoints.financeOps.listAdjustments, { query: { status: WAITING, ...FIRST_ROW } }),
    ),
  },
  {
    key: "manualRecharges",
    code: "BI",
    to: "/sys/finance/approvals?tab=recharges",
    fourEyes: true,
    query: countQuery("manualRecharges", () =>
      api.call(endpoints.financeOps.listManualRecharges, { query: { status: WAITING, ...FIRST_ROW } }),
    ),
  },
  {
    key: "voucherIssues",
    code: "BI",
    to: "/sys/finance/approvals?tab=vouchers",
    fourEyes: true,
    query: countQuery("voucherIssues", () =>
      api.call(endpoints.financeOps.listVoucherIssues, { query: { status: WAITING, ...FIRST_ROW } }),
    ),
  },
  {
    key: "paymentFailures",
    code: "BI",
    to: "/sys/finance/approvals?tab=failures",
    query: countQuery("paymentFailures", () =>
      api.call(endpoints.financeOps.listPaymentFailures, { query: { status: "open", ...FIRST_ROW } }),
    ),
  },
  {
    key: "deadMessages",
    code: "BA03",
    to: "/sys/outbox?status=failed",
    query: countQuery("deadMessages", () =>
      api.call(endpoints.messaging.outbox, { query: { status: "failed", ...FIRST_ROW } }),
    ),
  },
];

function QueueCount({ queue }: { queue: Queue }) {
  const { t } = useTranslation();
  const count = useQuery(queue.query);
  return (
    <Col xs={24} sm={12} xl={8}>
      <Link to={queue.to} data-testid={`ops-queue-${queue.key}`} data-count={count.data?.total}>
        <Card hoverable size="small" style={{ height: "100%" }}>
          <Statistic
            title={t(`overview.ops.queues.${queue.key}`)}
            value={count.isError ? "–" : (count.data?.total ?? 0)}
            loading={count.isPending}
          />
          {count.isError && <Typography.Text type="danger">{t("overview.ops.countFailed")}</Typography.Text>}
        </Card>
      </Link>
    </Col>
  );
}

/** Only the queues the operator's permission codes open are shown (and asked for). */
export function OperatorQueues() {
  const { t } = useTranslation();
  const { permissions } = useCurrentUser();
  // The auditor (BR) sees every queue, read-only.
  const mine = QUEUES.filter((queue) => codesAllow([queue.code], permissions, true));
  return (
    <Card title={t("overview.ops.waiting")} data-testid="ops-queues">
      <Row gutter={[16, 16]}>
        {mine.map((queue) => (
          <QueueCount key={queue.key} queue={queue} />
        ))}
      </Row>
      {mine.some((queue) => queue.fourEyes) && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          {t("overview.ops.fourEyesHint")}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
