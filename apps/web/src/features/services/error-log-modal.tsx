// The error log of a host that failed to be created or fell into error, read from its detail.
import { Modal, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useHostErrorLog } from "./services-api";

export function ErrorLogModal({ hostId, onClose }: { hostId: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const detail = useHostErrorLog(hostId);
  return (
    <Modal
      open={hostId !== null}
      title={t("services.host.errorLogTitle", { name: detail.data?.name ?? "" })}
      onCancel={onClose}
      footer={null}
      width={680}
      destroyOnHidden
    >
      {detail.isPending ? <Skeleton active /> : <ErrorLogText text={detail.data?.errorLog ?? null} />}
    </Modal>
  );
}

export function ErrorLogText({ text }: { text: string | null }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph
      style={{
        whiteSpace: "pre-wrap",
        fontFamily: "monospace",
        fontSize: 12,
        background: "#fafafa",
        padding: 12,
        marginBottom: 0,
      }}
      data-testid="host-error-log"
    >
      {text || t("services.host.noErrorLog")}
    </Typography.Paragraph>
  );
}
