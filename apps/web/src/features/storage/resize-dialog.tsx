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
import { Alert, Form, InputNumber, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ChangeBasics, ChangePrice, useChangeOrder } from "../services/change-order";
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
  const [form] = Form.useForm<Values>();
  const value = Form.useWatch("value", form);
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
  const change = useChangeOrder(body, onDone);

  return (
    <Modal
      open
      title={t(`${ns}.title`, { name: resource.name })}
      okText={t(`${ns}.confirm`)}
      cancelText={t("common.cancel")}
      onOk={() => void change.confirm()}
      onCancel={onClose}
      confirmLoading={change.sending}
      okButtonProps={{ disabled: !change.ready, "data-testid": "resize-confirm" }}
      width={560}
      destroyOnHidden
    >
      <ChangeBasics resource={resource} currentTestId="resize-current" />
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
      <div data-testid="resize-price">
        <ChangePrice
          change={change}
          resource={resource}
          pickText={t(`${ns}.pickValue`)}
          refusalTestId="resize-refusal"
        />
      </div>
    </Modal>
  );
}
