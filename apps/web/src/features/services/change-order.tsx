// What every configuration change dialog shares (a disk's or share's capacity, an elastic IP's
// bandwidth, a managed service's plan): the resource's current figures and payment, the server's live
// price of the change (or its refusal, which keeps the confirmation off), and confirming it as one
// change order under the action's idempotency key, so a retry never charges twice.
import type { OrderDetail, ResizeBody, ResourceRecord } from "@skyledger/contracts";
import { Alert, Descriptions, Empty, Skeleton } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { quoteErrorText } from "../../components/form-rules";
import { PaymentText } from "../../components/payment-text";
import { useActionKey } from "../../lib/action-key";
import { formatDateTime } from "../../lib/format";
import { renewApi, useResizeQuote } from "../renew/renew-api";
import { ChangeQuoteDetails } from "./change-quote";

export function useChangeOrder(body: ResizeBody | null, onDone: (order: OrderDetail) => void) {
  const { t } = useTranslation();
  const actionKey = useActionKey();
  const [sending, setSending] = useState(false);
  const quote = useResizeQuote(body);
  const refusal = quoteErrorText(quote.error, t);
  const priced = body !== null && !!quote.data && !quote.isPlaceholderData && !quote.isError;
  return {
    body,
    quote,
    refusal,
    sending,
    /** Priced, payable, and not refused: the confirmation may be pressed. */
    ready: priced && !!quote.data?.sufficient,
    async confirm() {
      if (!body) return;
      setSending(true);
      try {
        onDone(await actionKey.run(body, (key) => renewApi.resize(body, key)));
      } catch {
        // The API client has shown why; the dialog stays for another try with the same key.
      } finally {
        setSending(false);
      }
    },
  };
}

type Change = ReturnType<typeof useChangeOrder>;

/** The change's price, what to pick while there is none yet, or the server's refusal. */
export function ChangePrice({
  change,
  resource,
  pickText,
  refusalTestId,
}: {
  change: Change;
  resource: ResourceRecord;
  pickText: string;
  refusalTestId: string;
}) {
  if (!change.body) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={pickText} />;
  if (change.refusal)
    return <Alert type="error" showIcon title={change.refusal} data-testid={refusalTestId} />;
  if (!change.quote.data) return <Skeleton active />;
  return <ChangeQuoteDetails quote={change.quote.data} paymentType={resource.paymentType} />;
}

/** What the resource is now, how it is paid and until when. */
export function ChangeBasics({
  resource,
  currentTestId,
}: {
  resource: ResourceRecord;
  currentTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={1}
      size="small"
      style={{ marginBottom: 16 }}
      items={[
        {
          key: "current",
          label: t("storage.resize.current"),
          children: <span data-testid={currentTestId}>{resource.summary}</span>,
        },
        {
          key: "payment",
          label: t("storage.resize.payment"),
          children: <PaymentText paymentType={resource.paymentType} periodMonths={resource.periodMonths} />,
        },
        ...(resource.expiresAt
          ? [
              {
                key: "expires",
                label: t("storage.resize.expiresAt"),
                children: formatDateTime(resource.expiresAt),
              },
            ]
          : []),
      ]}
    />
  );
}
