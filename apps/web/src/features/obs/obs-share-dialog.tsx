// A share link of one object: valid for an hour, a day or seven days; once made, its URL and when
// it expires, with a copy button. Anyone holding the link downloads the object until then.
import type { ShareLink } from "@skyledger/contracts";
import { Alert, Button, Descriptions, Modal, Radio, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { obsApi } from "./obs-api";

export const SHARE_EXPIRIES = { hour: 3600, day: 86_400, week: 7 * 86_400 } as const;
type Expiry = keyof typeof SHARE_EXPIRIES;

type Props = { bucketId: string; objectKey: string; onClose(): void };

export function ShareDialog({ bucketId, objectKey, onClose }: Props) {
  const { t } = useTranslation();
  const [expiry, setExpiry] = useState<Expiry>("day");
  const [link, setLink] = useState<ShareLink | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      setLink(await obsApi.share(bucketId, { key: objectKey, expiresSeconds: SHARE_EXPIRIES[expiry] }));
    } catch {
      // The client showed the refusal; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t("obs.share.title", { name: objectKey.split("/").pop() })}
      onCancel={onClose}
      width={640}
      footer={
        link ? (
          <Button type="primary" onClick={onClose} data-testid="obs-share-close">
            {t("obs.share.close")}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>{t("common.cancel")}</Button>
            <Button type="primary" loading={busy} onClick={() => void make()} data-testid="obs-share-ok">
              {t("obs.share.ok")}
            </Button>
          </Space>
        )
      }
    >
      {link ? (
        <Space orientation="vertical" style={{ width: "100%" }} data-testid="obs-share-link">
          <Alert type="warning" showIcon title={t("obs.share.warning")} />
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              {
                key: "url",
                label: t("obs.share.url"),
                children: (
                  <Typography.Text code copyable data-testid="obs-share-url">
                    {link.url}
                  </Typography.Text>
                ),
              },
              {
                key: "expires",
                label: t("obs.share.expiresAt"),
                children: <span data-testid="obs-share-expires">{formatDateTime(link.expiresAt)}</span>,
              },
            ]}
          />
        </Space>
      ) : (
        <Space orientation="vertical">
          <Typography.Text>{t("obs.share.expiry")}</Typography.Text>
          <Radio.Group
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            optionType="button"
            data-testid="obs-share-expiry"
          >
            {(Object.keys(SHARE_EXPIRIES) as Expiry[]).map((k) => (
              <Radio key={k} value={k} data-testid={`obs-share-expiry-${k}`}>
                {t(`obs.share.expiries.${k}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Space>
      )}
    </Modal>
  );
}
