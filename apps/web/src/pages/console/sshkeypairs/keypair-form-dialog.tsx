// Create a key pair (the server generates it) or import a public key: a name of the resource-name
// rule, an optional project and, for an import, one OpenSSH public key line.
import {
  type KeyPairCreated,
  type KeyPairDetail,
  keyPairCreateBody,
  keyPairImportBody,
  OPENSSH_PUBLIC_KEY_PATTERN,
} from "@skyledger/contracts";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { useHasCode } from "../../../components/require-org";
import { keyPairsApi, useProjectOptions } from "../../../features/keypairs/keypairs-api";

type Values = { name: string; projectId?: string; publicKey?: string };

type Props = {
  mode: "create" | "import";
  onClose(): void;
  onCreated(created: KeyPairCreated): void;
  onImported(imported: KeyPairDetail): void;
};

export function KeyPairFormDialog({ mode, onClose, onCreated, onImported }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const canReadProjects = useHasCode("CH04");
  const projects = useProjectOptions(canReadProjects);

  const submit = async (values: Values) => {
    const base = { name: values.name.trim(), projectId: values.projectId ?? null };
    if (mode === "create") onCreated(await keyPairsApi.create(base));
    else onImported(await keyPairsApi.import({ ...base, publicKey: values.publicKey?.trim() ?? "" }));
  };

  return (
    <FormDialog
      form={form}
      open
      title={t(mode === "create" ? "keypairs.createTitle" : "keypairs.importTitle")}
      okText={t(mode === "create" ? "keypairs.create" : "keypairs.import")}
      submitTestId="keypair-form-submit"
      onSubmit={submit}
      onCancel={onClose}
      width={600}
      preserve={false}
    >
      <Form.Item
        required
        name="name"
        label={t("keypairs.fields.name")}
        rules={[zodRule(keyPairCreateBody.shape.name, t)]}
        extra={t("keypairs.nameHint")}
      >
        <Input maxLength={24} autoComplete="off" data-testid="keypair-form-name" />
      </Form.Item>
      {canReadProjects && (
        <Form.Item name="projectId" label={t("keypairs.fields.project")}>
          <Select
            allowClear
            loading={projects.isFetching}
            placeholder={t("keypairs.projectPlaceholder")}
            options={(projects.data?.list ?? []).map((p) => ({ value: p.projectId, label: p.name }))}
            data-testid="keypair-form-project"
          />
        </Form.Item>
      )}
      {mode === "import" && (
        <Form.Item
          required
          name="publicKey"
          label={t("keypairs.fields.publicKey")}
          extra={t("keypairs.publicKeyHint")}
          rules={[
            zodRule(keyPairImportBody.shape.publicKey, t),
            {
              validator: async (_, value?: string) => {
                if (value?.trim() && !OPENSSH_PUBLIC_KEY_PATTERN.test(value.trim())) {
                  throw new Error(t("keypairs.publicKeyInvalid"));
                }
              },
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 4, maxRows: 8 }}
            spellCheck={false}
            placeholder="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA… user@host"
            data-testid="keypair-form-public-key"
          />
        </Form.Item>
      )}
    </FormDialog>
  );
}
