import type { DealRecord } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Card, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { RequireOrg } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { AccountOverviewList } from "../../../features/finance/account-overview";
import { dealColumns } from "../../../features/finance/deal-columns";
import { fetchAccount, financeKeys } from "../../../features/finance/finance-api";

export function DealsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.deals.title")}
      </Typography.Title>
      <RequireOrg>
        <Deals />
      </RequireOrg>
    </>
  );
}

function Deals() {
  const { t } = useTranslation();
  const list = usePagedQuery("deals", endpoints.finance.listDeals);
  const account = useQuery({ queryKey: financeKeys.account, queryFn: fetchAccount });
  return (
    <>
      {account.data && (
        <Card size="small" style={{ marginBottom: 16 }}>
          <AccountOverviewList account={account.data} column={{ xs: 1, md: 2, xl: 4 }} />
        </Card>
      )}
      <Card>
        <PagedTable<DealRecord>
          rowKey="id"
          list={list}
          emptyText={t("finance.deals.empty")}
          scroll={{ x: 1100 }}
          data-testid="deals-table"
          columns={dealColumns(t)}
        />
      </Card>
    </>
  );
}
