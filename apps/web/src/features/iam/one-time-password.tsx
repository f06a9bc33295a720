// A password the server answers once (a new user's generated password, a reset): shown in a dialog
// with a copy button and never again.

import type { App } from "antd";
import { Alert, Typography } from "antd";
import type { TFunction } from "i18next";

type Shown = { title: string; account: string; password: string; smsSent?: boolean };

export function showOneTimePassword(
  modal: ReturnType<typeof App.useApp>["modal"],
  t: TFunction,
  shown: Shown,
) {
  modal.success({
    title: shown.title,
    width: 520,
    okText: t("iam.password.done"),
    content: (
      <div data-testid="user-password-once">
        <Typography.Paragraph>{t("iam.password.account", { account: shown.account })}</Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: shown.password }} strong>
          <code data-testid="user-password-value">{shown.password}</code>
        </Typography.Paragraph>
        <Alert
          type="warning"
          showIcon
          title={t("iam.password.onceWarning")}
          description={
            shown.smsSent === undefined
              ? undefined
              : t(shown.smsSent ? "iam.password.smsSent" : "iam.password.noSms")
          }
        />
      </div>
    ),
  });
}
