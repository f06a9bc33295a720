// Bind one of the caller's hosts (running or stopped, not in the group yet) to a security group.
import { Form, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { securityGroupsApi, useBindableHosts } from "./security-groups-api";

type Values = { hostId: string };

export function BindHostDialog(props: { groupId: string; onClose(): void; onBound(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const hosts = useBindableHosts(props.groupId, true);
  const submit = async (values: Values) => {
    await securityGroupsApi.bind(props.groupId, values.hostId);
    props.onBound();
  };
  return (
    <FormDialog
      form={form}
      open
      title={t("network.hosts.bindTitle")}
      okText={t("network.hosts.bind")}
      submitTestId="bind-submit"
      onSubmit={submit}
      onCancel={props.onClose}
      preserve={false}
    >
      <Form.Item
        name="hostId"
        label={t("network.hosts.host")}
        required
        rules={[{ required: true, message: t("validation.required") }]}
        extra={t("network.hosts.bindHint")}
      >
        <Select
          showSearch={{ optionFilterProp: "label" }}
          loading={hosts.isFetching}
          notFoundContent={t("network.hosts.noneBindable")}
          options={(hosts.data ?? []).map((h) => ({
            value: h.hostId,
            label: `${h.name}${h.ipAddress ? ` (${h.ipAddress})` : ""}`,
          }))}
          data-testid="bind-host"
        />
      </Form.Item>
    </FormDialog>
  );
}
