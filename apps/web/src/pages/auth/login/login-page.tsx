import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { Button } from "antd";
// Direct module imports: antd's `Input` barrel attaches TextArea, Search and OTP, and antd's Form
// brings its validator and tooltip machinery; the login page is the app's first download, so its
// two fields are validated by hand.
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { login } from "../../../features/auth/auth-api";
import { ApiError } from "../../../lib/api-client";

type Field = "account" | "password";
type Errors = Partial<Record<Field, string>>;

/** Only same-site paths are followed after login, never another origin. */
function safeRedirect(value: string | null): string | null {
  return value?.startsWith("/") && !value.startsWith("//") ? value : null;
}

function FieldError({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <div id={id} role="alert" style={{ color: "#ff4d4f", fontSize: 13, marginTop: 4 }}>
      {text}
    </div>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {};
    if (!account.trim()) missing.account = t("auth.login.accountRequired");
    if (!password) missing.password = t("auth.login.passwordRequired");
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;

    setSubmitting(true);
    try {
      const result = await login(account, password);
      if (!result.loginNotFirstFlag) await navigate("/firstLogin", { replace: true });
      else await navigate(safeRedirect(params.get("redirect")) ?? (result.landing || "/"), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.kind === "validation") {
        const next: Errors = {};
        for (const field of error.fields) {
          if (field.path === "account" || field.path === "password") next[field.path] = field.message;
        }
        setErrors(next);
      }
      setPassword("");
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t("auth.login.title")} subtitle={t("auth.login.subtitle")}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t("auth.login.title")}>
        <div style={{ marginBottom: 20 }}>
          <label htmlFor="login-account" style={{ display: "block", marginBottom: 6 }}>
            {t("auth.login.account")}
          </label>
          <Input
            id="login-account"
            name="account"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
            prefix={<UserOutlined />}
            autoComplete="username"
            maxLength={128}
            placeholder={t("auth.login.accountPlaceholder")}
            status={errors.account ? "error" : undefined}
            aria-invalid={Boolean(errors.account)}
            aria-describedby={errors.account ? "login-account-error" : undefined}
            size="large"
            data-testid="login-account"
          />
          <FieldError id="login-account-error" text={errors.account} />
        </div>
        <div style={{ marginBottom: 24 }}>
          <label htmlFor="login-password" style={{ display: "block", marginBottom: 6 }}>
            {t("auth.login.password")}
          </label>
          <Password
            id="login-password"
            name="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            prefix={<LockOutlined />}
            autoComplete="current-password"
            maxLength={64}
            placeholder={t("auth.login.passwordPlaceholder")}
            status={errors.password ? "error" : undefined}
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? "login-password-error" : undefined}
            size="large"
            data-testid="login-password"
          />
          <FieldError id="login-password-error" text={errors.password} />
        </div>
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={submitting}
          data-testid="login-submit"
        >
          {t("auth.login.submit")}
        </Button>
      </form>
      <div style={{ display: "flex", justifyContent: "space-between", marginTop: 16 }}>
        <Link to="/register" data-testid="login-register-link">
          {t("auth.login.register")}
        </Link>
        <Link to="/retrieve" data-testid="login-forgot-link">
          {t("auth.login.forgot")}
        </Link>
      </div>
    </AuthLayout>
  );
}
