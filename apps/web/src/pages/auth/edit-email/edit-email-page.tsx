// Target of the link sent to confirm a changed e-mail address. The confirmation endpoint does not
// exist yet, so this page explains the procedure instead of pretending the change went through.
import { Button, Result, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { usePublicConfig } from "../../../features/config/system-config";
import { hasSession } from "../../../lib/session";
import { AuthLayout } from "../auth-layout";

export function EditEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { values } = usePublicConfig();
  const hasToken = Boolean(params.get("token"));
  const contact = values.get("system.contact.number");

  return (
    <AuthLayout title={t("account.editEmail.title")} width={560}>
      <Result
        status="info"
        title={t(hasToken ? "account.editEmail.pendingTitle" : "account.editEmail.noTokenTitle")}
        subTitle={t(
          hasToken ? "account.editEmail.pendingDescription" : "account.editEmail.noTokenDescription",
        )}
        data-testid="edit-email-result"
        extra={
          <Space>
            {hasSession() ? (
              <Link to="/info">
                <Button type="primary">{t("account.editEmail.toProfile")}</Button>
              </Link>
            ) : (
              <Link to="/login">
                <Button type="primary">{t("common.backToLogin")}</Button>
              </Link>
            )}
          </Space>
        }
      />
      <Typography.Paragraph type="secondary">{t("account.editEmail.steps")}</Typography.Paragraph>
      {contact && (
        <Typography.Paragraph type="secondary">
          {t("account.editEmail.contact", { phone: contact })}
        </Typography.Paragraph>
      )}
    </AuthLayout>
  );
}
