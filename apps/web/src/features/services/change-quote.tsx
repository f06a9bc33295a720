// The figures of a configuration change's live price (POST /billing/inquiry/modify), shared by the
// host change page and the disk and elastic IP dialogs: old and new monthly price, remaining days,
// the remaining value refunded and the new one charged, the difference to pay or to be refunded
// (spec §9), and which balances pay it or get it back (or what is missing, with a top-up link).
// A postpaid resource pays its hours so far at the old price and the new price from then on.
import type { ResizeQuote } from "@skyledger/contracts";
import { Alert, Descriptions, Divider, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { DeductionBreakdown } from "../../components/deduction-breakdown";
import { Yuan } from "../../components/money-text";
import { amountSign } from "../../lib/money";
import { differenceKind } from "../renew/renew-logic";

const DIFFERENCE_COLORS = { pay: "#cf1322", refund: "#389e0d", none: undefined } as const;

const unsigned = (amount: string) => amount.replace(/^\s*-/, "");

/** Where the money goes back to, source by source (the quote's negative amounts). */
function RefundList({ quote }: { quote: ResizeQuote }) {
  const { t } = useTranslation();
  const back = quote.settlement.filter((a) => amountSign(a.amount) < 0);
  if (back.length === 0) return null;
  return (
    <div data-testid="change-refund-to" style={{ marginTop: 8 }}>
      <Typography.Text type="secondary">{t("renew.change.refundTo")}</Typography.Text>
      <Descriptions
        column={1}
        size="small"
        items={back.map((a, i) => ({
          key: `${a.source}-${a.sourceId ?? i}`,
          label: t(`services.price.sources.${a.source}`),
          children: <Yuan value={unsigned(a.amount)} />,
        }))}
      />
    </div>
  );
}

type Props = { quote: ResizeQuote; paymentType: "prepaid" | "postpaid" | null };

export function ChangeQuoteDetails({ quote, paymentType }: Props) {
  const { t } = useTranslation();
  const kind = differenceKind(quote.difference);
  const postpaid = paymentType === "postpaid";
  const taken = quote.settlement.filter((a) => amountSign(a.amount) > 0);
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
          {
            key: "newMonthlyContractDiscount",
            label: t("renew.change.newMonthlyContractDiscount"),
            children: (
              <Yuan value={quote.newMonthlyContractDiscount} testId="change-monthly-contract-discount" />
            ),
          },
          ...(postpaid
            ? []
            : [
                {
                  key: "remaining",
                  label: t("renew.change.remainingDays"),
                  children: <span data-testid="change-remaining">{quote.remainingDays}</span>,
                },
                {
                  key: "oldRemaining",
                  label: t("renew.change.oldRemaining"),
                  children: <Yuan value={quote.oldRemaining} testId="change-old-remaining" />,
                },
                {
                  key: "newRemaining",
                  label: t("renew.change.newRemaining"),
                  children: <Yuan value={quote.newRemaining} testId="change-new-remaining" />,
                },
                {
                  key: "contractDiscount",
                  label: t("renew.change.contractDiscount"),
                  children: <Yuan value={quote.contractDiscount} testId="change-contract-discount" />,
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
              value={unsigned(quote.difference)}
              strong
              style={{ fontSize: 22, color: DIFFERENCE_COLORS[kind] }}
              testId="change-difference"
            />
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 12 }}>
            {t("renew.change.rule")}
          </Typography.Paragraph>
          {(taken.length > 0 || !quote.sufficient) && (
            <DeductionBreakdown
              deduction={{ sufficient: quote.sufficient, shortfall: quote.shortfall, allocations: taken }}
            />
          )}
          {quote.sufficient && <RefundList quote={quote} />}
        </>
      )}
    </div>
  );
}
