// /sys/orders/:id (BA07, BI, BT): an order as operators read it, with the decision buttons while it
// waits for approval or for manual activation, for the approvers (BA07) alone; billing
// administrators and after-sales engineers open it from a tenant's page, read-only. Same view as the
// tenant's order detail.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { endpoints } from "@skyledger/contracts";
import { Button, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ReadOnlyNote, useHasCode, useMayActHere, useMayOpen } from "../../../components/require-org";
import { LoadFailed } from "../../../components/table-states";
import { OrderDetailView } from "../../../features/services/order-detail-view";
import { useOrder, useRefreshServices } from "../../../features/services/services-api";
import { DecisionDialog, type OrderDecision } from "./decision-dialog";

/** What an operator may do with the order now. */
function decisionsOf(o: { status: string; awaitingActivation: boolean }): OrderDecision[] {
  if (o.status === "approving") return ["approve", "return", "reject"];
  return o.awaitingActivation ? ["activate", "close"] : [];
}

export function ApprovalOrderPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const order = useOrder(id, true);
  const refresh = useRefreshServices();
  // The page opens to BI and BT too, but only approvers decide: the server refuses anyone else.
  const mayActHere = useMayActHere();
  const approver = useHasCode(...endpoints.orders.decideApproval.permissions);
  const mayAct = mayActHere && approver;
  const back = useMayOpen()("/sys/approvals")
    ? { to: "/sys/approvals", label: t("services.approvals.backToList") }
    : { to: "/sys/tenants", label: t("ops.tenants.back") };
  const [decision, setDecision] = useState<OrderDecision | null>(null);
  const o = order.data;

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to={back.to} data-testid="approval-order-back">
          <ArrowLeftOutlined /> {back.label}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("services.order.title", { orderNo: o?.orderNo ?? "" })}
      </Typography.Title>
      <ReadOnlyNote mayAct={mayAct} />
      {order.isPending ? (
        <Skeleton active />
      ) : order.isError || !o ? (
        <LoadFailed onRetry={() => void order.refetch()} t={t} />
      ) : (
        <OrderDetailView
          order={o}
          extra={
            <Space>
              {(mayAct ? decisionsOf(o) : []).map((d, i) => (
                <Button
                  key={d}
                  type={i === 0 ? "primary" : "default"}
                  danger={d === "reject" || d === "close"}
                  onClick={() => setDecision(d)}
                  data-testid={`approval-${d}`}
                >
                  {t(`services.approvals.${d}`)}
                </Button>
              ))}
            </Space>
          }
        />
      )}
      {o && decision && (
        <DecisionDialog
          order={o}
          decision={decision}
          onClose={() => setDecision(null)}
          onDone={() => {
            setDecision(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}
