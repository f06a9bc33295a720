import type { AccountOverview } from "@skyledger/contracts";
import { Descriptions, type DescriptionsProps, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { NEGATIVE_COLOR, Yuan } from "../../components/money-text";
import { amountSign } from "../../lib/money";

/** Balance, vouchers, credit and arrears of one organisation (arrears stand out when above zero). */
export function AccountOverviewList({
  account,
  column = 1,
}: {
  account: AccountOverview;
  column?: DescriptionsProps["column"];
}) {
  const { t } = useTranslation();
  const inArrears = amountSign(account.arrears) > 0;
  return (
    <Descriptions
      column={column}
      size="small"
      items={[
        {
          key: "balance",
          label: t("finance.account.balance"),
          children: <Yuan value={account.balance} strong testId="billing-balance" />,
        },
        {
          key: "topupVoucher",
          label: t("finance.account.topupVoucherBalance"),
          children: <Yuan value={account.topupVoucherBalance} />,
        },
        {
          key: "deductionVoucher",
          label: t("finance.account.deductionVoucherBalance"),
          children: <Yuan value={account.deductionVoucherBalance} />,
        },
        {
          key: "creditLimit",
          label: t("finance.account.creditLimit"),
          children: <Yuan value={account.creditLimit} testId="billing-credit-limit" />,
        },
        {
          key: "creditUsed",
          label: t("finance.account.creditUsed"),
          children: <Yuan value={account.creditUsed} />,
        },
        {
          key: "availableCredit",
          label: t("finance.account.availableCredit"),
          children: <Yuan value={account.availableCredit} />,
        },
        {
          key: "arrears",
          label: t("finance.account.arrears"),
          children: (
            <span data-testid="billing-arrears" data-arrears={inArrears}>
              <Yuan
                value={account.arrears}
                strong={inArrears}
                style={inArrears ? { color: NEGATIVE_COLOR } : {}}
              />
              {inArrears && (
                <Tag color="error" style={{ marginInlineStart: 8 }}>
                  {t("finance.account.inArrears")}
                </Tag>
              )}
            </span>
          ),
        },
        {
          key: "availableToSpend",
          label: t("finance.account.availableToSpend"),
          children: <Yuan value={account.availableToSpend} strong testId="billing-available" />,
        },
      ]}
    />
  );
}
