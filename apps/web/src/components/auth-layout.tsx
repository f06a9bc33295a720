import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitch } from "../app/language-switch";
import { usePublicConfig } from "../lib/system-config";

const safeLogo = (value: string) =>
  /^data:image\/(png|jpe?g|gif|svg\+xml|webp);base64,/i.test(value) ? value : "";

type Props = { title: string; subtitle?: ReactNode; width?: number; children: ReactNode };

/** Frame of the public pages: brand, language switch, one card, provider contact. */
export function AuthLayout({ title, subtitle, width = 420, children }: Props) {
  const { t } = useTranslation();
  const { values } = usePublicConfig();
  const systemName = values.get("system.name") || t("common.appName");
  const logo = safeLogo(values.get("logo.large") || values.get("logo.small"));
  const contact = values.get("system.contact.number");
  const version = values.get("system.version");

  return (
    <div style={{ minHeight: "100vh", display: "flex", flexDirection: "column", background: "#f3f6fb" }}>
      <header style={{ display: "flex", alignItems: "center", gap: 12, padding: "16px 24px" }}>
        <Link to="/login" className="sl-brand" style={{ display: "flex", alignItems: "center", gap: 8 }}>
          {logo && <img src={logo} alt="" style={{ height: 32, maxWidth: 160, objectFit: "contain" }} />}
          <span data-testid="system-name" style={{ fontSize: 18, fontWeight: 600 }}>
            {systemName}
          </span>
        </Link>
        <div style={{ flex: 1 }} />
        <LanguageSwitch />
      </header>
      <main
        style={{
          flex: 1,
          display: "flex",
          justifyContent: "center",
          alignItems: "flex-start",
          padding: "4vh 16px",
        }}
      >
        <section
          aria-labelledby="auth-title"
          style={{
            width: "100%",
            maxWidth: width,
            background: "#fff",
            borderRadius: 8,
            boxShadow: "0 2px 12px rgba(0,0,0,0.06)",
            padding: "32px 32px 24px",
          }}
        >
          {/* Plain elements: antd Typography would add its tooltip and copy machinery to the login page. */}
          <h1 id="auth-title" style={{ margin: "0 0 8px", fontSize: 24, fontWeight: 600 }}>
            {title}
          </h1>
          {subtitle && <p style={{ margin: "0 0 24px", color: "rgba(0,0,0,0.55)" }}>{subtitle}</p>}
          {children}
        </section>
      </main>
      <footer style={{ textAlign: "center", padding: 16, color: "rgba(0,0,0,0.45)", fontSize: 12 }}>
        {contact && <span>{t("common.contact", { phone: contact })}</span>}
        {contact && version && <span> · </span>}
        {version && <span>{t("common.version", { version })}</span>}
      </footer>
    </div>
  );
}
