// The security groups a host is put in (1–5), as a multi-select field named `securityGroupIds`: on
// the purchase form and in a host's "change security groups" dialog.
import { hostNetworkChoice, type SecurityGroupRecord } from "@skyledger/contracts";
import { Form, Select, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../components/form-rules";
import { UserData } from "../../components/user-data";
import { useSecurityGroupOptions } from "../network-security/security-groups-api";

/** Options of the groups a host may join (one being deleted may not): names as people's data. */
function groupOptions(groups: SecurityGroupRecord[], defaultLabel: string) {
  return groups
    .filter((g) => g.status !== "deleting")
    .map((g) => ({
      value: g.id,
      search: g.name,
      // The option's tooltip, as a plain name: the label holds markup.
      title: g.name,
      label: (
        <span>
          <UserData>{g.name}</UserData>
          {g.isDefault && <Tag style={{ marginInlineStart: 6 }}>{defaultLabel}</Tag>}
        </span>
      ),
    }));
}

export function HostGroupsField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const groups = useSecurityGroupOptions();
  return (
    <Form.Item
      required
      name="securityGroupIds"
      label={t("services.network.securityGroups")}
      rules={[zodRule(hostNetworkChoice.shape.securityGroupIds, t)]}
      extra={t("services.network.securityGroupsHint")}
    >
      <Select
        mode="multiple"
        showSearch={{ optionFilterProp: "search" }}
        loading={groups.isFetching}
        options={groupOptions(groups.data?.list ?? [], t("network.group.default"))}
        data-testid={testId}
      />
    </Form.Item>
  );
}
