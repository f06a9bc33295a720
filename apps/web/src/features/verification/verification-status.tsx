// The organisation's verification state with the spec §4 labels, the review time while pending,
// the reviewer's remark after a rejection and a summary of the latest submission.
import type { AuthInfo } from "@skyledger/contracts";
import { Alert, Button, Card, Descriptions, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { CertificationTag } from "../../components/certification-tag";
import { formatDateTime } from "../../lib/format";

export function VerificationStatus({ info, onResubmit }: { info: AuthInfo; onResubmit?: () => void }) {
  const { t } = useTranslation();
  const status = info.certificationStatus;
  const latest = info.latest;
  return (
    <Card title={t("verification.status.title")} style={{ marginBottom: 16 }}>
      <Space
        orientation="vertical"
        style={{ width: "100%" }}
        data-testid="authent-status"
        data-status={status}
      >
        <CertificationTag status={status} />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="authent-status-hint">
          {t(`verification.status.hint.${status}`)}
        </Typography.Paragraph>
        {status === "authFiled" && info.remark && (
          <Alert
            type="error"
            showIcon
            title={t("verification.status.remark")}
            description={info.remark}
            data-testid="authent-remark"
          />
        )}
        {latest && (
          <Descriptions
            size="small"
            column={{ xs: 1, md: 3 }}
            title={t("verification.status.latest")}
            items={[
              {
                key: "kind",
                label: t("verification.status.kind"),
                children: t(`verification.kind.${latest.kind}`),
              },
              ...(latest.kind === "personal"
                ? [
                    {
                      key: "documentType",
                      label: t("verification.documentType.label"),
                      children: t(`verification.documentType.${latest.documentType}`),
                    },
                  ]
                : []),
              {
                key: "submitted",
                label: t("verification.status.submittedAt"),
                children: formatDateTime(latest.submittedAt),
              },
              {
                key: "reviewed",
                label: t("verification.status.reviewedAt"),
                children: formatDateTime(latest.reviewedAt),
              },
            ]}
          />
        )}
        {!info.canSubmit && (status === "noAuth" || status === "authFiled") && (
          <Typography.Text type="secondary" data-testid="authent-read-only">
            {t("verification.status.readOnly")}
          </Typography.Text>
        )}
        {onResubmit && (
          <Button type="primary" onClick={onResubmit} data-testid="authent-resubmit">
            {t("verification.status.resubmit")}
          </Button>
        )}
      </Space>
    </Card>
  );
}
