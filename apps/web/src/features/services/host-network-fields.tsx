// The "Network" section of the cloud-host purchase form: the VPC and subnet the host goes on, its
// security groups (the organisation's `default` group to start with) and, for one host, a fixed
// address checked against the subnet before anything is sent. A tenant without any VPC is offered
// the default one (172.16.0.0/16) in one click. Networks are read with the network code (CB09): a
// buyer without it is told the host goes on the provider's default network.
import { DEFAULT_VPC, hostAddressProblem, type SubnetRecord } from "@skyledger/contracts";
import { Alert, Button, Form, Input, Select, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { NewTabLink } from "../../components/new-tab-link";
import { useHasCode } from "../../components/require-org";
import { UserData } from "../../components/user-data";
import { networkApi, useRefreshNetwork, useVpc, useVpcOptions } from "../network/network-api";
import { useSecurityGroupOptions } from "../network-security/security-groups-api";
import { HostGroupsField } from "./host-groups-field";
import type { PurchaseValues } from "./purchase";

export function HostNetworkFields({ quantity }: { quantity: number | null | undefined }) {
  const { t } = useTranslation();
  const canNetwork = useHasCode("CB09");
  return (
    <>
      <Typography.Title level={5}>{t("services.network.title")}</Typography.Title>
      {canNetwork ? (
        <NetworkChoice single={quantity === 1} />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title={t("services.network.noPermission")}
          data-testid="host-create-no-network"
        />
      )}
    </>
  );
}

function NetworkChoice({ single }: { single: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PurchaseValues>();
  const vpcId = Form.useWatch("vpcId", form) ?? "";
  const vpcs = useVpcOptions();
  const vpc = useVpc(vpcId);
  const groups = useSecurityGroupOptions();
  const subnets = (vpc.data?.id === vpcId ? vpc.data.subnets : []).filter((s) => s.status === "active");
  const required = (key: string) => ({ required: true, message: t(key) });

  // The organisation's default group, as every cloud console starts a new host with it.
  const defaultGroup = groups.data?.list.find((g) => g.isDefault);
  useEffect(() => {
    if (defaultGroup && form.getFieldValue("securityGroupIds") === undefined)
      form.setFieldValue("securityGroupIds", [defaultGroup.id]);
  }, [defaultGroup, form]);

  // A VPC with subnets starts on its first one: most have only one.
  const firstSubnet = subnets[0]?.id;
  useEffect(() => {
    if (firstSubnet && !form.getFieldValue("subnetId")) form.setFieldValue("subnetId", firstSubnet);
  }, [firstSubnet, form]);

  const none = vpcs.isSuccess && vpcs.data.list.length === 0;

  return (
    <>
      {none && <DefaultVpcOffer />}
      <Form.Item
        name="vpcId"
        label={t("services.network.vpc")}
        rules={[required("services.network.vpcRequired")]}
        extra={<NewTabLink href="/mgt/vpc/create">{t("services.network.createVpc")}</NewTabLink>}
      >
        <Select
          showSearch={{ optionFilterProp: "search" }}
          loading={vpcs.isFetching}
          placeholder={t("services.network.vpcPlaceholder")}
          options={(vpcs.data?.list ?? [])
            .filter((v) => v.status === "active")
            .map((v) => ({
              value: v.id,
              search: v.name,
              label: <UserData>{`${v.name} (${v.cidr})`}</UserData>,
            }))}
          onChange={() => form.setFieldsValue({ subnetId: undefined })}
          data-testid="host-create-vpc"
        />
      </Form.Item>
      <Form.Item
        name="subnetId"
        label={t("services.network.subnet")}
        rules={[required("services.network.subnetRequired")]}
        extra={vpcId && vpc.isSuccess && subnets.length === 0 ? t("services.network.noSubnet") : undefined}
      >
        <Select
          disabled={!vpcId}
          loading={vpc.isFetching}
          placeholder={t("services.network.subnetPlaceholder")}
          options={subnets.map((s) => ({
            value: s.id,
            label: <UserData>{`${s.name} (${s.cidr})`}</UserData>,
          }))}
          data-testid="host-create-subnet"
        />
      </Form.Item>
      <HostGroupsField testId="host-create-security-groups" />
      {single && <FixedIpField subnets={subnets} />}
    </>
  );
}

/** The address asked for, or empty for the subnet's next free one; checked against the subnet. */
function FixedIpField({ subnets }: { subnets: SubnetRecord[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="fixedIp"
      // Gone with the field when more than one host is bought: one address cannot serve them all.
      preserve={false}
      dependencies={["subnetId"]}
      label={t("services.network.fixedIp")}
      extra={t("services.network.fixedIpHint")}
      rules={[
        ({ getFieldValue }) => ({
          validator: async (_rule, value: string | undefined) => {
            // Read at validation time: the subnet may have just changed.
            const subnet = subnets.find((s) => s.id === getFieldValue("subnetId"));
            if (!value?.trim() || !subnet) return;
            const problem = hostAddressProblem(subnet.cidr, subnet.gatewayIp, value);
            if (problem)
              throw new Error(
                t(`services.network.fixedIpProblem.${problem}`, {
                  cidr: subnet.cidr,
                  gateway: subnet.gatewayIp,
                }),
              );
          },
        }),
      ]}
    >
      <Input
        autoComplete="off"
        maxLength={15}
        placeholder={t("services.network.fixedIpPlaceholder")}
        data-testid="host-create-fixed-ip"
      />
    </Form.Item>
  );
}

/** A tenant without any VPC: the default one, made in one click and chosen at once. */
function DefaultVpcOffer() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PurchaseValues>();
  const refresh = useRefreshNetwork();
  const [creating, setCreating] = useState(false);

  const create = async () => {
    setCreating(true);
    try {
      const vpc = await networkApi.createDefaultVpc();
      await refresh();
      form.setFieldsValue({ vpcId: vpc.id, subnetId: vpc.subnets[0]?.id });
    } finally {
      setCreating(false);
    }
  };

  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t("services.network.needsVpc")}
      description={
        <Button loading={creating} onClick={() => void create()} data-testid="host-create-default-vpc">
          {t("services.network.createDefaultVpc", { cidr: DEFAULT_VPC.cidr })}
        </Button>
      }
      data-testid="host-create-no-vpc"
    />
  );
}
