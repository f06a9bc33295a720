// The live price of a purchase (POST /billing/inquiry/price): list price, the product's discount,
// the coupon's deduction, what the tenant pays, and how it would be taken from their money (or how
// much is missing, with a link to top up).
import type { PriceQuote } from "@skyledger/contracts";
import { Alert, Card, Descriptions, Divider, Empty, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { amountSign } from "../../lib/money";
import { Yuan } from "../finance/money-text";
import { useHasCode } from "../finance/require-org";

type Props = {
  quote: PriceQuote | undefined;
  /** The form is not complete enough to be priced yet. */
  incomplete: boolean;
  loading: boolean;
  error: string | null;
};

export function PricePanel({ quote, incomplete, loading, error }: Props) {
  const { t } = useTranslation();
  const canTopUp = useHasCode("CC01");
  const postpaid = quote?.paymentType === "postpaid";

  const body = () => {
    if (incomplete)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("services.price.incomplete")} />;
    if (error) return <Alert type="error" showIcon title={error} data-testid="price-error" />;
    if (!quote) return <Skeleton active />;
    const coupon = quote.coupon;
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
              key: "coupon",
              label: t("services.price.coupon"),
              children: <Yuan value={quote.couponDeduction} testId="price-coupon" />,
            },
          ]}
        />
        {coupon && !coupon.applicable && (
          <Alert
            type="warning"
            showIcon
            title={t("services.price.couponNotApplicable")}
            description={coupon.reason}
            data-testid="price-coupon-refused"
          />
        )}
        {coupon?.applicable && amountSign(coupon.forfeited) > 0 && (
          <Typography.Text type="secondary">
            {t("services.price.couponForfeited", { amount: coupon.forfeited })}
          </Typography.Text>
        )}
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
        {quote.deduction.sufficient ? (
          <div data-testid="price-breakdown">
            <Typography.Text type="secondary">{t("services.price.breakdown")}</Typography.Text>
            {quote.deduction.allocations.length === 0 ? (
              <div>-</div>
            ) : (
              <Descriptions
                column={1}
                size="small"
                items={quote.deduction.allocations.map((a, i) => ({
                  key: `${a.source}-${a.sourceId ?? i}`,
                  label: t(`services.price.sources.${a.source}`),
                  children: <Yuan value={a.amount} />,
                }))}
              />
            )}
          </div>
        ) : (
          <Alert
            type="error"
            showIcon
            title={t("services.price.shortfall")}
            description={
              <Space orientation="vertical" size={4}>
                <Yuan value={quote.deduction.shortfall} strong testId="price-shortfall" />
                {canTopUp && (
                  <Link to="/mgt/onlinerecharge" data-testid="price-topup">
                    {t("services.price.topUp")}
                  </Link>
                )}
              </Space>
            }
          />
        )}
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
      {body()}
    </Card>
  );
}
