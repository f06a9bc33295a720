import { endpoints } from "@skyledger/contracts";
// Tenant accounts (BI): every organisation, and per tenant its money, ledger, bills and top-ups
// with the operator's actions (manual recharge, credit limit, balance adjustment).
import { Button, Card, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import type { OrgRow } from "../../../features/finance/finance-api";
import { OrgDrawer } from "../../../features/finance/org-drawer";
import { dash, formatDateTime } from "../../../lib/format";

export function FinanceAccountsPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState("");
  const [open, setOpen] = useState<OrgRow | null>(null);
  const list = usePagedQuery("orgs", endpoints.financeOps.listOrgs, { keyword: keyword.trim() });
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.ops.accounts.title")}
      </Typography.Title>
      <Card>
        <Input.Search
          allowClear
          placeholder={t("finance.ops.accounts.keywordPlaceholder")}
          onSearch={list.onFilter(setKeyword)}
          maxLength={64}
          style={{ width: 300, marginBottom: 16 }}
          aria-label={t("finance.ops.accounts.keyword")}
          data-testid="orgs-keyword"
        />
        <PagedTable<OrgRow>
          rowKey="orgId"
          list={list}
          scroll={{ x: 800 }}
          data-testid="orgs-table"
          columns={[
            {
              title: t("finance.ops.accounts.orgName"),
              ...userDataCells,
              dataIndex: "name",
              // The tenant's id is copied, never shown: operators quote it, nobody reads it.
              render: (name: string, row) => (
                <Typography.Text
                  copyable={{
                    text: row.orgId,
                    tooltips: [t("finance.ops.accounts.copyId"), t("finance.ops.accounts.copied")],
                  }}
                >
                  {name}
                </Typography.Text>
              ),
            },
            {
              title: t("console.fields.email"),
              ...userDataCells,
              dataIndex: "email",
              render: (v: string | null) => dash(v),
            },
            {
              title: t("common.createdAt"),
              dataIndex: "createdAt",
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              render: (_, row) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setOpen(row)}
                  data-testid={`org-open-${row.orgId}`}
                >
                  {t("finance.ops.accounts.open")}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <OrgDrawer org={open} onClose={() => setOpen(null)} />
    </>
  );
}
