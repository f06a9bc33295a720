// How a resource or an order is paid: "Prepaid, 3 months", "Prepaid, 1 year" or "Postpaid (hourly)".
import { useTranslation } from "react-i18next";

type Props = { paymentType: "prepaid" | "postpaid" | null; periodMonths: number | null };

/** A period in months as people say it: 12, 24 and 36 months are 1, 2 and 3 years. */
export function usePeriodLabel() {
  const { t } = useTranslation();
  return (months: number) => {
    if (months % 12 !== 0)
      return t(months === 1 ? "services.period.month" : "services.period.months", { count: months });
    const years = months / 12;
    return t(years === 1 ? "services.period.year" : "services.period.years", { count: years });
  };
}

export function PaymentText({ paymentType, periodMonths }: Props) {
  const { t } = useTranslation();
  const period = usePeriodLabel();
  if (!paymentType) return <>-</>;
  if (paymentType === "postpaid") return <>{t("services.payment.postpaid")}</>;
  return (
    <>
      {periodMonths
        ? t("services.payment.prepaidFor", { period: period(periodMonths) })
        : t("services.payment.prepaid")}
    </>
  );
}
