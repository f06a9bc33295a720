// The list of /mgt/innerservice. A tenant's: the organisation's dedicated pool applications with
// their state in words, the operator's reason when closed, the pool once active and the order; the
// dedicated products to apply for. An operator's: every tenant's, by tenant and product too, with
// Activate and Close on a waiting one and Close on a running pool (confirmed in a dialog that shows
// the refund). Both show what a closed, failed or unsubscribed application refunded.
import {
  DEDICATED_APPLICATION_STATES,
  type DedicatedApplication,
  type DedicatedApplicationState,
  endpoints,
  HPC_DEDICATED_POOL_TYPES,
  type HpcPoolType,
} from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Input, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "../../../components/money-text";
import { PagedTable } from "../../../components/paged-table";
import { usePeriodLabel } from "../../../components/payment-text";
import { useMayActHere } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { UserData } from "../../../components/user-data";
import { DEDICATED_LIST_KEY, usePoolProducts } from "../../../features/hpc/hpc-api";
import { poolTypeLabel } from "../../../features/hpc/hpc-labels";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format";
import { type ApplicationAction, ApplicationDialog } from "./application-dialog";

const STATE_COLORS: Record<DedicatedApplicationState, string> = {
  waiting: "processing",
  activating: "processing",
  active: "success",
  closed: "default",
  failed: "error",
  unsubscribed: "default",
};
/** Applications still moving on their own (the nodes being reserved) are read again this often. */
const POLL_MS = 3000;

