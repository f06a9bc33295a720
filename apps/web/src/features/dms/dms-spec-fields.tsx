// The message-queue instance's field of the purchase form (features/storage/storage-purchase-page.tsx):
// the plan, among those the product sells, each with its queue and connection limits.
import { Form, Radio } from "antd";
import { useTranslation } from "react-i18next";
import type { DmsProduct } from "./dms-purchase";

export function DmsSpecFields({ product }: { product: DmsProduct }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="queuePlan"
      label={t("dms.fields.plan")}
      rules={[{ required: true, message: t("validation.required") }]}
      extra={t("dms.create.planHint")}
    >
      <Radio.Group optionType="button" data-testid="dms-create-plan">
        {product.spec.plans.map((p) => (
          <Radio key={p.id} value={p.id} data-testid={`dms-create-plan-${p.id}`}>
            {t("dms.limits", { queues: p.maxQueues, connections: p.maxConnections })}
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
  );
}
