// Create a router in a VPC: its name, the external gateway, and the VPC's subnets to join at once.
import { routerCreateBody } from "@skyledger/contracts";
import { Form, Input, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { networkApi, useVpc, useVpcOptions } from "./network-api";

type Values = { name: string; vpcId?: string; externalGateway: boolean; subnetIds?: string[] };

type Props = {
  /** The VPC when the dialog is opened from it; otherwise chosen in the form. */
  vpcId?: string;
  onClose(): void;
  onDone(name: string, id: string): void;
};

export function RouterFormDialog({ vpcId, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const chosen = Form.useWatch("vpcId", form) ?? vpcId;
  const vpcs = useVpcOptions();
  const vpc = useVpc(chosen ?? "");
  const editable = (vpcs.data?.list ?? []).filter((v) => v.editable && v.status === "active");

  const submit = async (values: Values) => {
    const made = await networkApi.createRouter({
      name: values.name.trim(),
      vpcId: values.vpcId ?? vpcId ?? "",
      externalGateway: values.externalGateway,
      subnetIds: values.subnetIds ?? [],
    });
    onDone(made.name, made.id);
  };

  return (
    <FormDialog
      form={form}
      open
      title={t("network.router.createTitle")}
      okText={t("network.router.create")}
      submitTestId="router-form-submit"
      refusalTestId="router-form-refusal"
      onSubmit={submit}
      onCancel={onClose}
      preserve={false}
      initialValues={{ externalGateway: false, vpcId }}
    >
      <Form.Item
        required
        name="name"
        label={t("network.router.fields.name")}
        rules={[zodRule(routerCreateBody.shape.name, t)]}
        extra={t("network.vpc.nameHint")}
      >
        <Input maxLength={24} autoComplete="off" data-testid="router-form-name" />
      </Form.Item>
      <Form.Item
        required
        name="vpcId"
        label={t("network.router.fields.vpc")}
        rules={[zodRule(routerCreateBody.shape.vpcId, t)]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          disabled={vpcId !== undefined}
          loading={vpcs.isFetching}
          placeholder={t("network.router.vpcPlaceholder")}
          options={editable.map((v) => ({ value: v.id, label: `${v.name} (${v.cidr})` }))}
          onChange={() => form.setFieldValue("subnetIds", [])}
          data-testid="router-form-vpc"
        />
      </Form.Item>
      <Form.Item name="subnetIds" label={t("network.router.fields.subnets")}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          disabled={!chosen}
          placeholder={t("network.router.subnetPlaceholder")}
          options={(vpc.data?.subnets ?? [])
            .filter((s) => s.status === "active")
            .map((s) => ({ value: s.id, label: `${s.name} (${s.cidr})` }))}
          data-testid="router-form-subnets"
        />
      </Form.Item>
      <Form.Item
        name="externalGateway"
        label={t("network.router.fields.externalGateway")}
        valuePropName="checked"
      >
        <Switch data-testid="router-form-gateway" />
      </Form.Item>
    </FormDialog>
  );
}
