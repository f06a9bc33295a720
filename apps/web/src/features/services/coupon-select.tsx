// The organisation's valid coupons to choose from (name and what each takes off), for users who may
// read coupons (CC02). A controlled select: inside a Form.Item it takes the item's value, elsewhere
// the caller's. The quote beside it tells whether the chosen coupon applies.
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { Yuan } from "../../components/money-text";
import { useCouponOptions } from "./services-api";

type Props = {
  /** Given by a Form.Item, so that its label points at the select. */
  id?: string;
  value?: string | undefined;
  onChange?: (couponId: string | undefined) => void;
  disabled?: boolean;
  testId: string;
};

export function CouponSelect({ id, value, onChange, disabled, testId }: Props) {
  const { t } = useTranslation();
  const coupons = useCouponOptions(true);
  return (
    <Select
      id={id}
      allowClear
      value={value}
      onChange={(id: string | undefined) => onChange?.(id)}
      disabled={disabled}
      loading={coupons.isFetching}
      placeholder={t("services.create.noCoupon")}
      data-testid={testId}
      options={(coupons.data?.list ?? []).map((c) => ({
        value: c.id,
        title: c.name,
        label: (
          <span>
            {c.name} ·{" "}
            {c.benefitKind === "value" ? (
              <Yuan value={c.value} />
            ) : (
              t("services.create.couponDiscount", { discount: c.discount })
            )}
          </span>
        ),
      }))}
    />
  );
}
