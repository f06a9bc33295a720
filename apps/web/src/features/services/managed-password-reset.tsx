// Resetting a managed service's password (a database, a cache or message-queue instance): a confirmation, then the
// new password in a dialog that shows it this once (the server keeps it sealed and never answers it
// again), with a copy button. `ns` is the service's texts and test ids (`rds`, `dcs`).
import { Alert, Button, Modal, Popconfirm, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export type PasswordShown = { username: string; password: string };

type Props = {
  ns: "rds" | "dcs" | "dms";
  name: string;
  enabled: boolean;
  reset(): Promise<PasswordShown>;
  compact?: boolean | undefined;
};

export function ManagedPasswordReset({ ns, name, enabled, reset, compact }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<PasswordShown | null>(null);

  const run = async () => {
    setBusy(true);
    try {
      setShown(await reset());
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Popconfirm
        title={t(`${ns}.reset.confirm`, { name })}
        okText={t(`${ns}.reset.action`)}
        cancelText={t("common.cancel")}
        okButtonProps={{ "data-testid": `${ns}-reset-${name}-confirm` }}
        onConfirm={() => run()}
        disabled={!enabled}
      >
        <Button
          {...(compact ? { type: "link", size: "small" } : {})}
          disabled={!enabled}
          loading={busy}
          data-testid={`${ns}-reset-${name}`}
        >
          {t(`${ns}.reset.action`)}
        </Button>
      </Popconfirm>
      <Modal
        open={shown !== null}
        title={t(`${ns}.reset.title`, { name })}
        onCancel={() => setShown(null)}
        footer={<Button onClick={() => setShown(null)}>{t(`${ns}.reset.done`)}</Button>}
      >
        <Alert type="warning" showIcon message={t(`${ns}.reset.once`)} style={{ marginBottom: 12 }} />
        <Typography.Paragraph>
          {t(`${ns}.fields.username`)}: <Typography.Text code>{shown?.username}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>
          {t(`${ns}.fields.password`)}:{" "}
          <Typography.Text code copyable data-testid={`${ns}-new-password`}>
            {shown?.password}
          </Typography.Text>
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
