// /sys/approvals (BA07): orders waiting for the caller's decision, approved, returned (驳回) or
// refused (拒绝) from the row; approved orders waiting for manual activation, activated or closed
// from the row; every order that went through either. (The simulator's fault switches have their own
// page, /sys/simulator: approving real orders and breaking a simulated cloud are different jobs.)
import {
  APPROVAL_VIEWS,
  type ApprovalView,
  endpoints,
  type OrderDetail,
  type OrderRecord,
} from "@skyledger/contracts";
import { App, Button, Card, Space, Tabs, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { POLL_MS } from "../../../features/services/host-state";
import { OrdersTable } from "../../../features/services/orders-table";
import { APPROVALS_LIST_KEY, useRefreshServices } from "../../../features/services/services-api";
import { DecisionDialog, type OrderDecision } from "./decision-dialog";

/** The row actions of each view and the toast each decision ends with. */
const ROW_DECISIONS: Record<ApprovalView, readonly OrderDecision[]> = {
  pending: ["approve", "return", "reject"],
  activation: ["activate", "close"],
  all: [],
};
const DONE_TEXT: Record<OrderDecision, string> = {
  approve: "approved",
  reject: "rejected",
  return: "returned",
  activate: "activated",
  close: "closed",
};

export function ApprovalsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // `?view=activation` (the dashboard's queue card) opens that tab.
  const [params] = useSearchParams();
  const asked = params.get("view");
  const [view, setView] = useState<ApprovalView>(APPROVAL_VIEWS.find((v) => v === asked) ?? "pending");
  const [deciding, setDeciding] = useState<{ order: OrderRecord; decision: OrderDecision } | null>(null);
  const refresh = useRefreshServices();
  const mayAct = useMayActHere();
  const list = usePagedQuery(
    APPROVALS_LIST_KEY,
    endpoints.orders.listApprovals,
    { view },
    { refetchInterval: (page) => (page?.list.some((o) => o.status === "provisioning") ? POLL_MS : false) },
  );

  const decided = (decision: OrderDecision) => (order: OrderDetail) => {
    setDeciding(null);
    void message.success(t(`services.approvals.${DONE_TEXT[decision]}`, { orderNo: order.orderNo }));
    void refresh();
  };

  const actions = (order: OrderRecord) => {
    const open = view === "pending" ? order.status === "approving" : order.awaitingActivation;
    if (!open) return null;
    return (
      <Space size={0}>
        {ROW_DECISIONS[view].map((decision) => (
          <Button
            key={decision}
            type="link"
            size="small"
            danger={decision === "reject" || decision === "close"}
            onClick={() => setDeciding({ order, decision })}
            data-testid={`approval-${decision}-${order.orderNo}`}
          >
            {t(`services.approvals.${decision}`)}
          </Button>
        ))}
      </Space>
    );
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("services.approvals.title")}
      </Typography.Title>
      <ReadOnlyNote />
      <Space orientation="vertical" size={16} style={{ width: "100%" }}>
        <Card>
          <Tabs
            activeKey={view}
            onChange={(key) => list.onFilter(setView)(key as ApprovalView)}
            items={APPROVAL_VIEWS.map((key) => ({
              key,
              label: <span data-testid={`approvals-tab-${key}`}>{t(`services.approvals.tabs.${key}`)}</span>,
            }))}
          />
          <OrdersTable
            list={list}
            organisation
            testId="approvals-table"
            detailPath={(o) => `/sys/orders/${encodeURIComponent(o.id)}`}
            actions={mayAct && ROW_DECISIONS[view].length > 0 ? actions : undefined}
          />
        </Card>
      </Space>
      {deciding && (
        <DecisionDialog
          order={deciding.order}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDone={decided(deciding.decision)}
        />
      )}
    </>
  );
}
