// The submission's documents for the reviewer: photos are fetched through the signed client and
// shown from object URLs (a plain <img src> could not sign); documents download on demand.
import { FileTextOutlined } from "@ant-design/icons";
import { type IdDocumentType, isImageType, type VerificationFile } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Card, Image, Space, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fileLabelKey } from "../../../features/verification/document-texts";
import { fetchFile } from "../../../features/verification/verification-api";
import { saveBlob } from "../../../lib/save-blob";

function Photo({ file }: { file: VerificationFile }) {
  const { t } = useTranslation();
  const blob = useQuery({
    queryKey: ["verificationFile", file.id],
    queryFn: () => fetchFile(file.id),
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return;
    const objectUrl = URL.createObjectURL(blob.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob.data]);
  if (blob.isError)
    return <Typography.Text type="danger">{t("verification.review.photoFailed")}</Typography.Text>;
  if (!url) return <Spin />;
  return <Image src={url} width={240} alt={file.name} data-testid={`review-photo-${file.role}`} />;
}

function Document({ file }: { file: VerificationFile }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await fetchFile(file.id), file.name);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<FileTextOutlined />}
      loading={busy}
      onClick={() => void download().catch(() => {})}
      data-testid={`review-document-${file.id}`}
    >
      {t("verification.review.download", { name: file.name })}
    </Button>
  );
}

export function ReviewFiles({
  files,
  documentType,
}: {
  files: VerificationFile[];
  /** What the personal photos are pages of: an ID card's sides or a passport's pages. */
  documentType: IdDocumentType;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap align="start" size="middle">
      {files.map((file) => (
        <Card key={file.id} size="small" title={t(fileLabelKey(file.role, documentType))}>
          {isImageType(file.contentType) ? <Photo file={file} /> : <Document file={file} />}
        </Card>
      ))}
    </Space>
  );
}
