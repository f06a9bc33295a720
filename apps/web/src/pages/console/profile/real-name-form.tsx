import { realName } from "@skyledger/contracts";
import { Alert, App, Button, Form, Input, Space } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../../components/form-rules";
import { useFormSubmit } from "../../../components/use-form-submit";
import { refreshProfile, updateRealName, useProfileDetails } from "../../../features/profile/profile-api";

type Values = { realName: string };

export function RealNameForm({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const details = useProfileDetails();
  const locked = details.data?.realNameLocked ?? false;
  const { saving, run: submit } = useFormSubmit(form, {
    action: async (values) => {
      await updateRealName(values.realName.trim());
      await refreshProfile();
      void message.success(t("profile.realName.saved"));
    },
  });

  if (locked) return <Alert type="info" showIcon title={t("profile.realName.locked")} />;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ realName: current ?? "" }}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 420 }}
    >
      <Form.Item label={t("profile.realName.label")} extra={t("profile.realName.hint")} required>
        <Space.Compact style={{ width: "100%" }}>
          <Form.Item name="realName" noStyle rules={[zodRule(realName, t)]}>
            <Input maxLength={128} autoComplete="name" data-testid="profile-realname" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-realname-submit">
            {t("profile.realName.submit")}
          </Button>
        </Space.Compact>
      </Form.Item>
    </Form>
  );
}
