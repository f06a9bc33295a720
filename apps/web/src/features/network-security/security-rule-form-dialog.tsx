// Add a rule to a security group: direction, protocol, port range (TCP and UDP only), priority 1–100
// (1 the highest) and the authorised object, a CIDR block or another group. Each field says what is
// wrong as it is typed, with the same rules (and messages) the server applies: securityRuleIssues.
import {
  protocolHasPorts,
  SECURITY_RULE_DIRECTIONS,
  SECURITY_RULE_PRIORITY,
  SECURITY_RULE_PROTOCOLS,
  type SecurityRuleDirection,
  type SecurityRuleFields,
  type SecurityRuleProtocol,
  securityRuleIssues,
  securityRulePriority,
} from "@skyledger/contracts";
import { Form, type FormInstance, Input, InputNumber, Radio, Select } from "antd";
import type { Rule } from "antd/es/form";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { zodRule } from "../../components/form-rules";
import { securityGroupsApi, useSecurityGroupOptions } from "./security-groups-api";

type Values = {
  direction: SecurityRuleDirection;
  protocol: SecurityRuleProtocol;
  portStart?: number | null;
  portEnd?: number | null;
  priority?: number | null;
  remoteType: "cidr" | "group";
  remoteCidr?: string;
  remoteGroupId?: string;
};

type Props = { groupId: string; open: boolean; onClose(): void; onAdded(): void };

function fieldsOf(values: Partial<Values>): SecurityRuleFields {
  const remoteType = values.remoteType ?? "cidr";
  return {
    protocol: values.protocol ?? "tcp",
    portStart: values.portStart ?? null,
    portEnd: values.portEnd ?? null,
    remoteType,
    remoteCidr: remoteType === "cidr" ? values.remoteCidr?.trim() || null : null,
    remoteGroupId: remoteType === "group" ? (values.remoteGroupId ?? null) : null,
  };
}

/** The field's own message from the shared rule checks, run on the whole form. */
function issueRule(form: FormInstance<Values>, field: keyof SecurityRuleFields, t: TFunction): Rule {
  return {
    validator: async () => {
      const issue = securityRuleIssues(fieldsOf(form.getFieldsValue(true))).find((i) => i.path === field);
      if (issue) throw new Error(t(issue.message));
    },
  };
}

export function SecurityRuleFormDialog({ groupId, open, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const protocol = Form.useWatch("protocol", form) ?? "tcp";
  const remoteType = Form.useWatch("remoteType", form) ?? "cidr";
  const groups = useSecurityGroupOptions();

  const submit = async (values: Values) => {
    const fields = fieldsOf(values);
    await securityGroupsApi.addRule(groupId, {
      direction: values.direction,
      ...fields,
      priority: values.priority ?? SECURITY_RULE_PRIORITY.highest,
    });
    onAdded();
  };

  const hasPorts = protocolHasPorts(protocol);
  return (
    <FormDialog
      form={form}
      open={open}
      title={t("network.rule.addTitle")}
      okText={t("network.rule.add")}
      submitTestId="rule-form-submit"
      onSubmit={submit}
      onCancel={onClose}
      resetOnSuccess
      width={560}
      initialValues={{
        direction: "inbound",
        protocol: "tcp",
        priority: 1,
        remoteType: "cidr",
        remoteCidr: "0.0.0.0/0",
      }}
    >
      <Form.Item name="direction" label={t("network.rule.direction")} required>
        <Radio.Group
          options={SECURITY_RULE_DIRECTIONS.map((d) => ({ value: d, label: t(`network.direction.${d}`) }))}
          data-testid="rule-form-direction"
        />
      </Form.Item>
      <Form.Item name="protocol" label={t("network.rule.protocol")} required>
        <Select
          options={SECURITY_RULE_PROTOCOLS.map((p) => ({ value: p, label: t(`network.protocol.${p}`) }))}
          onChange={(value: SecurityRuleProtocol) => {
            if (!protocolHasPorts(value)) form.setFieldsValue({ portStart: null, portEnd: null });
          }}
          data-testid="rule-form-protocol"
        />
      </Form.Item>
      <Form.Item
        name="portStart"
        label={t("network.rule.portStart")}
        required={hasPorts}
        dependencies={["protocol"]}
        rules={[issueRule(form, "portStart", t)]}
        extra={hasPorts ? t("network.rule.portHint") : t("network.rule.noPorts")}
      >
        <InputNumber
          precision={0}
          disabled={!hasPorts}
          style={{ width: "100%" }}
          data-testid="rule-form-port-start"
        />
      </Form.Item>
      <Form.Item
        name="portEnd"
        label={t("network.rule.portEnd")}
        required={hasPorts}
        dependencies={["protocol", "portStart"]}
        rules={[issueRule(form, "portEnd", t)]}
      >
        <InputNumber
          precision={0}
          disabled={!hasPorts}
          style={{ width: "100%" }}
          data-testid="rule-form-port-end"
        />
      </Form.Item>
      <Form.Item
        name="priority"
        label={t("network.rule.priority")}
        required
        rules={[zodRule(securityRulePriority, t)]}
        extra={t("network.rule.priorityHint")}
      >
        <InputNumber precision={0} style={{ width: "100%" }} data-testid="rule-form-priority" />
      </Form.Item>
      <Form.Item name="remoteType" label={t("network.rule.remote")} required>
        <Radio.Group
          options={[
            { value: "cidr", label: t("network.rule.remoteCidr") },
            { value: "group", label: t("network.rule.remoteGroup") },
          ]}
          data-testid="rule-form-remote-type"
        />
      </Form.Item>
      {remoteType === "cidr" ? (
        <Form.Item
          name="remoteCidr"
          label={t("network.rule.remoteCidr")}
          required
          rules={[issueRule(form, "remoteCidr", t)]}
        >
          <Input placeholder="0.0.0.0/0" maxLength={18} data-testid="rule-form-cidr" />
        </Form.Item>
      ) : (
        <Form.Item
          name="remoteGroupId"
          label={t("network.rule.remoteGroup")}
          required
          rules={[issueRule(form, "remoteGroupId", t)]}
        >
          <Select
            loading={groups.isFetching}
            options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }))}
            data-testid="rule-form-group"
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