export function ApplicationsView({ operator }: { operator: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const period = usePeriodLabel();
  // An auditor reads every tenant's applications (BR) but activates and closes none.
  const mayAct = useMayActHere();
  const [state, setState] = useState<DedicatedApplicationState | undefined>();
  const [keyword, setKeyword] = useState("");
  const [tenant, setTenant] = useState("");
  const [product, setProduct] = useState("");
  const [acting, setActing] = useState<{
    application: DedicatedApplication;
    action: ApplicationAction;
  } | null>(null);
  const poll = {
    refetchInterval: (page?: { list: DedicatedApplication[] }) =>
      page?.list.some((a) => a.state === "activating") ? POLL_MS : false,
  };
  const list = usePagedQuery(
    DEDICATED_LIST_KEY,
    operator ? endpoints.hpcDedicated.listAllApplications : endpoints.hpcDedicated.listApplications,
    operator
      ? { state, keyword: keyword.trim(), tenant: tenant.trim(), product: product.trim() }
      : { state, keyword: keyword.trim() },
    poll,
  );

  const done = (action: ApplicationAction) => (application: DedicatedApplication) => {
    setActing(null);
    void message.success(t(`hpc.dedicated.${action}d`, { orderNo: application.orderNo }));
    void client.invalidateQueries({ queryKey: ["ops", DEDICATED_LIST_KEY] });
  };

  // A waiting application is activated or closed; a running pool can be closed.
  const actionsOf = (row: DedicatedApplication): ApplicationAction[] =>
    row.awaitingActivation ? ["activate", "close"] : row.state === "active" ? ["close"] : [];
  const actions = (row: DedicatedApplication) =>
    actionsOf(row).length > 0 ? (
      <Space size={0}>
        {actionsOf(row).map((action) => (
          <Button
            key={action}
            type="link"
            size="small"
            danger={action === "close"}
            onClick={() => setActing({ application: row, action })}
            data-testid={`dedicated-${action}-${row.orderNo}`}
          >
            {t(`services.approvals.${action}`)}
          </Button>
        ))}
      </Space>
    ) : null;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(operator ? "hpc.dedicated.opsTitle" : "hpc.dedicated.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t(operator ? "hpc.dedicated.opsIntro" : "hpc.dedicated.intro")}
      </Typography.Paragraph>
      {!operator && <DedicatedProducts />}
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select<DedicatedApplicationState>
            allowClear
            placeholder={t("hpc.dedicated.allStates")}
            aria-label={t("common.status")}
            value={state}
            onChange={list.onFilter(setState)}
            options={DEDICATED_APPLICATION_STATES.map((s) => ({
              value: s,
              label: t(`hpc.dedicated.state.${s}`),
            }))}
            style={{ width: 200 }}
            data-testid="dedicated-state"
          />
          {operator && (
            <Input.Search
              allowClear
              maxLength={64}
              placeholder={t("hpc.dedicated.tenant")}
              aria-label={t("hpc.dedicated.tenant")}
              onSearch={list.onFilter(setTenant)}
              style={{ width: 220 }}
              data-testid="dedicated-tenant"
            />
          )}
          {operator && (
            <Input.Search
              allowClear
              maxLength={64}
              placeholder={t("hpc.dedicated.product")}
              aria-label={t("hpc.dedicated.product")}
              onSearch={list.onFilter(setProduct)}
              style={{ width: 220 }}
              data-testid="dedicated-product"
            />
          )}
          <Input.Search
            allowClear
            maxLength={64}
            placeholder={t("hpc.dedicated.keyword")}
            aria-label={t("hpc.dedicated.keyword")}
            onSearch={list.onFilter(setKeyword)}
            style={{ width: 260 }}
            data-testid="dedicated-keyword"
          />
        </Space>
        <PagedTable<DedicatedApplication>
          rowKey="id"
          list={list}
          emptyText={t("hpc.dedicated.empty")}
          scroll={{ x: 1300 }}
          data-testid="dedicated-table"
          rowTestId={(row) => `dedicated-row-${row.orderNo}`}
          columns={[
            {
              title: t("hpc.dedicated.orderNo"),
              dataIndex: "orderNo",
              fixed: "left",
              width: 200,
              render: (v: string, row) => (
                <Link
                  to={`${operator ? "/sys/orders" : "/mgt/orders"}/${encodeURIComponent(row.id)}`}
                  data-testid={`dedicated-order-${v}`}
                >
                  {v}
                </Link>
              ),
            },
            ...(operator
              ? [
                  {
                    title: t("hpc.dedicated.tenant"),
                    dataIndex: "orgName",
                    width: 160,
                    render: (v: string) => <span data-user-data>{v}</span>,
                  },
                ]
              : []),
            {
              title: t("hpc.dedicated.name"),
              dataIndex: "name",
              width: 150,
              ellipsis: { showTitle: true },
              render: (v: string) => <span data-user-data>{v}</span>,
            },
            {
              title: t("hpc.dedicated.product"),
              dataIndex: "productName",
              width: 180,
              render: (v: string, row) => (
                <Space orientation="vertical" size={0}>
                  <span data-user-data>{v}</span>
                  <Typography.Text type="secondary">{poolTypeLabel(row.poolType, t)}</Typography.Text>
                </Space>
              ),
            },
            {
              title: t("hpc.dedicated.nodes"),
              dataIndex: "nodes",
              width: 80,
              render: (v: number, row) => <span data-testid={`dedicated-nodes-${row.orderNo}`}>{v}</span>,
            },
            {
              title: t("hpc.dedicated.months"),
              dataIndex: "periodMonths",
              width: 90,
              render: (v: number | null) => (v === null ? "-" : period(v)),
            },
            {
              title: t("hpc.dedicated.amount"),
              dataIndex: "amount",
              width: 130,
              render: (v: string) => <Yuan value={v} />,
            },
            {
              title: t("hpc.dedicated.appliedAt"),
              dataIndex: "appliedAt",
              width: 160,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("common.status"),
              dataIndex: "state",
              width: 200,
              render: (v: DedicatedApplicationState, row) => (
                <Space orientation="vertical" size={0}>
                  <Tag color={STATE_COLORS[v]} data-testid={`dedicated-state-${row.orderNo}`} data-state={v}>
                    {t(`hpc.dedicated.state.${v}`)}
                  </Tag>
                  {row.reason && (
                    <Typography.Text type="secondary" data-testid={`dedicated-reason-${row.orderNo}`}>
                      {t("hpc.dedicated.reason")} <UserData>{row.reason}</UserData>
                    </Typography.Text>
                  )}
                  {(v === "closed" || v === "failed" || v === "unsubscribed") &&
                    row.refunded !== "0.00000" && (
                      <Typography.Text type="secondary" data-testid={`dedicated-refunded-${row.orderNo}`}>
                        {t("hpc.dedicated.refunded")} <Yuan value={row.refunded} />
                      </Typography.Text>
                    )}
                </Space>
              ),
            },
            {
              title: t("hpc.dedicated.pool"),
              key: "pool",
              width: 130,
              render: (_, row) =>
                row.poolId && !operator ? (
                  <Link
                    to={`/mgt/hpc/${encodeURIComponent(row.poolId)}`}
                    data-testid={`dedicated-pool-${row.orderNo}`}
                  >
                    {t("hpc.dedicated.openPool")}
                  </Link>
                ) : (
                  "-"
                ),
            },
            ...(operator
              ? [
                  {
                    title: t("common.actions"),
                    key: "actions",
                    fixed: "right" as const,
                    width: 150,
                    hidden: !mayAct,
                    render: (_: unknown, row: DedicatedApplication) => actions(row),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {acting && (
        <ApplicationDialog
          application={acting.application}
          action={acting.action}
          onClose={() => setActing(null)}
          onDone={done(acting.action)}
        />
      )}
    </>
  );
}

/** The listed dedicated pool products a tenant may apply for (`/apply/innerservice/{id}`). */
function DedicatedProducts() {
  const { t } = useTranslation();
  const products = usePoolProducts();
  const english = currentLanguage() === "en-US";
  const dedicated = (products.data ?? []).filter(
    (p) => p.spec.kind === "hpcPool" && HPC_DEDICATED_POOL_TYPES.includes(p.spec.poolType as HpcPoolType),
  );
  if (dedicated.length === 0) return null;
  return (
    <Card
      title={t("hpc.dedicated.applyTitle")}
      style={{ marginBottom: 16 }}
      data-testid="dedicated-apply-products"
    >
      <Space wrap>
        {dedicated.map((p) => (
          <Link
            key={p.id}
            to={`/apply/innerservice/${encodeURIComponent(p.id)}`}
            data-testid={`dedicated-apply-${p.code}`}
          >
            <Button>{t("hpc.pools.applyFor", { name: english ? p.nameEn : p.nameZh })}</Button>
          </Link>
        ))}
      </Space>
    </Card>
  );
}
