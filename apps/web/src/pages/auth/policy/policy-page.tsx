import type { PolicyKind } from "@skyledger/contracts";
import { Button, Result, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { usePolicyDocument } from "../../../features/config/policy-api";
import { formatDateTime } from "../../../lib/format";

const TITLES: Record<PolicyKind, string> = {
  agreement: "account.policy.agreementTitle",
  privacy: "account.policy.privacyTitle",
};

function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const policy = usePolicyDocument(kind);
  const content = policy.data
    ? i18n.language === "en-US"
      ? policy.data.contentEn
      : policy.data.contentZh
    : "";
  // Opened in a new tab from a dialog or form, there is no page to go back to: close it or log in.
  const back = () => (globalThis.history.length > 1 ? void navigate(-1) : void navigate("/login"));

  return (
    <AuthLayout title={t(TITLES[kind])} width={860}>
      {policy.isPending && <Skeleton active paragraph={{ rows: 12 }} />}
      {policy.isError && (
        <Result
          status="warning"
          title={t("account.policy.loadFailed")}
          extra={<Button onClick={() => void policy.refetch()}>{t("common.retry")}</Button>}
        />
      )}
      {policy.data && (
        <article data-testid={`policy-${kind}`}>
          <Typography.Paragraph type="secondary">
            {t("account.policy.meta", {
              version: policy.data.version,
              date: formatDateTime(policy.data.publishedAt),
            })}
          </Typography.Paragraph>
          {/* Plain text rendered as text: line breaks kept, markup never interpreted. */}
          <div style={{ whiteSpace: "pre-wrap", lineHeight: 1.8, maxHeight: "60vh", overflow: "auto" }}>
            {content}
          </div>
        </article>
      )}
      <div style={{ marginTop: 24 }}>
        <Button onClick={back}>{t("common.back")}</Button>
      </div>
    </AuthLayout>
  );
}

export const AgreementPage = () => <PolicyPage kind="agreement" />;
export const PrivacyStatementPage = () => <PolicyPage kind="privacy" />;
