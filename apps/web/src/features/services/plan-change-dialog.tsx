// Changing a database's class and storage, a cache instance's memory or a message queue's plan from
// its detail page: the choices its product sells (the current one marked), and the server's live
// price difference with the balances it comes from (or goes back to) before anything is confirmed.
// The server's refusals (storage never shrinks, a memory plan smaller than the data) show in the
// dialog and keep the confirmation off. Confirming places a change order with the action's
// idempotency key, so a retry never charges twice.
import type { OrderDetail, ResourceRecord } from "@skyledger/contracts";
import { Alert, Form, InputNumber, Modal, Radio, Select, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ChangeBasics, ChangePrice, useChangeOrder } from "./change-order";
import { currentPlan, type PlanKind, type PlanValues, planChangeSpec } from "./plan-change";
import { useListedProducts } from "./services-api";

type Props = { kind: PlanKind; resource: ResourceRecord; onClose(): void; onDone(order: OrderDetail): void };

export function PlanChangeDialog({ kind, resource, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlanValues>();
  const now = currentPlan(resource);
  const wanted = Form.useWatch([], form) ?? now;
  const products = useListedProducts();
  const product = products.data?.list.find((p) => p.code === resource.productCode)?.spec;
  const spec = planChangeSpec(kind, product, now, wanted);
  const body = spec ? { resourceId: resource.id, spec } : null;
  const change = useChangeOrder(body, onDone);
  const current = (on: boolean) => (on ? ` (${t("services.planChange.current")})` : "");

  const fields = () => {
    if (products.isSuccess && !product)
      return (
        <Alert
          type="warning"
          showIcon
          title={t("services.planChange.notSold")}
          data-testid="plan-change-not-sold"
        />
      );
    if (!product) return <Skeleton active />;
    switch (product.kind) {
      case "queue":
        return (
          <Form.Item name="flavorId" label={t("dms.fields.plan")}>
            <Radio.Group data-testid="plan-change-queue">
              {product.plans.map((p) => (
                <Radio key={p.id} value={p.id} data-testid={`plan-change-queue-${p.id}`}>
                  {t("dms.limits", { queues: p.maxQueues, connections: p.maxConnections })}
                  {current(p.id === now.flavorId)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        );
      case "cache":
        return (
          <Form.Item name="memoryGb" label={t("dcs.fields.memory")}>
            <Radio.Group optionType="button" data-testid="plan-change-memory">
              {product.memoryGb.map((gb) => (
                <Radio key={gb} value={gb} data-testid={`plan-change-memory-${gb}`}>
                  {`${gb} GB${current(gb === now.memoryGb)}`}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        );
      case "rds":
        return (
          <>
            <Form.Item name="flavorId" label={t("rds.fields.class")}>
              <Select
                data-testid="plan-change-class"
                options={product.classes.map((c) => ({
                  value: c.id,
                  label: `${c.name} · ${c.vcpu} vCPU / ${c.memoryGb} GB${current(c.id === now.flavorId)}`,
                }))}
              />
            </Form.Item>
            <Form.Item
              name="sizeGb"
              label={t("rds.fields.storage")}
              extra={t("services.planChange.storageHint", { current: now.sizeGb, max: product.maxGb })}
            >
              <InputNumber
                min={now.sizeGb ?? product.minGb}
                max={product.maxGb}
                step={10}
                precision={0}
                suffix="GB"
                style={{ width: "100%" }}
                data-testid="plan-change-storage"
              />
            </Form.Item>
          </>
        );
      default:
        return null;
    }
  };

  return (
    <Modal
      open
      title={t("services.planChange.title", { name: resource.name })}
      okText={t("services.planChange.confirm")}
      cancelText={t("common.cancel")}
      onOk={() => void change.confirm()}
      onCancel={onClose}
      confirmLoading={change.sending}
      okButtonProps={{ disabled: !change.ready, "data-testid": "plan-change-confirm" }}
      width={600}
      destroyOnHidden
    >
      <ChangeBasics resource={resource} currentTestId="plan-change-current" />
      <Form<PlanValues> form={form} layout="vertical" initialValues={now}>
        {fields()}
      </Form>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t("renew.change.priceTitle")}
      </Typography.Title>
      <div data-testid="plan-change-price">
        <ChangePrice
          change={change}
          resource={resource}
          pickText={t("services.planChange.pick")}
          refusalTestId="plan-change-refusal"
        />
      </div>
    </Modal>
  );
}
