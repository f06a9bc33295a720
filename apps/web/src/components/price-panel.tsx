// The live price of a purchase (POST /billing/inquiry/price): list price, the product's discount,
// the coupon's deduction, what the tenant pays, and how it would be taken from their money (or how
// much is missing, with a link to top up).
import type { PriceQuote } from "@skyledger/contracts";
import { Alert, Card, Descriptions, Divider, Empty, Skeleton, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CouponNotice } from "./coupon-notice";
import { DeductionBreakdown } from "./deduction-breakdown";
import { Yuan } from "./money-text";

type Props = {
  quote: PriceQuote | undefined;
  /** The form is not complete enough to be priced yet. */
  incomplete: boolean;
  loading: boolean;
  error: string | null;
  /** What is bought, read once more above its price (a host's network); in the same sticky card. */
  choice?: ReactNode;
};

export function PricePanel({ quote, incomplete, loading, error, choice }: Props) {
  const { t } = useTranslation();
  const postpaid = quote?.paymentType === "postpaid";

  const body = () => {
    if (incomplete)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("services.price.incomplete")} />;
    if (error) return <Alert type="error" showIcon title={error} data-testid="price-error" />;
    if (!quote) return <Skeleton active />;
    return (
      <>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: "monthly", label: t("services.price.monthly"), children: <Yuan value={quote.monthly} /> },
            {
              key: "original",
              label: t(postpaid ? "services.price.originalHourly" : "services.price.original"),
              children: <Yuan value={quote.original} testId="price-original" />,
            },
            {
              key: "discount",
              label: t("services.price.discount"),
              children: <Yuan value={quote.discount} testId="price-discount" />,
            },
            {
              key: "packageDiscount",
              label: t("bag.price.packageDiscount"),
              children: <Yuan value={quote.packageDiscount} testId="price-package-discount" />,
            },
            {
              // The tenant's contract in execution (docs/billing/contracts.md): its own line.
              key: "contractDiscount",
              label: t("bag.price.contractDiscount"),
              children: <Yuan value={quote.contractDiscount} testId="price-contract-discount" />,
            },
            {
              key: "coupon",
              label: t("services.price.coupon"),
              children: <Yuan value={quote.couponDeduction} testId="price-coupon" />,
            },
          ]}
        />
        <CouponNotice coupon={quote.coupon} testIdPrefix="price" />
        <Divider style={{ margin: "12px 0" }} />
        <Space style={{ width: "100%", justifyContent: "space-between" }} align="baseline">
          <Typography.Text strong>
            {t(postpaid ? "services.price.payableHourly" : "services.price.payable")}
          </Typography.Text>
          <Yuan
            value={quote.payable}
            strong
            style={{ fontSize: 22, color: "#cf1322" }}
            testId="price-payable"
          />
        </Space>
        <Divider style={{ margin: "12px 0" }} />
        <DeductionBreakdown deduction={quote.deduction} />
      </>
    );
  };

  return (
    <Card
      title={t("services.price.title")}
      extra={
        loading ? <Typography.Text type="secondary">{t("services.price.updating")}</Typography.Text> : null
      }
      data-testid="price-panel"
      style={{ position: "sticky", top: 16 }}
    >
      {choice}
      {body()}
    </Card>
  );
}
