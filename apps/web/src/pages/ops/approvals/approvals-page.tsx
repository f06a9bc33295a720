// /sys/approvals (BA07): orders waiting for the caller's decision (or every order that went
// through approval), approved or rejected from the row; and the simulator's fault switch for demos.
import type { OrderDetail, OrderRecord } from "@skyledger/contracts";
import { App, Button, Card, Space, Tabs, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePagedQuery } from "../../../features/ops/use-paged-query";
import { POLL_MS } from "../../../features/services/host-state";
import { OrdersTable } from "../../../features/services/orders-table";
import {
  APPROVALS_LIST_KEY,
  APPROVALS_PATH,
  useRefreshServices,
} from "../../../features/services/services-api";
import { DecisionDialog } from "./decision-dialog";
import { SimulatorFaultsCard } from "./simulator-faults-card";

type View = "pending" | "all";

export function ApprovalsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [view, setView] = useState<View>("pending");
  const [deciding, setDeciding] = useState<{ order: OrderRecord; decision: "approve" | "reject" } | null>(
    null,
  );
  const refresh = useRefreshServices();
  const list = usePagedQuery<OrderRecord>(
    APPROVALS_LIST_KEY,
    APPROVALS_PATH,
    { view },
    { refetchInterval: (page) => (page?.list.some((o) => o.status === "provisioning") ? POLL_MS : false) },
  );

  const decided = (order: OrderDetail) => {
    setDeciding(null);
    void message.success(
      t(`services.approvals.${order.status === "rejected" ? "rejected" : "approved"}`, {
        orderNo: order.orderNo,
      }),
    );
    void refresh();
  };

  const actions = (order: OrderRecord) =>
    order.status === "approving" ? (
      <Space size={0}>
        <Button
          type="link"
          size="small"
          onClick={() => setDeciding({ order, decision: "approve" })}
          data-testid={`approval-approve-${order.orderNo}`}
        >
          {t("services.approvals.approve")}
        </Button>
        <Button
          type="link"
          size="small"
          danger
          onClick={() => setDeciding({ order, decision: "reject" })}
          data-testid={`approval-reject-${order.orderNo}`}
        >
          {t("services.approvals.reject")}
        </Button>
      </Space>
    ) : null;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("services.approvals.title")}
      </Typography.Title>
      <Space orientation="vertical" size={16} style={{ width: "100%" }}>
        <Card>
          <Tabs
            activeKey={view}
            onChange={(key) => list.onFilter(setView)(key as View)}
            items={(["pending", "all"] as const).map((key) => ({
              key,
              label: <span data-testid={`approvals-tab-${key}`}>{t(`services.approvals.tabs.${key}`)}</span>,
            }))}
          />
          <OrdersTable
            list={list}
            organisation
            testId="approvals-table"
            detailPath={(o) => `/sys/orders/${encodeURIComponent(o.id)}`}
            actions={view === "pending" ? actions : undefined}
          />
        </Card>
        <SimulatorFaultsCard />
      </Space>
      {deciding && (
        <DecisionDialog
          order={deciding.order}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDone={decided}
        />
      )}
    </>
  );
}
