// The API access key's secret, shown once (components/key-secret-modal.tsx), with a CSV download.
import type { AccessKeyCreated } from "@skyledger/contracts";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { KeySecretModal } from "../../../components/key-secret-modal";
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
    <KeySecretModal
      accessKeyId={created.accessKeyId}
      secret={created.secretAccessKey}
      texts={{
        title: t("profile.accessKeys.secret.title"),
        warning: t("profile.accessKeys.secret.warning"),
        id: t("profile.accessKeys.secret.id"),
        secret: t("profile.accessKeys.secret.secret"),
        close: t("profile.accessKeys.secret.close"),
      }}
      testId="accesskey-secret"
      extraButtons={[
        <Button key="csv" onClick={download} data-testid="accesskey-secret-csv">
          {t("profile.accessKeys.secret.csv")}
        </Button>,
      ]}
      onClose={onClose}
    />
  );
}
