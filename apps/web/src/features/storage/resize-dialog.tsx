// Expanding a disk or changing an elastic IP's bandwidth from its list row, or changing a file
// share's or elastic file's capacity within its configured limits: the current figure, the
// new one, and the server's live price difference with the balances it comes from (or goes back
// to) before anything is confirmed. The server's refusals (a limit reached, the used capacity…)
// show in the dialog and keep the confirmation off. Confirming places a change order with the
// action's idempotency key, so a retry never charges twice.
import {
  DISK_EXPANSION_MAX_STEP_GB,
  DISK_EXPANSIONS_PER_DAY,
  DISK_EXPANSIONS_PER_WEEK,
  type OrderDetail,
  type ResourceRecord,
  type StorageScalingLimits,
} from "@skyledger/contracts";
import { Alert, Descriptions, Empty, Form, InputNumber, Modal, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { quoteErrorText } from "../../components/form-rules";
import { PaymentText } from "../../components/payment-text";
import { useActionKey } from "../../lib/action-key";
import { formatDateTime } from "../../lib/format";
import { renewApi, useResizeQuote } from "../renew/renew-api";
import { ChangeQuoteDetails } from "../services/change-quote";
import {
  acceptsValue,
  canResize,
  type ResizableKind,
  resizeBounds,
  toStorageResizeBody,
} from "./resize-logic";

type Props = {
  kind: ResizableKind;
  resource: ResourceRecord;
  /** A file share's scaling limits (its detail's `limits`). */
  limits?: StorageScalingLimits | null | undefined;
  onClose(): void;
  onDone(order: OrderDetail): void;
};

type Values = { value: number | null };

export function ResizeDialog({ kind, resource, limits, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const actionKey = useActionKey();
  const [form] = Form.useForm<Values>();
  const value = Form.useWatch("value", form);
  const [sending, setSending] = useState(false);
  const bounds = resizeBounds(kind, resource.spec, limits);
  const file = kind === "file";
  const ns = file ? "share.capacity" : `storage.${kind === "disk" ? "expand" : "bandwidthChange"}`;
  const unit = kind === "elasticIp" ? "Mbit/s" : "GB";
  const body = toStorageResizeBody(kind, resource, value, limits);
  const hint = file
    ? t(limits?.shrinkable ? "share.capacity.hintShrink" : "share.capacity.hint", {
        ...bounds,
        maxStep: limits?.maxStepGb,
        perDay: limits?.perDay,
        perWeek: limits?.perWeek,
      })
    : t(`${ns}.hint`, {
        current: bounds.current,
        max: bounds.max,
        step: DISK_EXPANSION_MAX_STEP_GB,
        perDay: DISK_EXPANSIONS_PER_DAY,
        perWeek: DISK_EXPANSIONS_PER_WEEK,
      });
  const quote = useResizeQuote(body);
  const refusal = quoteErrorText(quote.error, t);
  const ready = body !== null && !!quote.data && !quote.isPlaceholderData && !quote.isError;

  const confirm = async () => {
    if (!body) return;
    setSending(true);
    try {
      onDone(await actionKey.run(body, (key) => renewApi.resize(body, key)));
    } catch {
      // The API client has shown why; the dialog stays for another try with the same key.
    } finally {
      setSending(false);
    }
  };

  const price = () => {
    if (!body) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${ns}.pickValue`)} />;
    if (refusal) return <Alert type="error" showIcon title={refusal} data-testid="resize-refusal" />;
    if (!quote.data) return <Skeleton active />;
    return <ChangeQuoteDetails quote={quote.data} paymentType={resource.paymentType} />;
  };

  return (
    <Modal
      open
      title={t(`${ns}.title`, { name: resource.name })}
      okText={t(`${ns}.confirm`)}
      cancelText={t("common.cancel")}
      onOk={() => void confirm()}
      onCancel={onClose}
      confirmLoading={sending}
      okButtonProps={{ disabled: !ready || !quote.data?.sufficient, "data-testid": "resize-confirm" }}
      width={560}
      destroyOnHidden
    >
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          {
            key: "current",
            label: t("storage.resize.current"),
            children: <span data-testid="resize-current">{resource.summary}</span>,
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
      {canResize(bounds) ? (
        <Form<Values> form={form} layout="vertical" initialValues={{ value: null }}>
          <Form.Item
            name="value"
            label={t(`${ns}.field`)}
            extra={hint}
            rules={[
              {
                validator: (_, v: number | null) =>
                  acceptsValue(bounds, v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t(`${ns}.range`, { ...bounds }))),
              },
            ]}
          >
            <InputNumber
              min={bounds.min}
              max={bounds.max}
              step={bounds.step ?? 1}
              precision={0}
              suffix={unit}
              style={{ width: "100%" }}
              data-testid="resize-value"
            />
          </Form.Item>
        </Form>
      ) : (
        <Alert
          type="info"
          showIcon
          title={t(file ? "share.capacity.atMaximum" : "storage.expand.atMaximum", { max: bounds.current })}
          data-testid="resize-at-maximum"
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t("renew.change.priceTitle")}
      </Typography.Title>
      <div data-testid="resize-price">{price()}</div>
    </Modal>
  );
}
