// Uploading files into the folder shown: each chosen file goes up in turn with its own progress
// bar. A file over the console's 100 MB limit, or whose name breaks the key rules, is refused
// before anything is sent (S3 tools with the access keys have no such limit).
import { MAX_OBJECT_UPLOAD_BYTES, objectKeyProblem } from "@skyledger/contracts";
import { Alert, Button, List, Modal, Progress, Space, Typography } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { obsApi } from "./obs-api";
import { humanBytes } from "./obs-format";

type Item = {
  name: string;
  size: number;
  percent: number;
  state: "waiting" | "sending" | "done" | "refused";
  reason?: string;
};

type Props = { bucketId: string; prefix: string; onClose(): void };

export function UploadDialog({ bucketId, prefix, onClose }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  const patch = (index: number, change: Partial<Item>) =>
    setItems((all) => all.map((item, i) => (i === index ? { ...item, ...change } : item)));

  const refusalOf = (file: File): string | undefined => {
    if (file.size > MAX_OBJECT_UPLOAD_BYTES)
      return t("obs.upload.tooLarge", { max: humanBytes(MAX_OBJECT_UPLOAD_BYTES) });
    const problem = objectKeyProblem(prefix + file.name);
    return problem ? t(problem) : undefined;
  };

  const start = async (files: File[]) => {
    const offset = items.length;
    const added: Item[] = files.map((f) => {
      const reason = refusalOf(f);
      return {
        name: f.name,
        size: f.size,
        percent: 0,
        state: reason ? "refused" : "waiting",
        ...(reason ? { reason } : {}),
      };
    });
    setItems((all) => [...all, ...added]);
    setBusy(true);
    try {
      for (const [i, file] of files.entries()) {
        if (added[i]!.state === "refused") continue;
        const index = offset + i;
        patch(index, { state: "sending" });
        try {
          await obsApi.upload(bucketId, prefix + file.name, file, (sent, total) =>
            patch(index, { percent: total > 0 ? Math.floor((sent / total) * 100) : 0 }),
          );
          patch(index, { state: "done", percent: 100 });
        } catch (error) {
          patch(index, {
            state: "refused",
            reason: error instanceof ApiError ? error.message : t("obs.upload.failed"),
          });
        }
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t("obs.upload.title", { folder: prefix || "/" })}
      onCancel={onClose}
      maskClosable={!busy}
      footer={
        <Button type="primary" onClick={onClose} disabled={busy} data-testid="obs-upload-close">
          {t("obs.upload.close")}
        </Button>
      }
      width={640}
    >
      <Space orientation="vertical" style={{ width: "100%" }}>
        <Typography.Paragraph type="secondary">
          {t("obs.upload.hint", { max: humanBytes(MAX_OBJECT_UPLOAD_BYTES) })}
        </Typography.Paragraph>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            if (files.length > 0) void start(files);
          }}
          data-testid="obs-upload-input"
        />
        <Button onClick={() => input.current?.click()} disabled={busy} data-testid="obs-upload-choose">
          {t("obs.upload.choose")}
        </Button>
        {items.length > 0 && (
          <List
            size="small"
            dataSource={items}
            renderItem={(item) => (
              <List.Item data-testid={`obs-upload-item-${item.name}`}>
                <Space orientation="vertical" style={{ width: "100%" }} size={2}>
                  <Typography.Text>
                    {item.name} · {humanBytes(item.size)}
                  </Typography.Text>
                  {item.state === "refused" ? (
                    <Alert
                      type="error"
                      showIcon
                      title={item.reason}
                      data-testid={`obs-upload-refused-${item.name}`}
                    />
                  ) : (
                    <Progress
                      percent={item.percent}
                      status={
                        item.state === "done" ? "success" : item.state === "sending" ? "active" : "normal"
                      }
                      data-testid={`obs-upload-progress-${item.name}`}
                    />
                  )}
                </Space>
              </List.Item>
            )}
          />
        )}
      </Space>
    </Modal>
  );
}
