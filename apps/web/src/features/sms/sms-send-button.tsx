import type { SmsPurpose } from "@skyledger/contracts";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SMS_RESEND_SECONDS, type SmsSendRequest, sendSmsCode } from "./sms-api";
import { useCountdown } from "./use-countdown";

type Props = {
  purpose: SmsPurpose;
  /** Validates the fields the code depends on and returns them, or null to stay put. */
  collect(): Promise<Omit<SmsSendRequest, "purpose"> | null>;
  onSent?: () => void;
  /** Called when the server refused (wrong picture code, too soon…): the caller refreshes the captcha. */
  onFailed?: () => void;
  testId?: string;
};

export function SmsSendButton({ purpose, collect, onSent, onFailed, testId }: Props) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const fields = await collect().catch(() => null);
    if (!fields) return;
    setSending(true);
    try {
      const result = await sendSmsCode({ ...fields, purpose });
      countdown.start(result.resendAfterSeconds || SMS_RESEND_SECONDS);
      onSent?.();
    } catch {
      onFailed?.();
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={() => void send()} loading={sending} disabled={countdown.running} data-testid={testId}>
      {countdown.running ? t("sms.resendIn", { seconds: countdown.left }) : t("sms.send")}
    </Button>
  );
}
