// The live price of a configuration change (POST /billing/inquiry/modify): remaining days, old and
// new monthly price, and the difference to pay or to be refunded (spec §9). A postpaid host pays
// its hours so far at the old price and the new price from now. The server's refusals ("the
// configuration has not changed", an expired term…) show here rather than as toasts.
import type { ResizeQuote } from "@skyledger/contracts";
import { Alert, Card, Descriptions, Divider, Empty, Skeleton, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "../../../features/finance/money-text";
import { useHasCode } from "../../../features/finance/require-org";
import { differenceKind } from "../../../features/renew/renew-logic";
import { ApiError } from "../../../lib/api-client";

type Props = {
  paymentType: "prepaid" | "postpaid" | null;
  /** Another flavour has been chosen. */
  chosen: boolean;
  quote: ResizeQuote | undefined;
  loading: boolean;
  error: unknown;
  footer: ReactNode;
};

const DIFFERENCE_COLORS = { pay: "#cf1322", refund: "#389e0d", none: undefined } as const;

export function ChangeQuotePanel({ paymentType, chosen, quote, loading, error, footer }: Props) {
  const { t } = useTranslation();
  const canTopUp = useHasCode("CC01");
  const errorText = error instanceof ApiError ? error.message || t("common.loadFailed") : null;

  const body = () => {
    if (!chosen)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("renew.change.pickFlavor")} />;
    if (errorText) return <Alert type="error" showIcon title={errorText} data-testid="change-quote-error" />;
    if (!quote) return <Skeleton active />;
    const kind = differenceKind(quote.difference);
    const postpaid = paymentType === "postpaid";
    return (
      <div data-testid="change-quote">
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: "old",
              label: t("renew.change.oldMonthly"),
              children: <Yuan value={quote.oldMonthlyPrice} testId="change-old-monthly" />,
            },
            {
              key: "new",
              label: t("renew.change.newMonthly"),
              children: <Yuan value={quote.newMonthlyPrice} testId="change-new-monthly" />,
            },
            ...(postpaid
              ? []
              : [
                  {
                    key: "remaining",
                    label: t("renew.change.remainingDays"),
                    children: <span data-testid="change-remaining">{quote.remainingDays}</span>,
                  },
                ]),
          ]}
        />
        <Divider style={{ margin: "12px 0" }} />
        {postpaid ? (
          <Alert type="info" showIcon title={t("renew.change.postpaid")} data-testid="change-postpaid" />
        ) : (
          <>
            <Space style={{ width: "100%", justifyContent: "space-between" }} align="baseline">
              <Typography.Text strong>{t(`renew.change.difference.${kind}`)}</Typography.Text>
              <Yuan
                value={quote.difference.replace(/^\s*-/, "")}
                strong
                style={{ fontSize: 22, color: DIFFERENCE_COLORS[kind] }}
                testId="change-difference"
              />
            </Space>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t("renew.change.rule")}
            </Typography.Paragraph>
          </>
        )}
        {!quote.sufficient && (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            title={t("renew.change.insufficient")}
            data-testid="change-insufficient"
            description={
              canTopUp ? (
                <Link to="/mgt/onlinerecharge" data-testid="change-topup">
                  {t("renew.detail.topUp")}
                </Link>
              ) : undefined
            }
          />
        )}
      </div>
    );
  };

  return (
    <Card
      title={t("renew.change.priceTitle")}
      extra={
        loading ? <Typography.Text type="secondary">{t("renew.detail.updating")}</Typography.Text> : null
      }
      data-testid="change-price-panel"
      style={{ position: "sticky", top: 16 }}
    >
      {body()}
      <Divider style={{ margin: "16px 0 12px" }} />
      {footer}
    </Card>
  );
}
