// Spec §4: policyAgreeSign 0 first time, 2 privacy statement changed, 3 user agreement changed,
// 4 both changed. Accepting records the consent; cancelling logs out.
import type { CurrentUser } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Modal, Typography } from "antd";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { NewTabLink } from "../../components/new-tab-link";
import { agreePolicy, currentUserKey } from "../../features/auth/auth-api";
import { session } from "../../lib/session";
import { useSignOut } from "./use-sign-out";

const REASON: Record<number, string> = {
  0: "console.privacy.first",
  2: "console.privacy.privacyChanged",
  3: "console.privacy.agreementChanged",
  4: "console.privacy.bothChanged",
};

export function privacyReasonKey(sign: number): string {
  return REASON[sign] ?? "console.privacy.first";
}

export function PrivacyDialog({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const [busy, setBusy] = useState<"accept" | "cancel" | null>(null);

  const accept = async () => {
    setBusy("accept");
    try {
      await agreePolicy();
      queryClient.setQueryData<CurrentUser>(currentUserKey(session.token()), (old) =>
        old ? { ...old, policyAgreeSign: 1 } : old,
      );
    } catch {
      // The client showed the reason; the dialog stays until the consent is recorded.
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    setBusy("cancel");
    await signOut(user.account);
  };

  return (
    <Modal
      open
      title={t("console.privacy.title")}
      // Above any dialog a page opens by itself (e.g. a purchase form from a link): this one comes first.
      zIndex={1100}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={[
        <Button
          key="cancel"
          onClick={() => void cancel()}
          loading={busy === "cancel"}
          data-testid="privacy-cancel"
        >
          {t("console.privacy.cancel")}
        </Button>,
        <Button
          key="accept"
          type="primary"
          onClick={() => void accept()}
          loading={busy === "accept"}
          data-testid="privacy-accept"
        >
          {t("console.privacy.accept")}
        </Button>,
      ]}
    >
      <div data-testid="privacy-dialog" data-sign={user.policyAgreeSign}>
        <Typography.Paragraph strong>{t(privacyReasonKey(user.policyAgreeSign))}</Typography.Paragraph>
        <Typography.Paragraph>
          <Trans
            i18nKey="console.privacy.body"
            components={{
              agreement: <NewTabLink href="/agreement" />,
              privacy: <NewTabLink href="/privacyStatement" />,
            }}
          />
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t("console.privacy.cancelHint")}</Typography.Paragraph>
      </div>
    </Modal>
  );
}
