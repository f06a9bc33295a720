import type { Locale } from "@skyledger/contracts";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { setLanguage } from "../i18n";

// Language names stay in their own language so a reader of either can find theirs.
const OPTIONS: { label: string; value: Locale }[] = [
  { label: "中文", value: "zh-CN" },
  { label: "English", value: "en-US" },
];

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current: Locale = i18n.language === "en-US" ? "en-US" : "zh-CN";
  return (
    <fieldset
      aria-label={t("common.language")}
      data-testid="language-switch"
      style={{ display: "inline-flex", gap: 2, border: "none", margin: 0, padding: 0, minInlineSize: 0 }}
    >
      {OPTIONS.map((option) => (
        <Button
          key={option.value}
          size="small"
          type={option.value === current ? "primary" : "text"}
          aria-pressed={option.value === current}
          lang={option.value}
          onClick={() => void setLanguage(option.value)}
          data-testid={`language-${option.value}`}
        >
          {option.label}
        </Button>
      ))}
    </fieldset>
  );
}
