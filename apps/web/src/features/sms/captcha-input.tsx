import { Input, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import type { Captcha } from "./sms-api";

type Props = {
  captcha: Captcha | undefined;
  onRefresh(): void;
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  testId?: string;
};

/** Picture code with its image; clicking the image asks for a new one. */
export function CaptchaInput({ captcha, onRefresh, value, onChange, onBlur, testId }: Props) {
  const { t } = useTranslation();
  return (
    <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        onBlur={onBlur}
        maxLength={16}
        autoComplete="off"
        placeholder={t("sms.captchaPlaceholder")}
        aria-label={t("sms.captcha")}
        data-testid={testId}
      />
      <button
        type="button"
        onClick={onRefresh}
        title={t("sms.captchaRefresh")}
        aria-label={t("sms.captchaRefresh")}
        style={{ padding: 0, border: "none", background: "none", cursor: "pointer", height: 32 }}
      >
        {captcha ? (
          <img src={captcha.image} alt={t("sms.captchaImage")} style={{ height: 32, width: 100 }} />
        ) : (
          <Skeleton.Button active style={{ width: 100 }} />
        )}
      </button>
    </div>
  );
}
