// A new key's secret, shown once: the dialog cannot be dismissed by a stray click, and the secret
// exists in the browser only while it is open (it is never fetched again). API access keys and
// object storage's S3 keys both show theirs here, each with its own texts and test ids.
import { Alert, Button, Descriptions, Modal, Space, Typography } from "antd";
import type { ReactNode } from "react";

type Props = {
  accessKeyId: string;
  secret: string;
  texts: { title: string; warning: string; id: string; secret: string; close: string };
  /** `<testId>`, `<testId>-id`, `<testId>-value` and `<testId>-close`. */
  testId: string;
  /** Buttons before the close button (a download of the secret). */
  extraButtons?: ReactNode[];
  onClose(): void;
};

export function KeySecretModal({ accessKeyId, secret, texts, testId, extraButtons = [], onClose }: Props) {
  const shown = (value: string, what: string) => (
    <Typography.Text code copyable data-testid={`${testId}-${what}`}>
      {value}
    </Typography.Text>
  );
  return (
    <Modal
      open
      title={texts.title}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      width={640}
      footer={[
        ...extraButtons,
        <Button key="close" type="primary" onClick={onClose} data-testid={`${testId}-close`}>
          {texts.close}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: "100%" }} data-testid={testId}>
        <Alert type="warning" showIcon title={texts.warning} />
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: "id", label: texts.id, children: shown(accessKeyId, "id") },
            { key: "secret", label: texts.secret, children: shown(secret, "value") },
          ]}
        />
      </Space>
    </Modal>
  );
}
