// The login host's key as the operator keeps it (decision 0012): whether its fingerprint is
// recorded (the terminal and the job output read over SFTP refuse to connect until it is), the
// fingerprint itself, and the two ways to record it — fetch the one the host shows now (trust on
// first use: the operator compares it with `ssh-keygen -lf` on the host) or paste the one read there.
import { type HpcCluster, hostKeyBody } from "@skyledger/contracts";
import { Alert, App, Button, Form, Input, Popconfirm, Space, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { hpcApi } from "../../../features/hpc/hpc-api";
import { formatDateTime } from "../../../lib/format";

/** The list's column: recorded (the fingerprint on hover), missing, or no login host. */
export function HostKeyTag({ cluster }: { cluster: HpcCluster }) {
  const { t } = useTranslation();
  if (!cluster.loginHost) return <span>-</span>;
  const testId = `hpc-cluster-${cluster.id}-host-key`;
  if (!cluster.sshHostKeyFingerprint)
    return (
      <Tag color="warning" data-testid={testId} data-recorded="false">
        {t("hpc.hostKey.missingTag")}
      </Tag>
    );
  return (
    <Tooltip title={cluster.sshHostKeyFingerprint}>
      <Tag color="success" data-testid={testId} data-recorded="true">
        {t("hpc.hostKey.recordedTag")}
      </Tag>
    </Tooltip>
  );
}

/** The expanded row's part: the fingerprint or the warning, and the operator's actions. */
export function HostKeySection({
  cluster,
  canManage,
  onChanged,
}: {
  cluster: HpcCluster;
  canManage: boolean;
  onChanged(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ fingerprint: string }>();
  const [pasting, setPasting] = useState(false);
  const loginHost = cluster.loginHost;
  if (!loginHost) return null;

  const recorded = async (fingerprint: string | null) => {
    const after = await hpcApi.recordHostKey(cluster.id, fingerprint);
    void message.success(t("hpc.hostKey.recorded", { fingerprint: after.sshHostKeyFingerprint }));
    await onChanged();
  };

  return (
    <Space orientation="vertical" size={4} data-testid={`hpc-cluster-host-key-section-${cluster.id}`}>
      <span>
        <Typography.Text type="secondary">{t("hpc.hostKey.label")}: </Typography.Text>
        {cluster.sshHostKeyFingerprint ? (
          <>
            <Typography.Text code copyable data-testid={`hpc-cluster-host-key-fingerprint-${cluster.id}`}>
              {cluster.sshHostKeyFingerprint}
            </Typography.Text>
            {cluster.sshHostKeyRecordedAt && (
              <Typography.Text type="secondary">
                {t("hpc.hostKey.recordedAt", { at: formatDateTime(cluster.sshHostKeyRecordedAt) })}
              </Typography.Text>
            )}
          </>
        ) : (
          <Typography.Text type="warning">{t("hpc.hostKey.missingTag")}</Typography.Text>
        )}
      </span>
      {!cluster.sshHostKeyFingerprint && (
        <Alert
          type="warning"
          showIcon
          title={t("hpc.hostKey.missing")}
          data-testid={`hpc-cluster-host-key-missing-${cluster.id}`}
        />
      )}
      {canManage && (
        <Space>
          <Popconfirm
            title={t("hpc.hostKey.fetchConfirm", { loginHost })}
            description={t("hpc.hostKey.fetchHint")}
            okText={t("hpc.hostKey.fetch")}
            cancelText={t("common.cancel")}
            okButtonProps={{ "data-testid": `hpc-cluster-host-key-fetch-ok-${cluster.id}` }}
            onConfirm={() => recorded(null)}
          >
            <Button size="small" data-testid={`hpc-cluster-host-key-fetch-${cluster.id}`}>
              {t("hpc.hostKey.fetch")}
            </Button>
          </Popconfirm>
          <Button
            size="small"
            onClick={() => setPasting(true)}
            data-testid={`hpc-cluster-host-key-paste-${cluster.id}`}
          >
            {t("hpc.hostKey.paste")}
          </Button>
        </Space>
      )}
      <FormDialog<{ fingerprint: string }>
        form={form}
        open={pasting}
        title={t("hpc.hostKey.pasteTitle", { loginHost })}
        okText={t("hpc.hostKey.save")}
        submitTestId="hpc-host-key-submit"
        resetOnSuccess
        submitOnEnter
        onCancel={() => setPasting(false)}
        onSubmit={async ({ fingerprint }) => {
          await recorded(fingerprint.trim());
          setPasting(false);
        }}
      >
        <Form.Item
          name="fingerprint"
          label={t("hpc.hostKey.label")}
          extra={t("hpc.hostKey.pasteHint")}
          rules={[zodRule(hostKeyBody.shape.fingerprint, t)]}
        >
          <Input autoComplete="off" placeholder="SHA256:…" data-testid="hpc-host-key-input" />
        </Form.Item>
      </FormDialog>
    </Space>
  );
}
