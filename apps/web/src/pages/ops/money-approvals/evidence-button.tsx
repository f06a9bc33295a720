// The evidence of a manual recharge for the approver: an image is shown in a preview (fetched
// through the signed client: a plain <img src> could not sign), a PDF is downloaded.
import { FileSearchOutlined } from "@ant-design/icons";
import { isImageType } from "@skyledger/contracts";
import { Button, Image, Modal } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchEvidence } from "../../../features/finance/finance-api";
import { saveBlob } from "../../../lib/save-blob";

type Props = { fileId: string; name: string | null; contentType: string | null; testId: string };

export function EvidenceButton({ fileId, name, contentType, testId }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const open = async () => {
    setBusy(true);
    try {
      const blob = await fetchEvidence(fileId);
      if (contentType && isImageType(contentType)) setUrl(URL.createObjectURL(blob));
      else saveBlob(blob, name ?? "evidence");
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<FileSearchOutlined />}
        loading={busy}
        onClick={() => void open().catch(() => {})}
        data-testid={testId}
      >
        {name ?? t("finance.approvals.evidence")}
      </Button>
      <Modal
        open={url !== null}
        title={t("finance.approvals.evidenceTitle", { name: name ?? "" })}
        footer={null}
        onCancel={() => setUrl(null)}
        width={720}
      >
        {url && (
          <Image
            src={url}
            preview={false}
            alt={name ?? ""}
            style={{ maxWidth: "100%" }}
            data-testid={`${testId}-image`}
          />
        )}
      </Modal>
    </>
  );
}
