// The cache instance's field of the purchase form (features/storage/storage-purchase-page.tsx):
// the memory plan, among those the product sells.
import { Form, Radio } from "antd";
import { useTranslation } from "react-i18next";
import type { CacheProduct } from "./cache-purchase";

export function CacheSpecFields({ product }: { product: CacheProduct }) {
  const { t } = useTranslation();
  const plans = [...product.spec.memoryGb].sort((a, b) => a - b);
  return (
    <Form.Item
      name="memoryGb"
      label={t("dcs.fields.memory")}
      rules={[{ required: true, message: t("validation.required") }]}
      extra={t("dcs.create.memoryHint")}
    >
      <Radio.Group optionType="button" data-testid="dcs-create-memory">
        {plans.map((gb) => (
          <Radio key={gb} value={gb} data-testid={`dcs-create-memory-${gb}`}>
            {gb} GB
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
  );
}
