// Unsubscribing a host: the server's quote first (paid, used, overdue, refund, or what blocks it),
// then the confirmation, sent once per action with its idempotency key.
import type { OrderDetail, ResourceRecord } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert, Descriptions, Modal, Skeleton } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useActionKey } from "../../lib/action-key";
import { Yuan } from "../finance/money-text";
import { LoadFailed } from "../finance/table-states";
import { servicesApi } from "./services-api";

type Props = {
  host: Pick<ResourceRecord, "id" | "name">;
  /** Another kind's words for the refusal title and the warning (disks, elastic IPs); a host's by default. */
  texts?: { blocked: string; warning: string };
  onClose(): void;
  onDone(order: OrderDetail): void;
};

export function UnsubscribeDialog({ host, texts, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const actionKey = useActionKey();
  const [sending, setSending] = useState(false);
  const quote = useQuery({
    queryKey: ["services", "unsubscribeQuote", host.id],
    queryFn: () => servicesApi.unsubscribeQuote(host.id),
    staleTime: 0,
  });
  const q = quote.data;

  const confirm = async () => {
    setSending(true);
    try {
      const order = await actionKey.run({ id: host.id }, (key) => servicesApi.unsubscribe(host.id, key));
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
      title={t("services.unsubscribe.title", { name: host.name })}
      okText={t("services.unsubscribe.confirm")}
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
            ]}
          />
          {q.blockedBy ? (
            <Alert
              style={{ marginTop: 12 }}
              type="error"
              showIcon
              title={texts?.blocked ?? t("services.unsubscribe.blocked")}
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
