// The database's fields of the purchase form (features/storage/storage-purchase-page.tsx): the
// engine, the class and the storage, 20–500 GB in steps of 10 within the product's range.
import { Form, InputNumber, Radio } from "antd";
import { useTranslation } from "react-i18next";
import { RDS_STEP, type RdsProduct } from "./rds-purchase";
import { engineName } from "./rds-state";

const id = (what: string) => `rds-create-${what}`;

export function RdsSpecFields({ product }: { product: RdsProduct }) {
  const { t } = useTranslation();
  const required = { required: true, message: t("validation.required") };
  const range = { min: product.spec.minGb, max: product.spec.maxGb, step: RDS_STEP };
  const inRange = (value: unknown) =>
    typeof value === "number" &&
    Number.isInteger(value) &&
    value >= range.min &&
    value <= range.max &&
    value % range.step === 0;
  return (
    <>
      <Form.Item name="engine" label={t("rds.fields.engine")} rules={[required]}>
        <Radio.Group optionType="button" data-testid={id("engine")}>
          {product.spec.engines.map((e) => (
            <Radio key={e} value={e} data-testid={id(`engine-${e}`)}>
              {engineName(e)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="flavorId" label={t("rds.fields.class")} rules={[required]}>
        <Radio.Group optionType="button" data-testid={id("class")}>
          {product.spec.classes.map((c) => (
            <Radio key={c.id} value={c.id} data-testid={id(`class-${c.id}`)}>
              {c.name}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="sizeGb"
        label={t("rds.fields.storage")}
        rules={[
          required,
          {
            validator: (_, value: unknown) =>
              inRange(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t("rds.create.storageRange", range))),
          },
        ]}
        extra={t("rds.create.storageRange", range)}
      >
        <InputNumber
          min={range.min}
          max={range.max}
          step={range.step}
          precision={0}
          suffix="GB"
          data-testid={id("storage")}
        />
      </Form.Item>
    </>
  );
}
