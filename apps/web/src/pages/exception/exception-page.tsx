// The error pages of spec §2/§8: each says what happened and what to do, with a way back.
import { useQueryClient } from "@tanstack/react-query";
import { Button, Result, type ResultProps } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { logout } from "../../features/auth/auth-api";
import { hasSession } from "../../lib/session";
import { reloadPublicConfig, usePublicConfig } from "../../lib/system-config";
import { MaintenanceNotice } from "./maintenance-notice";

export type ExceptionKind = "403" | "404" | "426" | "429" | "tokenError" | "unavailable" | "license";

const STATUS: Record<ExceptionKind, ResultProps["status"]> = {
  "403": "403",
  "404": "404",
  "426": "warning",
  "429": "warning",
  tokenError: "500",
  unavailable: "500",
  license: "warning",
};

export function ExceptionPage({ kind }: { kind: ExceptionKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { values } = usePublicConfig();
  const contact = values.get("system.contact.number");
  const loggedIn = hasSession();

  const home = () => void navigate("/", { replace: true });
  const reload = (path: string) => globalThis.location.assign(path);
  const relogin = async () => {
    await logout();
    queryClient.clear();
    await navigate("/login", { replace: true });
  };
  const retryConfig = async () => {
    await reloadPublicConfig();
    home();
  };

  const primary: Record<ExceptionKind, { label: string; onClick(): void }> = {
    "403": loggedIn
      ? { label: "exception.toConsole", onClick: home }
      : { label: "common.backToLogin", onClick: () => void relogin() },
    "404": { label: loggedIn ? "exception.toConsole" : "exception.toHome", onClick: home },
    "426": { label: "common.reload", onClick: () => reload("/") },
    "429": {
      label: "exception.tryAgain",
      onClick: () => (globalThis.history.length > 1 ? void navigate(-1) : home()),
    },
    tokenError: { label: "common.retry", onClick: () => void retryConfig() },
    unavailable: { label: "common.retry", onClick: () => reload("/") },
    license: { label: "common.retry", onClick: () => reload("/") },
  };
  const action = primary[kind];
  const subtitle = [
    t(`exception.${kind}.description`),
    contact ? t("exception.contact", { phone: contact }) : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <main
      style={{
        minHeight: "100vh",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        padding: 24,
      }}
    >
      <Result
        status={STATUS[kind]}
        title={t(`exception.${kind}.title`)}
        subTitle={subtitle}
        data-testid={`exception-${kind}`}
        {...(kind === "unavailable" ? { children: <MaintenanceNotice onEnded={home} /> } : {})}
        extra={[
          <Button key="primary" type="primary" onClick={action.onClick} data-testid="exception-primary">
            {t(action.label)}
          </Button>,
          kind === "403" && loggedIn ? (
            <Button key="relogin" onClick={() => void relogin()} data-testid="exception-relogin">
              {t("exception.relogin")}
            </Button>
          ) : null,
        ]}
      />
    </main>
  );
}
