// How a charge would be taken from the tenant's money by the deduction order (coupon, vouchers,
// cash, credit), or how much is missing with a link to top up. Shown by every form that charges
// before the user confirms.
import type { PriceQuote } from "@skyledger/contracts";
import { Alert, Descriptions, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "./money-text";
import { useMayAct } from "./require-org";

export function DeductionBreakdown({ deduction }: { deduction: PriceQuote["deduction"] }) {
  const { t } = useTranslation();
  const canTopUp = useMayAct("topUp");
  if (!deduction.sufficient)
    return (
      <Alert
        type="error"
        showIcon
        title={t("services.price.shortfall")}
        description={
          <Space orientation="vertical" size={4}>
            <Yuan value={deduction.shortfall} strong testId="price-shortfall" />
            {canTopUp && (
              <Link to="/mgt/onlinerecharge" data-testid="price-topup">
                {t("services.price.topUp")}
              </Link>
            )}
          </Space>
        }
      />
    );
  return (
    <div data-testid="price-breakdown">
      <Typography.Text type="secondary">{t("services.price.breakdown")}</Typography.Text>
      {deduction.allocations.length === 0 ? (
        <div>-</div>
      ) : (
        <Descriptions
          column={1}
          size="small"
          items={deduction.allocations.map((a, i) => ({
            key: `${a.source}-${a.sourceId ?? i}`,
            label: t(`services.price.sources.${a.source}`),
            children: <Yuan value={a.amount} />,
          }))}
        />
      )}
    </div>
  );
}
