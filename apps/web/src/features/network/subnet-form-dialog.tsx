// Add a subnet to a VPC, or edit one (name, DHCP, DNS): the same rules as the server, the ones
// about the VPC's other subnets with the server's own messages.
import { ipv4Address, MAX_DNS_SERVERS, type SubnetRecord, subnetCreateBody } from "@skyledger/contracts";
import { Form, Input, Switch } from "antd";
import type { Rule } from "antd/es/form";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { networkApi } from "./network-api";
import { dnsList, gatewayRule, localeOf, subnetPlacementRule } from "./network-rules";

type Values = { name: string; cidr?: string; gatewayIp?: string; dhcp: boolean; dns?: string };

type Props = {
  vpc: { id: string; cidr: string; subnets: SubnetRecord[] };
  /** The subnet to edit; absent: a new one. */
  subnet?: SubnetRecord;
  onClose(): void;
  onDone(name: string): void;
};

export function SubnetFormDialog({ vpc, subnet, onClose, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [form] = Form.useForm<Values>();
  const dnsRule: Rule = {
    validator: async (_, value?: string) => {
      const list = dnsList(value);
      if (list.length > MAX_DNS_SERVERS) throw new Error(t("validation.dnsServers"));
      if (list.some((ip) => !ipv4Address.safeParse(ip).success)) throw new Error(t("validation.ipv4"));
    },
  };

  const submit = async (values: Values) => {
    const common = { name: values.name.trim(), dhcp: values.dhcp, dnsServers: dnsList(values.dns) };
    if (subnet) await networkApi.updateSubnet(subnet.id, common);
    else
      await networkApi.createSubnet(vpc.id, {
        ...common,
        cidr: values.cidr?.trim() ?? "",
        gatewayIp: values.gatewayIp?.trim() || null,
      });
    onDone(common.name);
  };

  return (
    <FormDialog
      form={form}
      open
      title={t(subnet ? "network.subnet.editTitle" : "network.subnet.addTitle")}
      okText={t(subnet ? "common.save" : "network.subnet.add")}
      submitTestId="subnet-form-submit"
      refusalTestId="subnet-form-refusal"
      onSubmit={submit}
      onCancel={onClose}
      preserve={false}
      initialValues={
        subnet ? { name: subnet.name, dhcp: subnet.dhcp, dns: subnet.dnsServers.join(", ") } : { dhcp: true }
      }
    >
      <Form.Item
        required
        name="name"
        label={t("network.subnet.fields.name")}
        rules={[zodRule(subnetCreateBody.shape.name, t)]}
        extra={t("network.vpc.nameHint")}
      >
        <Input maxLength={24} autoComplete="off" data-testid="subnet-form-name" />
      </Form.Item>
      {!subnet && (
        <>
          <Form.Item
            required
            name="cidr"
            label={t("network.subnet.fields.cidr")}
            extra={t("network.subnet.cidrHint", { vpcCidr: vpc.cidr })}
            validateFirst
            rules={[
              zodRule(subnetCreateBody.shape.cidr, t),
              subnetPlacementRule(vpc.cidr, vpc.subnets, locale),
            ]}
          >
            <Input placeholder="10.0.1.0/24" autoComplete="off" data-testid="subnet-form-cidr" />
          </Form.Item>
          <Form.Item
            name="gatewayIp"
            label={t("network.subnet.fields.gatewayIp")}
            extra={t("network.subnet.gatewayHint")}
            dependencies={["cidr"]}
            validateFirst
            rules={[
              zodRule(ipv4Address, t, { optional: true }),
              gatewayRule(() => form.getFieldValue("cidr"), locale),
            ]}
          >
            <Input autoComplete="off" data-testid="subnet-form-gateway" />
          </Form.Item>
        </>
      )}
      <Form.Item name="dhcp" label={t("network.subnet.fields.dhcp")} valuePropName="checked">
        <Switch data-testid="subnet-form-dhcp" />
      </Form.Item>
      <Form.Item
        name="dns"
        label={t("network.subnet.fields.dnsServers")}
        extra={t("network.subnet.dnsHint")}
        rules={[dnsRule]}
      >
        <Input placeholder="114.114.114.114, 8.8.8.8" autoComplete="off" data-testid="subnet-form-dns" />
      </Form.Item>
    </FormDialog>
  );
}
