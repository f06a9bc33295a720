// The platform administrator's dialogs on `/sys/operators`: a new operator (account, name,
// contacts, roles, an optional first password) and an operator's roles.
import {
  endpoints,
  OPERATOR_ROLE_KEYS,
  type OperatorRoleKey,
  type OperatorRow,
  operatorCreate,
} from "@skyledger/contracts";
import { Checkbox, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { api } from "../../../lib/api-client";

const shape = operatorCreate.shape;

function RolesField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="roles"
      label={t("ops.operators.roles")}
      rules={[{ required: true, type: "array", min: 1, message: t("ops.operators.rolesRequired") }]}
      extra={t("ops.operators.rolesHint")}
    >
      <Checkbox.Group
        options={OPERATOR_ROLE_KEYS.map((key) => ({
          value: key,
          label: <span data-testid={`operator-role-${key}`}>{t(`ops.operators.role.${key}`)}</span>,
        }))}
      />
    </Form.Item>
  );
}

type CreateValues = {
  account: string;
  realName: string;
  email: string;
  mobile: string;
  roles: OperatorRoleKey[];
  password?: string;
};

export function OperatorCreateDialog(props: {
  open: boolean;
  onClose(): void;
  onCreated(account: string, password: string): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateValues>();
  const submit = async (values: CreateValues) => {
    const password = values.password?.trim() ? values.password : undefined;
    // Left empty, the server generates the temporary password.
    const created = await api.call(endpoints.operators.create, { body: { ...values, password } });
    props.onCreated(values.account, created.password);
  };
  return (
    <FormDialog
      form={form}
      open={props.open}
      title={t("ops.operators.createTitle")}
      okText={t("ops.operators.create")}
      submitTestId="operator-create-submit"
      onSubmit={submit}
      onCancel={props.onClose}
      refusalTestId="operator-create-refusal"
      resetOnSuccess
      initialValues={{ roles: [] }}
    >
      <Form.Item name="account" label={t("console.fields.account")} rules={[zodRule(shape.account, t)]}>
        <Input maxLength={16} data-testid="operator-account" autoComplete="off" />
      </Form.Item>
      <Form.Item name="realName" label={t("console.fields.realName")} rules={[zodRule(shape.realName, t)]}>
        <Input maxLength={128} data-testid="operator-real-name" />
      </Form.Item>
      <Form.Item name="email" label={t("console.fields.email")} rules={[zodRule(shape.email, t)]}>
        <Input maxLength={128} data-testid="operator-email" />
      </Form.Item>
      <Form.Item name="mobile" label={t("console.fields.mobile")} rules={[zodRule(shape.mobile, t)]}>
        <Input maxLength={11} data-testid="operator-mobile" />
      </Form.Item>
      <RolesField />
      <Form.Item
        name="password"
        label={t("ops.operators.firstPassword")}
        extra={t("ops.operators.firstPasswordHint")}
      >
        <Input.Password maxLength={64} data-testid="operator-password" autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}

export function OperatorRolesDialog(props: {
  operator: OperatorRow | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ roles: OperatorRoleKey[] }>();
  const { operator } = props;
  const submit = async (values: { roles: OperatorRoleKey[] }) => {
    if (!operator) return;
    await api.call(endpoints.operators.setRoles, { params: { userSid: operator.userSid }, body: values });
    props.onSaved();
  };
  return (
    <FormDialog
      key={operator?.userSid ?? "none"}
      form={form}
      open={operator !== null}
      title={t("ops.operators.rolesTitle", { account: operator?.account ?? "" })}
      okText={t("common.save")}
      submitTestId="operator-roles-submit"
      onSubmit={submit}
      onCancel={props.onClose}
      refusalTestId="operator-roles-refusal"
      initialValues={{ roles: operator?.roles ?? [] }}
    >
      <RolesField />
    </FormDialog>
  );
}
