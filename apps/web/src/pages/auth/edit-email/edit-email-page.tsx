// Target of the link mailed to a new e-mail address: the token alone confirms the change.
import { useQuery } from "@tanstack/react-query";
import { Button, Result, Spin, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { confirmEmailChange } from "../../../features/profile/profile-api";
import { ApiError } from "../../../lib/api-client";
import { hasSession } from "../../../lib/session";

const VERIFY_LINK_INVALID = 20004;

function NextStep() {
  const { t } = useTranslation();
  return hasSession() ? (
    <Link to="/info">
      <Button type="primary">{t("account.editEmail.toProfile")}</Button>
    </Link>
  ) : (
    <Link to="/login">
      <Button type="primary">{t("common.backToLogin")}</Button>
    </Link>
  );
}

export function EditEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  // A query rather than an effect: the token is spent once even when the page mounts twice.
  const confirmation = useQuery({
    queryKey: ["emailConfirmation", token],
    queryFn: () => confirmEmailChange(token),
    enabled: token.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  let result: ReactNode;
  if (!token) {
    result = (
      <Result
        status="info"
        title={t("account.editEmail.noTokenTitle")}
        subTitle={t("account.editEmail.noTokenDescription")}
        data-testid="edit-email-result"
        data-status="missing"
        extra={<NextStep />}
      />
    );
  } else if (confirmation.isPending) {
    result = (
      <Result
        icon={<Spin />}
        title={t("profile.editEmail.confirming")}
        data-testid="edit-email-result"
        data-status="confirming"
      />
    );
  } else if (confirmation.isSuccess) {
    result = (
      <Result
        status="success"
        title={t("profile.editEmail.successTitle")}
        subTitle={t("profile.editEmail.successDescription", { email: confirmation.data.email })}
        data-testid="edit-email-result"
        data-status="success"
        extra={<NextStep />}
      />
    );
  } else {
    const error = confirmation.error;
    const invalid = error instanceof ApiError && error.code === VERIFY_LINK_INVALID;
    result = (
      <Result
        status="error"
        title={t(invalid ? "profile.editEmail.invalidTitle" : "profile.editEmail.failedTitle")}
        subTitle={invalid ? t("profile.editEmail.invalidDescription") : error.message}
        data-testid="edit-email-result"
        data-status={invalid ? "invalid" : "failed"}
        extra={
          invalid ? (
            <NextStep />
          ) : (
            <Button type="primary" onClick={() => void confirmation.refetch()}>
              {t("profile.editEmail.retry")}
            </Button>
          )
        }
      />
    );
  }

  return (
    <AuthLayout title={t("account.editEmail.title")} width={560}>
      {result}
      <Typography.Paragraph type="secondary">{t("account.editEmail.steps")}</Typography.Paragraph>
    </AuthLayout>
  );
}
