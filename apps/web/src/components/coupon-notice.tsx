// What a quote says about the chosen coupon beyond its deduction: why it does not apply (the
// reason in words), or that it is worth more than the charge and the excess is not refunded
// (spec §8). Nothing when no coupon is chosen or it applies in full.
import type { PriceQuote } from "@skyledger/contracts";
import { Alert, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { amountSign } from "../lib/money";

type Props = { coupon: PriceQuote["coupon"]; testIdPrefix: string };

export function CouponNotice({ coupon, testIdPrefix }: Props) {
  const { t } = useTranslation();
  if (!coupon) return null;
  if (!coupon.applicable)
    return (
      <Alert
        type="warning"
        showIcon
        title={t("services.price.couponNotApplicable")}
        description={coupon.reason ? t(`services.price.couponReasons.${coupon.reason}`, coupon.reason) : null}
        data-testid={`${testIdPrefix}-coupon-refused`}
      />
    );
  if (amountSign(coupon.forfeited) <= 0) return null;
  return (
    <Typography.Text type="secondary" data-testid={`${testIdPrefix}-coupon-forfeited`}>
      {t("services.price.couponForfeited", { amount: coupon.forfeited })}
    </Typography.Text>
  );
}
