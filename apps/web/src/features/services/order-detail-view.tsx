// One order, as the tenant (/mgt/orders/:id) and the operators (/sys/orders/:id) read it: its
// fields, its money, the timeline of its approval and provisioning, what it created and, when it
// failed, the error log. A notice says when it waits for manual activation, was closed or was
// withdrawn (by its tenant, or by the system once its return deadline passed); the page may put its
// own above (a returned order's reason and actions).
import type { OrderDetail, ResourceKind } from "@skyledger/contracts";
import { Alert, Card, Descriptions, Space, Timeline, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "../../components/money-text";
import { PaymentText } from "../../components/payment-text";
import { UserData } from "../../components/user-data";
import { dash, formatDateTime } from "../../lib/format";
import { ErrorLogText } from "./error-log-modal";
import { OrderEventDetailText } from "./order-event-detail";
import { OrderStatusTag } from "./service-tags";

const EVENT_COLORS: Record<string, string> = {
  rejected: "red",
  returned: "orange",
  withdrawn: "gray",
  expired: "gray",
  failed: "red",
  closed: "red",
  completed: "green",
  approved: "green",
  activated: "green",
  awaitingActivation: "orange",
  refunded: "gray",
};

/** Waiting for manual activation, or ended unused (closed, withdrawn or expired): said above everything else. */
function ActivationNotice({ order: o }: { order: OrderDetail }) {
  const { t } = useTranslation();
  if (o.awaitingActivation) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t("services.activation.awaitingTitle")}
        description={t("services.activation.awaitingNotice")}
        data-testid="order-awaiting-activation"
      />
    );
  }
  if (o.status !== "terminated") return null;
  const ending = o.events.findLast((e) => ["closed", "withdrawn", "expired"].includes(e.action));
  if (ending?.action === "expired") {
    return (
      <Alert
        type="info"
        showIcon
        title={t("services.returned.expiredNotice", { refunded: o.refunded })}
        data-testid="order-expired"
      />
    );
  }
  if (ending?.action === "withdrawn") {
    return (
      <Alert
        type="info"
        showIcon
        title={t("services.returned.withdrawnNotice", { refunded: o.refunded })}
        data-testid="order-withdrawn"
      />
    );
  }
  const reason = ending?.detail;
  return (
    <Alert
      type="info"
      showIcon
      title={t("services.activation.closedNotice", { refunded: o.refunded })}
      description={reason ? t("services.activation.closedReason", { reason }) : undefined}
      data-testid="order-closed"
    />
  );
}

type Props = {
  order: OrderDetail;
  /** Where a created resource opens (its detail page, by kind); its name alone when null or absent. */
  resourcePath?(resource: { id: string; kind: ResourceKind }): string | null;
  /** The operators' decision buttons. */
  extra?: ReactNode;
  /** Said first, above the notices (the tenant's returned-order panel). */
  banner?: ReactNode;
};

