// Resetting a database's password: a confirmation, then the new password in a dialog that shows it
// this once (the server keeps it sealed and never answers it again), with a copy button.
import type { RdsInstance, RdsPasswordReset } from "@skyledger/contracts";
import { Alert, Button, Modal, Popconfirm, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { rdsApi } from "./rds-api";
import { rdsActionEnabled } from "./rds-state";

export function PasswordResetButton({ db, compact }: { db: RdsInstance; compact?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<RdsPasswordReset | null>(null);
  const enabled = rdsActionEnabled("resetPassword", db);

  const reset = async () => {
    setBusy(true);
    try {
      setShown(await rdsApi.resetPassword(db.id));
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Popconfirm
        title={t("rds.reset.confirm", { name: db.name })}
        okText={t("rds.reset.action")}
        cancelText={t("common.cancel")}
        okButtonProps={{ "data-testid": `rds-reset-${db.name}-confirm` }}
        onConfirm={() => reset()}
        disabled={!enabled}
      >
        <Button
          {...(compact ? { type: "link", size: "small" } : {})}
          disabled={!enabled}
          loading={busy}
          data-testid={`rds-reset-${db.name}`}
        >
          {t("rds.reset.action")}
        </Button>
      </Popconfirm>
      <Modal
        open={shown !== null}
        title={t("rds.reset.title", { name: db.name })}
        onCancel={() => setShown(null)}
        footer={<Button onClick={() => setShown(null)}>{t("rds.reset.done")}</Button>}
      >
        <Alert type="warning" showIcon message={t("rds.reset.once")} style={{ marginBottom: 12 }} />
        <Typography.Paragraph>
          {t("rds.fields.username")}: <Typography.Text code>{shown?.username}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>
          {t("rds.fields.password")}:{" "}
          <Typography.Text code copyable data-testid="rds-new-password">
            {shown?.password}
          </Typography.Text>
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
