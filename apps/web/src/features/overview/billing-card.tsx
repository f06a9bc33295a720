import { WalletOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LoadFailed } from "../../components/table-states";
import { AccountOverviewList } from "../finance/account-overview";
import { fetchAccount, financeKeys } from "../finance/finance-api";

/** The organisation's money at a glance; only rendered for users of an organisation. */
export function BillingSummary({ canTopUp }: { canTopUp: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useQuery({ queryKey: financeKeys.account, queryFn: fetchAccount });
  if (account.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (account.isError) return <LoadFailed onRetry={() => void account.refetch()} t={t} />;
  return (
    <>
      <AccountOverviewList account={account.data} />
      {canTopUp && (
        <Button
          type="primary"
          icon={<WalletOutlined />}
          onClick={() => void navigate("/mgt/onlinerecharge")}
          data-testid="dashboard-topup"
          style={{ marginTop: 8 }}
        >
          {t("finance.account.topUp")}
        </Button>
      )}
    </>
  );
}
