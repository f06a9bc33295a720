import { Button, Result, Segmented } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { EmailResetForm } from "./email-reset-form";
import { PhoneResetForm } from "./phone-reset-form";

type By = "phone" | "email";
type Outcome = { kind: "reset" } | { kind: "sent"; email: string } | null;

export function RetrievePasswordPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const by: By = params.get("by") === "email" ? "email" : "phone";
  const [outcome, setOutcome] = useState<Outcome>(null);

  const toLogin = (
    <Link to="/login" key="login">
      <Button type="primary">{t("common.backToLogin")}</Button>
    </Link>
  );

  return (
    <AuthLayout title={t("account.retrievePassword.title")} width={480}>
      {outcome?.kind === "reset" && (
        <Result
          status="success"
          title={t("account.retrievePassword.resetDone")}
          subTitle={t("account.retrievePassword.resetDoneHint")}
          extra={toLogin}
          data-testid="retrieve-done"
        />
      )}
      {outcome?.kind === "sent" && (
        <Result
          status="success"
          title={t("account.retrievePassword.linkSent")}
          subTitle={t("account.retrievePassword.linkSentHint", { email: outcome.email })}
          extra={toLogin}
          data-testid="retrieve-link-sent"
        />
      )}
      {!outcome && (
        <>
          <Segmented<By>
            block
            value={by}
            onChange={(value) => setParams({ by: value }, { replace: true })}
            options={[
              { value: "phone", label: t("account.retrieve.byPhone") },
              { value: "email", label: t("account.retrieve.byEmail") },
            ]}
            style={{ marginBottom: 24 }}
            aria-label={t("account.retrieve.title")}
            data-testid="retrieve-method"
          />
          {by === "phone" ? (
            <PhoneResetForm onDone={() => setOutcome({ kind: "reset" })} />
          ) : (
            <EmailResetForm onSent={(email) => setOutcome({ kind: "sent", email })} />
          )}
          <p style={{ marginTop: 16, textAlign: "center" }}>
            <Link to="/login">{t("common.backToLogin")}</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
