// The bare-metal server's fields of the purchase form (features/storage/storage-purchase-page.tsx):
// the flavour, each with its processors, cores, memory, disks and GPUs, and the image.
import { Form, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { UserData } from "../../components/user-data";
import { BmsGpus } from "./bms-figures";
import type { BmsProduct } from "./bms-purchase";

export function BmsSpecFields({ product }: { product: BmsProduct }) {
  const { t } = useTranslation();
  const required = { required: true, message: t("validation.required") };
  return (
    <>
      <Form.Item
        name="bmsFlavor"
        label={t("bms.fields.flavor")}
        rules={[required]}
        extra={t("bms.create.flavorHint")}
      >
        <Radio.Group
          data-testid="bms-create-flavor"
          style={{ display: "flex", flexDirection: "column", gap: 8 }}
        >
          {product.spec.flavors.map((f) => (
            <Radio key={f.id} value={f.id} data-testid={`bms-create-flavor-${f.id}`}>
              <strong>
                <UserData>{f.name}</UserData>
              </strong>{" "}
              · <UserData>{f.cpuModel}</UserData> · {t("bms.cores", { count: f.cores })} / {f.memoryGb} GB ·{" "}
              <UserData>{f.diskDesc}</UserData>
              {f.gpu && (
                <>
                  {" · "}
                  <BmsGpus count={f.gpu.count} model={f.gpu.model} />
                </>
              )}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="bmsImage"
        label={t("bms.fields.image")}
        rules={[required]}
        extra={t("bms.create.imageHint")}
      >
        <Select
          options={product.spec.images.map((i) => ({ value: i.id, label: <UserData>{i.name}</UserData> }))}
          data-testid="bms-create-image"
        />
      </Form.Item>
    </>
  );
}
