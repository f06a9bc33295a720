// A new folder in the folder shown: one name (no "/"), which with the folder's prefix must make a
// valid object key; the folder is an empty object whose key ends with "/".
import { objectKeyProblem } from "@skyledger/contracts";
import { App, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { obsApi } from "./obs-api";

type Props = { bucketId: string; prefix: string; onClose(): void; onDone(): void };

export function FolderDialog({ bucketId, prefix, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  return (
    <FormDialog<{ name: string }>
      form={form}
      open
      title={t("obs.folder.title")}
      okText={t("obs.folder.ok")}
      submitTestId="obs-folder-ok"
      refusalTestId="obs-folder-refusal"
      submitOnEnter
      onCancel={onClose}
      onSubmit={async ({ name }) => {
        await obsApi.createFolder(bucketId, `${prefix}${name.trim()}/`);
        void message.success(t("obs.folder.done", { name: name.trim() }));
        onDone();
      }}
    >
      <Form.Item
        required
        name="name"
        label={t("obs.folder.name")}
        extra={t("obs.folder.hint")}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const name = String(value ?? "").trim();
              if (!name) throw new Error(t("validation.required"));
              if (name.includes("/")) throw new Error(t("obs.folder.noSlash"));
              const problem = objectKeyProblem(`${prefix}${name}/`);
              if (problem) throw new Error(t(problem));
            },
          },
        ]}
      >
        <Input maxLength={255} autoComplete="off" data-testid="obs-folder-name" />
      </Form.Item>
    </FormDialog>
  );
}
