// Registers or changes a cluster: its name, backend (the embedded simulator or Slurm), slurmrestd's
// URL, how Skyledger signs in to it (the HS256 signing key or one administrator token — written,
// never shown back; left empty on a change it keeps the stored one), the administrator user, the
// parent account tenant accounts go under, the Slurm cluster name and the console's login host. The
// server asks the cluster for its health before saving: one that does not answer is refused.
import {
  type ClusterInput,
  clusterInput,
  HPC_BACKENDS,
  HPC_SECRET_KINDS,
  type HpcBackend,
  type HpcCluster,
  SIMULATOR_REST_URL,
  slurmName,
} from "@skyledger/contracts";
import { Form, Input, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { hpcApi } from "../../../features/hpc/hpc-api";

type Values = {
  name: string;
  backend: HpcBackend;
  restUrl: string;
  secretKind: ClusterInput["secretKind"];
  secret?: string;
  adminUser: string;
  parentAccount: string;
  clusterName: string;
  loginHost?: string | null;
};

type Props = { cluster: HpcCluster | "new" | null; onClose(): void; onSaved(): Promise<void> };

const REST_URL = /^https?:\/\/[^\s/]+(\/\S*)?$/;
const LOGIN_HOST = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/;

export function ClusterDialog({ cluster, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const editing = cluster && cluster !== "new" ? cluster : null;
  const backend = Form.useWatch("backend", form) ?? editing?.backend ?? "slurm";
  const simulator = backend === "simulator";
  const fields = clusterInput.shape;
  const required = { required: true, message: t("validation.required") };

  return (
    <FormDialog<Values>
      form={form}
      open={cluster !== null}
      title={t(editing ? "hpc.clusters.editTitle" : "hpc.clusters.registerTitle")}
      okText={t(editing ? "hpc.clusters.save" : "hpc.clusters.register")}
      submitTestId="hpc-cluster-submit"
      refusalTestId="hpc-cluster-refusal"
      resetOnSuccess
      width={640}
      initialValues={
        editing
          ? { ...editing, restUrl: editing.restUrl, secret: "", loginHost: editing.loginHost ?? "" }
          : {
              backend: "slurm",
              restUrl: "",
              secretKind: "signingKey",
              adminUser: "slurm",
              parentAccount: "skyledger",
              clusterName: "",
              loginHost: "",
            }
      }
      onCancel={onClose}
      onSubmit={async (values) => {
        const body = {
          ...values,
          restUrl: values.backend === "simulator" ? SIMULATOR_REST_URL : values.restUrl.trim(),
          loginHost: values.loginHost?.trim() ? values.loginHost.trim() : null,
        };
        if (editing) {
          // An empty secret keeps the stored one.
          const { secret, ...rest } = body;
          await hpcApi.updateCluster(editing.id, secret?.trim() ? { ...rest, secret } : rest);
        } else {
          await hpcApi.registerCluster({ ...body, secret: body.secret ?? "" });
        }
        await onSaved();
      }}
    >
      <Form.Item name="name" label={t("hpc.fields.clusterName")} rules={[zodRule(fields.name, t)]}>
        <Input maxLength={64} autoComplete="off" data-testid="hpc-cluster-name" />
      </Form.Item>
      <Form.Item name="backend" label={t("hpc.fields.backend")} extra={t("hpc.clusters.backendHint")}>
        <Radio.Group optionType="button" data-testid="hpc-cluster-backend">
          {HPC_BACKENDS.map((b) => (
            <Radio key={b} value={b} data-testid={`hpc-cluster-backend-${b}`}>
              {t(`hpc.backend.${b}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {!simulator && (
        <>
          <Form.Item
            name="restUrl"
            label={t("hpc.fields.restUrl")}
            extra={t("hpc.clusters.restUrlHint")}
            rules={[
              required,
              {
                validator: async (_rule, value: unknown) => {
                  if (value && !REST_URL.test(String(value).trim()))
                    throw new Error(t("validation.clusterUrl"));
                },
              },
            ]}
          >
            <Input maxLength={300} data-testid="hpc-cluster-url" />
          </Form.Item>
          <Form.Item name="secretKind" label={t("hpc.fields.secretKind")}>
            <Select
              data-testid="hpc-cluster-secret-kind"
              options={HPC_SECRET_KINDS.map((k) => ({ value: k, label: t(`hpc.secretKind.${k}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="secret"
            label={t("hpc.fields.secret")}
            extra={t(editing ? "hpc.clusters.secretKeepHint" : "hpc.clusters.secretHint")}
            rules={editing ? [] : [required]}
          >
            <Input.Password
              maxLength={8192}
              autoComplete="new-password"
              visibilityToggle={false}
              data-testid="hpc-cluster-secret"
            />
          </Form.Item>
        </>
      )}
      <Form.Item name="adminUser" label={t("hpc.fields.adminUser")} rules={[required, zodRule(slurmName, t)]}>
        <Input maxLength={64} autoComplete="off" data-testid="hpc-cluster-admin-user" />
      </Form.Item>
      <Form.Item
        name="parentAccount"
        label={t("hpc.fields.parentAccount")}
        extra={t("hpc.clusters.parentAccountHint")}
        rules={[required, zodRule(slurmName, t)]}
      >
        <Input maxLength={64} autoComplete="off" data-testid="hpc-cluster-parent-account" />
      </Form.Item>
      <Form.Item
        name="clusterName"
        label={t("hpc.fields.slurmClusterName")}
        extra={t("hpc.clusters.clusterNameHint")}
        rules={[required, zodRule(slurmName, t)]}
      >
        <Input maxLength={64} autoComplete="off" data-testid="hpc-cluster-slurm-name" />
      </Form.Item>
      <Form.Item
        name="loginHost"
        label={t("hpc.fields.loginHost")}
        extra={t("hpc.clusters.loginHostHint")}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (value && !LOGIN_HOST.test(String(value).trim())) throw new Error(t("validation.loginHost"));
            },
          },
        ]}
      >
        <Input maxLength={260} data-testid="hpc-cluster-login-host" />
      </Form.Item>
    </FormDialog>
  );
}
