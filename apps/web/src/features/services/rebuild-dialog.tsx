// Rebuilding a host: the image to install, among its product's images (its own by default).
import type { ResourceRecord } from "@skyledger/contracts";
import { Alert, Form, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { servicesApi, useListedProducts } from "./services-api";

type Values = { imageId?: string };

type Props = {
  host: Pick<ResourceRecord, "id" | "name" | "productCode" | "spec">;
  onClose(): void;
  onDone(): void;
};

export function RebuildDialog({ host, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const products = useListedProducts();
  const spec = products.data?.list.find((p) => p.code === host.productCode)?.spec;
  const images = spec?.kind === "host" ? spec.images : [];
  const current = typeof host.spec.imageId === "string" ? host.spec.imageId : undefined;

  return (
    <FormDialog<Values>
      form={form}
      open
      title={t("services.rebuild.title", { name: host.name })}
      okText={t("services.actions.rebuild")}
      submitTestId="rebuild-submit"
      danger
      initialValues={{ imageId: current }}
      onSubmit={async (values) => {
        await servicesApi.hostAction(host.id, "rebuild", values.imageId);
        onDone();
      }}
      onCancel={onClose}
    >
      <Alert type="warning" showIcon title={t("services.rebuild.warning")} style={{ marginBottom: 16 }} />
      <Form.Item name="imageId" label={t("services.fields.image")} extra={t("services.rebuild.imageHint")}>
        <Select
          allowClear
          loading={products.isFetching}
          placeholder={t("services.rebuild.keepImage")}
          options={images.map((i) => ({ value: i.id, label: i.name }))}
          data-testid="rebuild-image"
        />
      </Form.Item>
    </FormDialog>
  );
}
