// Puts a host in exactly the chosen security groups (1–5), its current ones to start with.
import { App, Form } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { HostGroupsField } from "./host-groups-field";
import { useSetHostSecurityGroups } from "./host-network-api";

type Values = { securityGroupIds: string[] };

type Props = { hostId: string; current: string[]; onClose(): void };

export function HostGroupsDialog({ hostId, current, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSetHostSecurityGroups(hostId);

  return (
    <FormDialog<Values>
      form={form}
      open
      title={t("services.network.changeGroups")}
      okText={t("common.save")}
      submitTestId="host-network-groups-save"
      refusalTestId="host-network-groups-refusal"
      initialValues={{ securityGroupIds: current }}
      onSubmit={async (values) => {
        await save(values.securityGroupIds);
        void message.success(t("services.network.groupsChanged"));
        onClose();
      }}
      onCancel={onClose}
    >
      <HostGroupsField testId="host-network-groups-select" />
    </FormDialog>
  );
}
