// Above the price of a host purchase, in its panel: where the host will go on the network, as chosen
// in the form, so the buyer reads it once more before placing the order. Shown to users who may see
// networks.
import { Descriptions, Divider, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useHasCode } from "../../components/require-org";
import { UserData } from "../../components/user-data";
import { useVpc, useVpcOptions } from "../network/network-api";
import { useSecurityGroupOptions } from "../network-security/security-groups-api";
import type { PurchaseValues } from "./purchase";

export function HostNetworkSummary({ values }: { values: PurchaseValues | undefined }) {
  return useHasCode("CB09") ? <ChosenNetwork values={values ?? {}} /> : null;
}

function ChosenNetwork({ values }: { values: PurchaseValues }) {
  const { t } = useTranslation();
  const vpcs = useVpcOptions();
  const vpc = useVpc(values.vpcId ?? "");
  const groups = useSecurityGroupOptions();
  const chosenVpc = vpcs.data?.list.find((v) => v.id === values.vpcId);
  const subnet = vpc.data?.subnets.find((s) => s.id === values.subnetId);
  const groupNames = (values.securityGroupIds ?? [])
    .map((id) => groups.data?.list.find((g) => g.id === id)?.name)
    .filter((name): name is string => name !== undefined);
  const fixedIp = values.quantity === 1 ? values.fixedIp?.trim() : undefined;
  const chosen = (text: string | undefined) =>
    text ? <UserData>{text}</UserData> : t("services.network.notChosen");

  return (
    <div data-testid="host-create-network-summary">
      <Typography.Text strong>{t("services.network.title")}</Typography.Text>
      <Descriptions
        style={{ marginTop: 8 }}
        column={1}
        size="small"
        items={[
          {
            key: "vpc",
            label: t("services.network.vpc"),
            children: chosen(chosenVpc && `${chosenVpc.name} (${chosenVpc.cidr})`),
          },
          {
            key: "subnet",
            label: t("services.network.subnet"),
            children: chosen(subnet && `${subnet.name} (${subnet.cidr})`),
          },
          {
            key: "ip",
            label: t("services.network.address"),
            children: fixedIp || t("services.network.nextFreeAddress"),
          },
          {
            key: "groups",
            label: t("services.network.securityGroups"),
            children: chosen(groupNames.join(", ") || undefined),
          },
        ]}
      />
      <Divider style={{ margin: "12px 0" }} />
    </div>
  );
}
