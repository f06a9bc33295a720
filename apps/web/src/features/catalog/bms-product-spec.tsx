// The product editor's bare-metal specification (`/sys/productcategory`): the flavours — each
// machine's id, name, processors, cores, memory, disks and optional GPUs — and the images, in
// fields. The form's values become the contracts' bareMetal spec (checked there on save).
import { MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import type { BareMetalSpec } from "@skyledger/contracts";
import { Button, Card, Form, Input, InputNumber, Space } from "antd";
import { useTranslation } from "react-i18next";

type FlavorValues = {
  id?: string;
  name?: string;
  cpuModel?: string;
  cores?: number;
  memoryGb?: number;
  diskDesc?: string;
  gpuModel?: string;
  gpuCount?: number | null;
};
export type BmsSpecValues = { flavors?: FlavorValues[]; images?: { id?: string; name?: string }[] };

/** The form's values of a product's spec. */
export const bmsSpecValues = (spec: BareMetalSpec): BmsSpecValues => ({
  flavors: spec.flavors.map(({ gpu, ...f }) => ({
    ...f,
    gpuModel: gpu?.model ?? "",
    gpuCount: gpu?.count ?? null,
  })),
  images: spec.images.map((i) => ({ ...i })),
});

/** The spec the form's values describe; a flavour has GPUs only when both their model and count are given. */
export function bmsSpecOf(values: BmsSpecValues): BareMetalSpec {
  return {
    kind: "bareMetal",
    flavors: (values.flavors ?? []).map((f) => ({
      id: (f.id ?? "").trim(),
      name: (f.name ?? "").trim(),
      cpuModel: (f.cpuModel ?? "").trim(),
      cores: f.cores ?? 0,
      memoryGb: f.memoryGb ?? 0,
      diskDesc: (f.diskDesc ?? "").trim(),
      ...(f.gpuModel?.trim() && f.gpuCount ? { gpu: { model: f.gpuModel.trim(), count: f.gpuCount } } : {}),
    })),
    images: (values.images ?? []).map((i) => ({ id: (i.id ?? "").trim(), name: (i.name ?? "").trim() })),
  };
}

export const BMS_SAMPLE: BmsSpecValues = {
  flavors: [
    {
      id: "bms-c32",
      name: "32 cores / 256 GB",
      cpuModel: "2 × Intel Xeon Silver 4314",
      cores: 32,
      memoryGb: 256,
      diskDesc: "2 × 960 GB SSD (RAID 1)",
    },
  ],
  images: [{ id: "ubuntu-22.04", name: "Ubuntu 22.04 LTS" }],
};

export function BmsProductSpecFields({ name }: { name: string }) {
  const { t } = useTranslation();
  const required = [{ required: true, message: t("validation.required") }];
  const label = (key: string) => t(`catalog.bareMetal.${key}`);
  return (
    <>
      <Form.List name={[name, "flavors"]}>
        {(rows, { add, remove }) => (
          <Form.Item label={label("flavors")} extra={label("flavorsHint")}>
            {rows.map((row, index) => (
              <Card
                key={row.key}
                size="small"
                style={{ marginBottom: 8 }}
                extra={
                  rows.length > 1 && (
                    <MinusCircleOutlined
                      aria-label={label("removeFlavor")}
                      onClick={() => remove(row.name)}
                      data-testid={`catalog-bms-flavor-remove-${index}`}
                    />
                  )
                }
              >
                <Space wrap align="start">
                  <Form.Item name={[row.name, "id"]} label={label("id")} rules={required}>
                    <Input maxLength={32} data-testid={`catalog-bms-flavor-id-${index}`} />
                  </Form.Item>
                  <Form.Item name={[row.name, "name"]} label={label("name")} rules={required}>
                    <Input maxLength={64} data-testid={`catalog-bms-flavor-name-${index}`} />
                  </Form.Item>
                  <Form.Item name={[row.name, "cpuModel"]} label={label("cpuModel")} rules={required}>
                    <Input maxLength={64} data-testid={`catalog-bms-flavor-cpu-${index}`} />
                  </Form.Item>
                  <Form.Item name={[row.name, "cores"]} label={label("cores")} rules={required}>
                    <InputNumber
                      min={1}
                      max={1024}
                      precision={0}
                      data-testid={`catalog-bms-flavor-cores-${index}`}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, "memoryGb"]} label={label("memoryGb")} rules={required}>
                    <InputNumber
                      min={1}
                      max={16384}
                      precision={0}
                      suffix="GB"
                      data-testid={`catalog-bms-flavor-memory-${index}`}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, "diskDesc"]} label={label("diskDesc")} rules={required}>
                    <Input maxLength={64} data-testid={`catalog-bms-flavor-disks-${index}`} />
                  </Form.Item>
                  <Form.Item name={[row.name, "gpuModel"]} label={label("gpuModel")}>
                    <Input maxLength={64} data-testid={`catalog-bms-flavor-gpu-model-${index}`} />
                  </Form.Item>
                  <Form.Item name={[row.name, "gpuCount"]} label={label("gpuCount")}>
                    <InputNumber
                      min={1}
                      max={16}
                      precision={0}
                      data-testid={`catalog-bms-flavor-gpu-count-${index}`}
                    />
                  </Form.Item>
                </Space>
              </Card>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({})} data-testid="catalog-bms-flavor-add">
              {label("addFlavor")}
            </Button>
          </Form.Item>
        )}
      </Form.List>
      <Form.List name={[name, "images"]}>
        {(rows, { add, remove }) => (
          <Form.Item label={label("images")}>
            {rows.map((row, index) => (
              <Space key={row.key} align="start">
                <Form.Item name={[row.name, "id"]} rules={required}>
                  <Input
                    placeholder={label("id")}
                    maxLength={32}
                    data-testid={`catalog-bms-image-id-${index}`}
                  />
                </Form.Item>
                <Form.Item name={[row.name, "name"]} rules={required}>
                  <Input
                    placeholder={label("name")}
                    maxLength={64}
                    data-testid={`catalog-bms-image-name-${index}`}
                  />
                </Form.Item>
                {rows.length > 1 && (
                  <MinusCircleOutlined
                    aria-label={label("removeImage")}
                    onClick={() => remove(row.name)}
                    style={{ marginTop: 8 }}
                  />
                )}
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({})} data-testid="catalog-bms-image-add">
              {label("addImage")}
            </Button>
          </Form.Item>
        )}
      </Form.List>
    </>
  );
}
