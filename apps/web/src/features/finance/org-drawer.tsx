import { type BillRecord, type DealRecord, endpoints, type RechargeRecord } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Drawer, Skeleton, Space, Tabs } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Yuan } from "../../components/money-text";
import { PagedTable } from "../../components/paged-table";
import { useHasCode, useMayRead } from "../../components/require-org";
import { StatusTag } from "../../components/status-tags";
import { LoadFailed } from "../../components/table-states";
import { usePagedQuery } from "../../components/use-paged-query";
import { formatDateTime } from "../../lib/format";
import { AccountOverviewList } from "./account-overview";
import { AdjustDialog } from "./adjust-dialog";
import { BillDetail, billColumns } from "./bill-views";
import { CreditLimitDialog } from "./credit-limit-dialog";
import { dealColumns } from "./deal-columns";
import { fetchOrgAccount, financeKeys, type OrgRow } from "./finance-api";
import { ManualRechargeDialog } from "./manual-recharge-dialog";

type Action = "recharge" | "credit" | "adjust";

export function OrgDrawer({ org, onClose }: { org: OrgRow | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={org !== null}
      onClose={onClose}
      size={1000}
      title={org ? t("finance.ops.accounts.drawerTitle", { name: org.name }) : ""}
      destroyOnHidden
    >
      {org && <OrgFinance org={org} />}
    </Drawer>
  );
}

/**
 * A tenant's money with the operator's actions: also the "Account" tab of `/sys/tenants/:id`, which
 * shows the bills in a tab of its own (`bills={false}`).
 */
export function OrgFinance({ org, bills = true }: { org: OrgRow; bills?: boolean }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<Action | null>(null);
  // After-sales engineers (BT) read the account and its movements; money actions and the bills
  // and deposits need BI (the auditor's BR reads them too).
  const mayAct = useHasCode("BI");
  const mayReadMoney = useMayRead("BI");
  const account = useQuery({
    queryKey: financeKeys.orgAccount(org.orgId),
    queryFn: () => fetchOrgAccount(org.orgId),
  });
  const deals = usePagedQuery(
    `orgDeals-${org.orgId}`,
    endpoints.financeOps.orgDeals,
    {},
    { params: { orgId: org.orgId } },
  );
  const refresh = () => {
    void account.refetch();
    void deals.query.refetch();
  };

  return (
    <div data-testid="org-drawer">
      <Space wrap style={{ marginBottom: 16 }} hidden={!mayAct}>
        <Button type="primary" onClick={() => setAction("recharge")} data-testid="org-recharge">
          {t("finance.ops.recharge.button")}
        </Button>
        <Button onClick={() => setAction("credit")} data-testid="org-credit-limit">
          {t("finance.ops.credit.button")}
        </Button>
        <Button onClick={() => setAction("adjust")} data-testid="org-adjust">
          {t("finance.ops.adjust.button")}
        </Button>
      </Space>
      <Tabs
        items={[
          {
            key: "account",
            label: t("finance.ops.accounts.tabs.account"),
            children: (
              <div data-testid="org-account">
                {account.isPending ? (
                  <Skeleton active />
                ) : account.isError ? (
                  <LoadFailed onRetry={() => void account.refetch()} t={t} />
                ) : (
                  <AccountOverviewList account={account.data} column={{ xs: 1, md: 2 }} />
                )}
              </div>
            ),
          },
          {
            key: "deals",
            label: t("finance.ops.accounts.tabs.deals"),
            children: (
              <PagedTable<DealRecord>
                rowKey="id"
                size="small"
                list={deals}
                emptyText={t("finance.deals.empty")}
                scroll={{ x: 1000 }}
                data-testid="org-deals-table"
                columns={dealColumns(t)}
              />
            ),
          },
          ...(mayReadMoney && bills
            ? [
                {
                  key: "bills",
                  label: t("finance.ops.accounts.tabs.bills"),
                  children: <OrgBills orgId={org.orgId} />,
                },
              ]
            : []),
          ...(mayReadMoney
            ? [
                {
                  key: "deposits",
                  label: t("finance.ops.accounts.tabs.deposits"),
                  children: <OrgDeposits orgId={org.orgId} />,
                },
              ]
            : []),
        ]}
      />
      <ManualRechargeDialog
        org={org}
        open={action === "recharge"}
        onClose={() => setAction(null)}
        onDone={refresh}
      />
      <CreditLimitDialog
        org={org}
        current={account.data?.creditLimit}
        open={action === "credit"}
        onClose={() => setAction(null)}
        onDone={refresh}
      />
      <AdjustDialog org={org} open={action === "adjust"} onClose={() => setAction(null)} onDone={refresh} />
    </div>
  );
}

/** A tenant's bills, newest first; a row opens every field of the bill. */
export function OrgBills({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<BillRecord | null>(null);
  const list = usePagedQuery("opsBills", endpoints.financeOps.listBills, { orgId });
  return (
    <>
      <PagedTable<BillRecord>
        rowKey="billNo"
        size="small"
        list={list}
        emptyText={t("finance.bill.empty")}
        scroll={{ x: 1100 }}
        data-testid="org-bills-table"
        onRow={(row) => ({ onClick: () => setOpen(row), style: { cursor: "pointer" } })}
        columns={billColumns(t)}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={600}
        title={t("finance.bill.detailTitle", { billNo: open?.billNo ?? "" })}
        destroyOnHidden
      >
        {open && <BillDetail bill={open} />}
      </Drawer>
    </>
  );
}

function OrgDeposits({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const list = usePagedQuery("opsDeposits", endpoints.financeOps.listDeposits, { orgId });
  return (
    <PagedTable<RechargeRecord>
      rowKey="rechargeNo"
      size="small"
      list={list}
      emptyText={t("finance.recharge.empty")}
      scroll={{ x: 800 }}
      data-testid="org-deposits-table"
      columns={[
        { title: t("finance.recharge.rechargeNo"), dataIndex: "rechargeNo" },
        {
          title: t("finance.recharge.channel"),
          dataIndex: "channel",
          render: (v: RechargeRecord["channel"]) => t(`finance.channel.${v}`),
        },
        {
          title: t("finance.recharge.amount"),
          dataIndex: "amount",
          align: "right",
          render: (v: string) => <Yuan value={v} />,
        },
        {
          title: t("common.status"),
          dataIndex: "status",
          render: (v: RechargeRecord["status"]) => <StatusTag kind="recharge" status={v} />,
        },
        { title: t("common.createdAt"), dataIndex: "createdAt", render: (v: string) => formatDateTime(v) },
        {
          title: t("finance.recharge.paidAt"),
          dataIndex: "paidAt",
          render: (v: string | null) => formatDateTime(v),
        },
      ]}
    />
  );
}
