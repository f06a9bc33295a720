// A file share's or elastic file's fields of the purchase form
// (features/storage/storage-purchase-page.tsx): the protocol among those the product offers and the
// capacity, in steps of 10 GB within its range.
import { Form, InputNumber, Radio } from "antd";
import { useTranslation } from "react-i18next";
import { type FileProduct, fileSizeRange } from "./fileshare-purchase";

export function FileSpecFields({ product, testId }: { product: FileProduct; testId: string }) {
  const { t } = useTranslation();
  const range = fileSizeRange(product);
  const required = { required: true, message: t("validation.required") };
  return (
    <>
      <Form.Item name="protocol" label={t("share.fields.protocol")} rules={[required]}>
        <Radio.Group optionType="button" data-testid={`${testId}-protocol`}>
          {product.spec.protocols.map((p) => (
            <Radio key={p} value={p} data-testid={`${testId}-protocol-${p}`}>
              {p}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="sizeGb"
        label={t("share.fields.capacity")}
        rules={[
          required,
          {
            validator: (_, v: number | null) =>
              typeof v === "number" && v >= range.min && v <= range.max && v % range.step === 0
                ? Promise.resolve()
                : Promise.reject(new Error(t("share.create.sizeRange", range))),
          },
        ]}
        extra={t("share.create.sizeRange", range)}
      >
        <InputNumber
          min={range.min}
          max={range.max}
          step={range.step}
          precision={0}
          suffix="GB"
          data-testid={`${testId}-size`}
        />
      </Form.Item>
    </>
  );
}
