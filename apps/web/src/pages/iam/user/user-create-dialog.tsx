// Creating a sub-user: name, contact, groups, and a generated or chosen password (with the tenant's
// password rules shown live); a generated password is shown once by the page.
import { subUserCreate, subUserProfile, v } from "@skyledger/contracts";
import { Checkbox, Form, Input, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { PasswordFields } from "../../../components/password-fields";
import { usePasswordPolicy } from "../../../components/password-policy";
import { createUser, useGroupOptions } from "../../../features/iam/iam-api";
import { groupName } from "../../../features/iam/iam-labels";
import { unusedRule } from "../../../features/iam/unique-rule";

type Values = {
  account: string;
  realName: string;
  email: string;
  mobile: string;
  groupIds: string[];
  passwordMode: "generated" | "chosen";
  password?: string;
  confirmPassword?: string;
  resetOnFirstLogin: boolean;
};

export type Created = { userSid: string; account: string; password: string | null };

type Props = { open: boolean; onClose(): void; onCreated(created: Created): void };

const profile = subUserProfile.shape;

export function UserCreateDialog({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const policy = usePasswordPolicy(true);
  const groups = useGroupOptions(open);
  const mode = Form.useWatch("passwordMode", form) ?? "generated";

  const submit = async (values: Values) => {
    const created = await createUser({
      account: values.account.trim(),
      realName: values.realName.trim(),
      email: values.email.trim(),
      mobile: values.mobile.trim(),
      groupIds: values.groupIds,
      passwordMode: values.passwordMode,
      ...(values.passwordMode === "chosen" ? { password: values.password } : {}),
      resetOnFirstLogin: values.resetOnFirstLogin,
    });
    onCreated({ ...created, account: values.account.trim() });
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t("iam.user.createTitle")}
      okText={t("iam.user.create")}
      submitTestId="user-form-submit"
      onSubmit={submit}
      onCancel={onClose}
      resetOnSuccess
      width={640}
      initialValues={{ passwordMode: "generated", resetOnFirstLogin: true, groupIds: [] }}
    >
      <Form.Item
        required
        name="account"
        label={t("iam.user.account")}
        extra={t("iam.user.accountHint")}
        rules={[zodRule(subUserCreate.shape.account, t), unusedRule("account", t)]}
        validateFirst
      >
        <Input maxLength={16} autoComplete="off" data-testid="user-form-account" />
      </Form.Item>
      <Form.Item
        required
        name="realName"
        label={t("iam.user.realName")}
        rules={[zodRule(profile.realName, t)]}
      >
        <Input maxLength={128} data-testid="user-form-name" />
      </Form.Item>
      <Form.Item
        required
        name="email"
        label={t("iam.user.email")}
        rules={[zodRule(v.email, t), unusedRule("email", t)]}
        validateFirst
      >
        <Input maxLength={128} autoComplete="off" data-testid="user-form-email" />
      </Form.Item>
      <Form.Item
        required
        name="mobile"
        label={t("iam.user.mobile")}
        rules={[zodRule(v.phone, t), unusedRule("mobile", t)]}
        validateFirst
      >
        <Input maxLength={11} autoComplete="off" data-testid="user-form-mobile" />
      </Form.Item>
      <Form.Item
        name="groupIds"
        label={t("iam.user.groups")}
        extra={t("iam.user.groupsHint")}
        rules={[{ required: true, type: "array", min: 1, message: t("iam.user.groupsRequired") }]}
      >
        <Select
          mode="multiple"
          loading={groups.isPending}
          optionFilterProp="label"
          options={(groups.data ?? []).map((g) => ({ value: g.id, label: groupName(g, t) }))}
          data-testid="user-form-groups"
        />
      </Form.Item>
      <Form.Item name="passwordMode" label={t("iam.user.passwordMode")}>
        <Radio.Group data-testid="user-form-password-mode">
          <Radio value="generated" data-testid="user-form-password-generated">
            {t("iam.user.passwordGenerated")}
          </Radio>
          <Radio value="chosen" data-testid="user-form-password-chosen">
            {t("iam.user.passwordChosen")}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {mode === "chosen" && (
        <PasswordFields
          policy={policy}
          name="password"
          testIdPrefix="user-form"
          label={t("iam.user.password")}
        />
      )}
      <Form.Item name="resetOnFirstLogin" valuePropName="checked">
        <Checkbox data-testid="user-form-reset-first">{t("iam.user.resetOnFirstLogin")}</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}
