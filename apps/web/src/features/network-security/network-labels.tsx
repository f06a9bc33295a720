// What every security group page shares: a rule's ports and authorised object as words, and a status
// tag. (The notice that the simulator serves is the network pages' own: features/network.)
import type { NetworkObjectStatus, SecurityRuleRecord } from "@skyledger/contracts";
import { Button, Popconfirm, Tag } from "antd";
import { useTranslation } from "react-i18next";

export function usePortsText() {
  const { t } = useTranslation();
  return (rule: Pick<SecurityRuleRecord, "portStart" | "portEnd">) =>
    rule.portStart === null
      ? t("network.rule.allPorts")
      : rule.portStart === rule.portEnd
        ? String(rule.portStart)
        : `${rule.portStart}-${rule.portEnd}`;
}

export function NetworkStatusTag({ status }: { status: NetworkObjectStatus }) {
  const { t } = useTranslation();
  const color = status === "active" ? "green" : "processing";
  return <Tag color={color}>{t(`network.status.${status}`)}</Tag>;
}

/** A table row's red link that asks before it removes something (a rule, a binding). */
export function ConfirmRemoveLink(props: {
  title: string;
  label: string;
  testId: string;
  onConfirm(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={props.title}
      okText={props.label}
      okButtonProps={{ danger: true }}
      cancelText={t("common.cancel")}
      onConfirm={() => props.onConfirm().catch(() => {})}
    >
      <Button type="link" size="small" danger data-testid={props.testId}>
        {props.label}
      </Button>
    </Popconfirm>
  );
}
