// The live price of a configuration change (POST /billing/inquiry/modify) beside the change form:
// the figures, the difference and the balances it comes from or goes back to (ChangeQuoteDetails).
// The server's refusals ("the configuration has not changed", an expired term…) show here rather
// than as toasts.
import type { ResizeQuote } from "@skyledger/contracts";
import { Alert, Card, Divider, Empty, Skeleton, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { quoteErrorText } from "../../../components/form-rules";
import { ChangeQuoteDetails } from "../../../features/services/change-quote";

type Props = {
  paymentType: "prepaid" | "postpaid" | null;
  /** Another flavour has been chosen. */
  chosen: boolean;
  quote: ResizeQuote | undefined;
  loading: boolean;
  error: unknown;
  footer: ReactNode;
};

export function ChangeQuotePanel({ paymentType, chosen, quote, loading, error, footer }: Props) {
  const { t } = useTranslation();
  const errorText = quoteErrorText(error, t);

  const body = () => {
    if (!chosen)
      return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("renew.change.pickFlavor")} />;
    if (errorText) return <Alert type="error" showIcon title={errorText} data-testid="change-quote-error" />;
    if (!quote) return <Skeleton active />;
    return <ChangeQuoteDetails quote={quote} paymentType={paymentType} />;
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
