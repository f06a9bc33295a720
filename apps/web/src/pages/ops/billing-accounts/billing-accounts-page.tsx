// The billing accounts list (`/mgt/accounts`, spec `accounts`, BI; issue 19 §7): every tenant's
// balance, credit, voucher balance and arrears, searched by name, filtered by state, sorted by the
// server and paged; exported with the same filter and order as an .xlsx built in the background
// (the downloads panel below offers it). `?state=` and `?sort=` open it filtered and sorted: the
// operators' dashboard links its counts here.
import { DownloadOutlined } from "@ant-design/icons";
import {
  BILLING_ACCOUNT_SORTS,
  type BillingAccountRecord,
  type BillingAccountSort,
  endpoints,
  TENANT_STATES,
  type TenantState,
} from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Input, Select, Space, Tag, Typography } from "antd";
import type { SortOrder } from "antd/es/table/interface";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Yuan } from "../../../components/money-text";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { DownloadsPanel } from "../../../features/finance/downloads-panel";
import { financeKeys } from "../../../features/finance/finance-api";
import { api } from "../../../lib/api-client";
import { dash, formatDateTime } from "../../../lib/format";

const oneOf = <T extends string>(set: readonly T[], value: string | null): T | undefined =>
  set.find((v) => v === value);

export function BillingAccountsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [keyword, setKeyword] = useState("");
  const [state, setState] = useState<TenantState | undefined>(oneOf(TENANT_STATES, params.get("state")));
  const [sort, setSort] = useState<BillingAccountSort>(
    oneOf(BILLING_ACCOUNT_SORTS, params.get("sort")) ?? "createdAt",
  );
  const [order, setOrder] = useState<"asc" | "desc">(params.get("order") === "asc" ? "asc" : "desc");
  const [exporting, setExporting] = useState(false);
  const filter = { keyword: keyword.trim(), state, sort, order };
  const list = usePagedQuery("billingAccounts", endpoints.financeOps.listBillingAccounts, filter);

  const startExport = async () => {
    setExporting(true);
    try {
      await api.call(endpoints.financeOps.exportBillingAccounts, { body: filter });
      void message.success(t("finance.ops.billingAccounts.exportStarted"));
      await queryClient.invalidateQueries({ queryKey: financeKeys.downloads });
    } finally {
      setExporting(false);
    }
  };

  const sortOf = (key: BillingAccountSort): { sorter: true; sortOrder: SortOrder } => ({
    sorter: true,
    sortOrder: sort === key ? (order === "asc" ? "ascend" : "descend") : null,
  });
  const money = (key: BillingAccountSort, field: keyof BillingAccountRecord, title: string) => ({
    title,
    key,
    dataIndex: field,
    align: "right" as const,
    ...sortOf(key),
    render: (v: string) => <Yuan value={v} />,
  });

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.ops.billingAccounts.title")}
      </Typography.Title>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t("finance.ops.accounts.keywordPlaceholder")}
            onSearch={list.onFilter(setKeyword)}
            maxLength={64}
            style={{ width: 300 }}
            aria-label={t("finance.ops.accounts.keyword")}
            data-testid="billing-accounts-keyword"
          />
          <Select<TenantState>
            allowClear
            value={state}
            onChange={list.onFilter(setState)}
            placeholder={t("finance.ops.billingAccounts.state")}
            aria-label={t("finance.ops.billingAccounts.state")}
            style={{ width: 200 }}
            data-testid="billing-accounts-state"
            options={TENANT_STATES.map((s) => ({
              value: s,
              label: t(`finance.ops.billingAccounts.states.${s}`),
            }))}
          />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void startExport()}
            data-testid="billing-accounts-export"
          >
            {t("finance.ops.billingAccounts.export")}
          </Button>
        </Space>
        <PagedTable<BillingAccountRecord>
          rowKey="orgId"
          list={list}
          scroll={{ x: 1100 }}
          data-testid="billing-accounts-table"
          onChange={(_, __, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const key = oneOf(BILLING_ACCOUNT_SORTS, String(one?.columnKey ?? ""));
            list.resetPage();
            setSort(one?.order && key ? key : "createdAt");
            setOrder(one?.order === "ascend" ? "asc" : "desc");
          }}
          columns={[
            {
              title: t("finance.ops.accounts.orgName"),
              key: "name",
              ...userDataCells,
              dataIndex: "name",
              ...sortOf("name"),
            },
            {
              title: t("console.fields.email"),
              ...userDataCells,
              dataIndex: "email",
              render: (v: string | null) => dash(v),
            },
            {
              title: t("finance.ops.billingAccounts.stateColumn"),
              key: "state",
              render: (_, row) => (
                <Space size={4} wrap>
                  <Tag color={row.verified ? "success" : "default"}>
                    {t(`finance.ops.billingAccounts.states.${row.verified ? "verified" : "unverified"}`)}
                  </Tag>
                  {row.frozen && <Tag color="blue">{t("finance.ops.billingAccounts.states.frozen")}</Tag>}
                </Space>
              ),
            },
            money("balance", "balance", t("finance.ops.billingAccounts.balance")),
            money("creditLimit", "creditLimit", t("finance.ops.billingAccounts.creditLimit")),
            {
              title: t("finance.ops.billingAccounts.creditUsed"),
              dataIndex: "creditUsed",
              align: "right",
              render: (v: string) => <Yuan value={v} />,
            },
            money("vouchers", "voucherBalance", t("finance.ops.billingAccounts.voucherBalance")),
            money("arrears", "arrears", t("finance.ops.billingAccounts.arrears")),
            {
              title: t("common.createdAt"),
              key: "createdAt",
              dataIndex: "createdAt",
              ...sortOf("createdAt"),
              render: (v: string) => formatDateTime(v),
            },
          ]}
        />
      </Card>
      <div style={{ marginTop: 16 }}>
        <DownloadsPanel />
      </div>
    </>
  );
}