export function OrderDetailView({ order: o, resourcePath, extra, banner }: Props) {
  const { t } = useTranslation();
  const spec = Object.entries(o.spec)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${t(`services.specKey.${key}`, { defaultValue: key })}: ${value}`)
    .join(", ");

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }} data-testid="order-detail">
      {banner}
      <ActivationNotice order={o} />
      <Card title={t("services.order.basics")} extra={extra}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          bordered
          size="small"
          items={[
            { key: "no", label: t("services.fields.orderNo"), children: o.orderNo },
            {
              key: "type",
              label: t("services.fields.orderType"),
              children: t(`services.orderType.${o.type}`),
            },
            {
              key: "status",
              label: t("common.status"),
              children: <OrderStatusTag order={o} testId="order-detail-status" />,
            },
            {
              key: "flow",
              label: t("services.fields.approvalFlow"),
              children: t(`services.approvalFlow.${o.approvalFlow}`),
            },
            {
              key: "activation",
              label: t("services.fields.activation"),
              children: t(`services.activation.${o.manualActivation ? "manual" : "automatic"}`),
            },
            {
              key: "product",
              label: t("services.fields.product"),
              children: o.productName,
            },
            { key: "name", label: t("services.fields.name"), children: <UserData>{o.name}</UserData> },
            { key: "spec", label: t("services.fields.spec"), children: dash(spec) },
            { key: "quantity", label: t("services.fields.quantity"), children: o.quantity },
            {
              key: "payment",
              label: t("services.fields.payment"),
              children: <PaymentText paymentType={o.paymentType} periodMonths={o.periodMonths} />,
            },
            {
              key: "submitter",
              label: t("services.fields.submitter"),
              children: (
                <span data-testid="order-submitter">
                  {o.submittedBySystem ? (
                    t("services.order.system")
                  ) : (
                    <UserData>{dash(o.submitter)}</UserData>
                  )}
                </span>
              ),
            },
            {
              key: "org",
              label: t("services.fields.organisation"),
              children: <UserData>{dash(o.orgName)}</UserData>,
            },
            { key: "created", label: t("common.createdAt"), children: formatDateTime(o.createdAt) },
            { key: "updated", label: t("services.fields.updatedAt"), children: formatDateTime(o.updatedAt) },
          ]}
        />
      </Card>
      <Card title={t("services.order.money")}>
        <Descriptions
          column={{ xs: 1, md: 3 }}
          size="small"
          data-testid="order-money"
          items={[
            {
              key: "original",
              label: t("services.price.original"),
              children: <Yuan value={o.originalAmount} />,
            },
            { key: "amount", label: t("services.fields.amount"), children: <Yuan value={o.amount} /> },
            {
              key: "coupon",
              label: t("services.price.coupon"),
              children: <Yuan value={o.couponDeduction} />,
            },
            {
              key: "paid",
              label: t("services.fields.paid"),
              children: <Yuan value={o.paidAmount} strong testId="order-paid" />,
            },
            {
              key: "refunded",
              label: t("services.fields.refunded"),
              children: <Yuan value={o.refunded} testId="order-refunded" />,
            },
          ]}
        />
      </Card>
      <Card title={t("services.order.resources")}>
        {o.resources.length === 0 ? (
          <Typography.Text type="secondary">{t("services.order.noResources")}</Typography.Text>
        ) : (
          <Space wrap data-testid="order-resources">
            {o.resources.map(({ id, name, kind }) => {
              const path = resourcePath?.({ id, kind }) ?? null;
              return path ? (
                <Link key={id} to={path} data-testid={`order-resource-${id}`}>
                  {name}
                </Link>
              ) : (
                <Tooltip key={id} title={id}>
                  <Typography.Text data-testid={`order-resource-${id}`}>{name}</Typography.Text>
                </Tooltip>
              );
            })}
          </Space>
        )}
      </Card>
      {o.errorLog && (
        <Card title={t("services.order.errorLog")}>
          <ErrorLogText text={o.errorLog} />
        </Card>
      )}
      <Card title={t("services.order.timeline")}>
        <Timeline
          data-testid="order-timeline"
          items={o.events.map((e, i) => ({
            key: `${e.at}-${i}`,
            color: EVENT_COLORS[e.action] ?? "blue",
            title: formatDateTime(e.at),
            content: (
              <div data-testid={`order-event-${e.action}`}>
                <Typography.Text strong>
                  {t(`services.orderEvent.${e.action}`, { defaultValue: e.action })}
                </Typography.Text>
                {e.level && (
                  <Typography.Text type="secondary">
                    {" · "}
                    {t(`services.approvalLevel.${e.level}`, { defaultValue: e.level })}
                  </Typography.Text>
                )}
                {e.actor && (
                  <Typography.Text type="secondary">
                    {" · "}
                    <UserData>{e.actor}</UserData>
                  </Typography.Text>
                )}
                {e.detail && (
                  <div style={{ color: "#595959", wordBreak: "break-all" }} data-testid="order-event-detail">
                    <OrderEventDetailText action={e.action} detail={e.detail} />
                  </div>
                )}
              </div>
            ),
          }))}
        />
      </Card>
    </Space>
  );
}
