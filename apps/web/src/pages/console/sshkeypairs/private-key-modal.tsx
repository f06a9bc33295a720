// The private key of a created pair exists in the browser only while this dialog is open: the
// server does not keep it, so it can never be shown again.
import type { KeyPairCreated } from "@skyledger/contracts";
import { Alert, Button, Modal, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { saveBlob } from "../../../lib/save-blob";

export function PrivateKeyModal({ created, onClose }: { created: KeyPairCreated; onClose(): void }) {
  const { t } = useTranslation();
  const download = () =>
    saveBlob(new Blob([created.privateKey], { type: "application/x-pem-file" }), `${created.name}.pem`);

  return (
    <Modal
      open
      title={t("keypairs.privateKey.title", { name: created.name })}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width={720}
      footer={[
        <Button key="download" onClick={download} data-testid="keypair-download">
          {t("keypairs.privateKey.download", { file: `${created.name}.pem` })}
        </Button>,
        <Button key="close" type="primary" onClick={onClose} data-testid="keypair-private-key-close">
          {t("keypairs.privateKey.close")}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: "100%" }}>
        <Alert type="warning" showIcon title={t("keypairs.privateKey.warning")} />
        <Typography.Text type="secondary">
          {t("keypairs.fields.fingerprint")}: <Typography.Text code>{created.fingerprint}</Typography.Text>
        </Typography.Text>
        <Typography.Paragraph
          copyable={{ text: created.privateKey }}
          style={{
            whiteSpace: "pre",
            fontFamily: "monospace",
            fontSize: 12,
            maxHeight: 320,
            overflow: "auto",
          }}
          data-testid="keypair-private-key"
        >
          {created.privateKey}
        </Typography.Paragraph>
      </Space>
    </Modal>
  );
}
