// Creating or editing a user group: name (built-in groups keep theirs), description, parent group
// and the permission sets it grants.
import { userGroupBody } from "@skyledger/contracts";
import { App, Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import {
  createGroup,
  setGroupSets,
  type UserGroupRow,
  updateGroup,
  useGroupOptions,
  useSetOptions,
} from "../../../features/iam/iam-api";
import { groupName, setName } from "../../../features/iam/iam-labels";

type Values = { name: string; description: string; parentId?: string | null; permissionSetIds: string[] };
type Props = { open: boolean; group?: UserGroupRow; onClose(): void; onSaved(id: string): void };

const shape = userGroupBody.shape;

export function GroupFormDialog({ open, group, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const groups = useGroupOptions(open);
  const sets = useSetOptions(open);

  const submit = async (values: Values) => {
    const body = {
      name: values.name.trim(),
      description: values.description?.trim() ?? "",
      parentId: values.parentId ?? null,
    };
    let id = group?.id;
    if (group) {
      await updateGroup(group.id, body);
      const before = group.permissionSets.map((s) => s.id).sort();
      if (before.join() !== [...values.permissionSetIds].sort().join())
        await setGroupSets(group.id, values.permissionSetIds);
    } else {
      id = (await createGroup({ ...body, permissionSetIds: values.permissionSetIds })).id;
    }
    void message.success(t(group ? "iam.group.saved" : "iam.group.created"));
    onSaved(id!);
  };

  const parents = (groups.data ?? []).filter((g) => g.id !== group?.id);

  return (
    <FormDialog
      form={form}
      open={open}
      title={t(group ? "iam.group.editTitle" : "iam.group.createTitle")}
      okText={t(group ? "common.save" : "iam.group.create")}
      submitTestId="group-form-submit"
      onSubmit={submit}
      onCancel={onClose}
      resetOnSuccess
      width={600}
      initialValues={{
        name: group?.name ?? "",
        description: group?.description ?? "",
        parentId: group?.parent?.id ?? null,
        permissionSetIds: group?.permissionSets.map((s) => s.id) ?? [],
      }}
    >
      <Form.Item
        required
        name="name"
        label={t("iam.group.name")}
        rules={[zodRule(shape.name, t)]}
        extra={group?.builtIn ? t("iam.group.builtInName", { name: groupName(group, t) }) : undefined}
      >
        <Input maxLength={128} disabled={group?.builtIn} data-testid="group-form-name" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t("iam.group.description")}
        rules={[zodRule(shape.description, t)]}
      >
        <Input.TextArea
          maxLength={256}
          showCount
          autoSize={{ minRows: 2 }}
          data-testid="group-form-description"
        />
      </Form.Item>
      <Form.Item name="parentId" label={t("iam.group.parent")}>
        <Select<string>
          allowClear
          showSearch
          optionFilterProp="label"
          loading={groups.isPending}
          placeholder={t("iam.group.noParent")}
          options={parents.map((g) => ({ value: g.id, label: groupName(g, t) }))}
          data-testid="group-form-parent"
        />
      </Form.Item>
      <Form.Item name="permissionSetIds" label={t("iam.group.sets")} extra={t("iam.group.setsHint")}>
        <Select
          mode="multiple"
          optionFilterProp="label"
          loading={sets.isPending}
          options={(sets.data ?? []).map((s) => ({ value: s.id, label: setName(s, t) }))}
          data-testid="group-form-sets"
        />
      </Form.Item>
    </FormDialog>
  );
}
