// Unsubscribing a host: the server's quote first (paid, used, overdue, refund and where it goes
// back to, or what blocks it — a running job, an attachment), then the confirmation, sent once per
// action with its idempotency key. A postpaid resource is released (释放) rather than unsubscribed
// (退订): the quote says which order it records, and the dialog is titled by it.
import type { OrderDetail, ResourceRecord, UnsubscribeQuote } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert, App, Descriptions, Modal, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Yuan } from "../../components/money-text";
import { LoadFailed } from "../../components/table-states";
import { useActionKey } from "../../lib/action-key";
import { servicesApi } from "./services-api";

/** What giving the resource back is called: a postpaid resource is released, a prepaid one unsubscribed. */
export type RemovalKind = "release" | "unsubscribe";
export const removalKind = (r: { paymentType?: ResourceRecord["paymentType"] | undefined }): RemovalKind =>
  r.paymentType === "postpaid" ? "release" : "unsubscribe";

type Props = {
  /** Its payment type names the dialog before the quote arrives (the quote's order type wins). */
  host: Pick<ResourceRecord, "id" | "name"> & Partial<Pick<ResourceRecord, "paymentType">>;
  /** Another kind's words for the refusal title and the warning (disks, elastic IPs); a host's by default. */
  texts?: { blocked: string; warning: string };
  onClose(): void;
  /** After the order is placed and the user told so. */
  onDone(order: OrderDetail): void;
};

/** Where the refund goes back to, source by source (reverse deduction order, as the server gives it). */
function RefundTo({ sources }: { sources: UnsubscribeQuote["refundTo"] }) {
  const { t } = useTranslation();
  if (sources.length === 0) return <>{t("services.unsubscribe.noRefund")}</>;
  return (
    <Space orientation="vertical" size={2} data-testid="unsubscribe-refund-to">
      {sources.map((a, i) => (
        <Space
          key={`${a.source}-${a.sourceId ?? i}`}
          size={8}
          data-testid={`unsubscribe-refund-to-${a.source}`}
        >
          <span>{t(`services.price.sources.${a.source}`)}</span>
          <Yuan value={a.amount} />
          {a.voucherClosed && (
            <Typography.Text type="warning">{t("services.unsubscribe.voucherClosed")}</Typography.Text>
          )}
        </Space>
      ))}
    </Space>
  );
}

export function UnsubscribeDialog({ host, texts, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const actionKey = useActionKey();
  const [sending, setSending] = useState(false);
  const quote = useQuery({
    queryKey: ["services", "unsubscribeQuote", host.id],
    queryFn: () => servicesApi.unsubscribeQuote(host.id),
    staleTime: 0,
  });
  const q = quote.data;
  const kind: RemovalKind = q?.orderType ?? removalKind(host);

  const confirm = async () => {
    setSending(true);
    try {
      const order = await actionKey.run({ id: host.id }, (key) => servicesApi.unsubscribe(host.id, key));
      // Said here, once, wherever the dialog was opened from (a list row, a detail page).
      void message.success(
        t(`services.${order.type === "release" ? "release" : "unsubscribe"}.done`, {
          orderNo: order.orderNo,
        }),
      );
      onDone(order);
    } catch {
      // The API client has shown why; the dialog stays for another try with the same key.
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={<span data-testid="unsubscribe-title">{t(`services.${kind}.title`, { name: host.name })}</span>}
      okText={t(`services.${kind}.confirm`)}
      cancelText={t("common.cancel")}
      onOk={() => void confirm()}
      onCancel={onClose}
      confirmLoading={sending}
      okButtonProps={{
        danger: true,
        disabled: !q || q.blockedBy !== null,
        "data-testid": "unsubscribe-confirm",
      }}
      destroyOnHidden
    >
      {quote.isPending ? (
        <Skeleton active />
      ) : quote.isError || !q ? (
        <LoadFailed onRetry={() => void quote.refetch()} t={t} />
      ) : (
        <div data-testid="unsubscribe-quote">
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              {
                key: "reading",
                label: t("services.unsubscribe.reading"),
                children: t(`services.unsubscribe.readings.${q.refundReading}`),
              },
              { key: "paid", label: t("services.unsubscribe.paid"), children: <Yuan value={q.paid} /> },
              { key: "used", label: t("services.unsubscribe.used"), children: <Yuan value={q.used} /> },
              {
                key: "overdue",
                label: t("services.unsubscribe.overdue"),
                children: <Yuan value={q.overdue} />,
              },
              {
                key: "refund",
                label: t("services.unsubscribe.refund"),
                children: <Yuan value={q.refund} strong testId="unsubscribe-refund" />,
              },
              {
                key: "refundTo",
                label: t("services.unsubscribe.refundTo"),
                children: <RefundTo sources={q.refundTo} />,
              },
            ]}
          />
          {q.blockedBy ? (
            <Alert
              style={{ marginTop: 12 }}
              type="error"
              showIcon
              title={texts?.blocked ?? t(`services.${kind}.blocked`)}
              description={q.blockedBy}
              data-testid="unsubscribe-blocked"
            />
          ) : (
            <Alert
              style={{ marginTop: 12 }}
              type="warning"
              showIcon
              title={texts?.warning ?? t("services.unsubscribe.warning")}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
