// The secret exists in the browser only while this dialog is open: it is never fetched again.
import type { AccessKeyCreated } from "@skyledger/contracts";
import { Alert, Button, Descriptions, Modal, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { secretCsv } from "../../../features/access-keys/access-keys-api";
import { saveBlob } from "../../../lib/save-blob";

export function AccessKeySecretModal({
  created,
  onClose,
}: {
  created: AccessKeyCreated;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const download = () =>
    saveBlob(
      new Blob([secretCsv(created)], { type: "text/csv;charset=utf-8" }),
      `access-key-${created.accessKeyId}.csv`,
    );

  return (
    <Modal
      open
      title={t("profile.accessKeys.secret.title")}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width={640}
      footer={[
        <Button key="csv" onClick={download} data-testid="accesskey-secret-csv">
          {t("profile.accessKeys.secret.csv")}
        </Button>,
        <Button key="close" type="primary" onClick={onClose} data-testid="accesskey-secret-close">
          {t("profile.accessKeys.secret.close")}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: "100%" }} data-testid="accesskey-secret">
        <Alert type="warning" showIcon title={t("profile.accessKeys.secret.warning")} />
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            {
              key: "id",
              label: t("profile.accessKeys.secret.id"),
              children: (
                <Typography.Text code copyable data-testid="accesskey-secret-id">
                  {created.accessKeyId}
                </Typography.Text>
              ),
            },
            {
              key: "secret",
              label: t("profile.accessKeys.secret.secret"),
              children: (
                <Typography.Text code copyable data-testid="accesskey-secret-value">
                  {created.secretAccessKey}
                </Typography.Text>
              ),
            },
          ]}
        />
      </Space>
    </Modal>
  );
}
