// Where the remote login connects, the host key recorded at its first login, and "Forget this key"
// for a host the tenant knows was reinstalled (as `ssh-keygen -R` does): the next login then
// records whatever key it is shown, so the confirmation says so.
import type { WebSshTarget } from "@skyledger/contracts";
import { App, Button, Popconfirm, Typography } from "antd";
import { Trans, useTranslation } from "react-i18next";
import { UserData } from "../../../components/user-data";
import { webSshApi } from "../../../features/webssh/webssh-api";

export function HostKeyLine({
  host,
  address,
  busy,
  onForgotten,
}: {
  host: WebSshTarget;
  address: string;
  /** A login is under way or open: the key stays as it is. */
  busy: boolean;
  onForgotten(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  async function forget() {
    try {
      await webSshApi.forgetHostKey(host.hostId);
      void message.success(t("webssh.forgetKey.done"));
      onForgotten();
    } catch {
      // Shown by the API client.
    }
  }
  return (
    <Typography.Paragraph style={{ marginBottom: 12 }} data-testid="webssh-address">
      <Trans
        i18nKey="webssh.address"
        values={{ address }}
        components={{ address: <UserData>{null}</UserData> }}
      />
      {host.hostKeyFingerprint && (
        <>
          {" "}
          <span data-testid="webssh-host-key">
            {t("webssh.hostKey", { fingerprint: host.hostKeyFingerprint })}
          </span>
          <Popconfirm
            title={t("webssh.forgetKey.confirm")}
            okText={t("webssh.forgetKey.action")}
            cancelText={t("common.cancel")}
            onConfirm={forget}
            okButtonProps={{ "data-testid": "webssh-forget-key-confirm" }}
          >
            <Button type="link" size="small" disabled={busy} data-testid="webssh-forget-key">
              {t("webssh.forgetKey.action")}
            </Button>
          </Popconfirm>
        </>
      )}
    </Typography.Paragraph>
  );
}
