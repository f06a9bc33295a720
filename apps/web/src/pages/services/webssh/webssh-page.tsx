// /webssh?host=<id> (CB01): remote login to a cloud host in the browser, opened in a new tab from
// the host's row or detail page. The page says where it connects (the host's address, or for a
// simulated host the operator's stand-in SSH server) or plainly why it cannot (a simulated host
// without a stand-in has no SSH server; a stopped host); then the login form, and the terminal.
import type { WebSshLoginBody, WebSshTicket } from "@skyledger/contracts";
import { Alert, Button, Card, Space, Typography } from "antd";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { TerminalScreen, useBrowserTerminal } from "../../../components/terminal/browser-terminal";
import { UserData } from "../../../components/user-data";
import { LoginForm } from "../../../features/webssh/login-form";
import { useWebSshTarget, webSshApi } from "../../../features/webssh/webssh-api";
import { HostKeyLine } from "./host-key-line";

export function WebSshPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const hostId = params.get("host") ?? "";
  const target = useWebSshTarget(hostId);
  const host = target.data;
  const [ticket, setTicket] = useState<WebSshTicket | null>(null);
  const terminal = useBrowserTerminal({
    idle: t("webssh.status.idle"),
    closed: t("webssh.status.closed"),
    // The login user is what the person typed, the address the host's or the operator's.
    connected: (user, address) => (
      <Trans
        i18nKey="webssh.status.connected"
        values={{ user, host: address }}
        components={{ user: <UserData>{null}</UserData>, host: <UserData>{null}</UserData> }}
      />
    ),
  });

  async function login(body: WebSshLoginBody) {
    if (!terminal.begin(t("webssh.status.connecting"))) return;
    try {
      const got = await webSshApi.login(hostId, body);
      setTicket(got);
      terminal.attach(got);
      void target.refetch();
    } catch (err) {
      terminal.fail(err instanceof Error ? err.message : String(err));
      throw err;
    }
  }

  const connected = terminal.status.kind === "connected";
  if (!hostId) return <Alert type="info" showIcon title={t("webssh.noHost")} data-testid="webssh-no-host" />;
  return (
    <Space orientation="vertical" size={12} style={{ width: "100%" }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {host ? (
          <Trans
            i18nKey="webssh.titleOf"
            values={{ name: host.name }}
            components={{ name: <UserData>{null}</UserData> }}
          />
        ) : (
          t("webssh.title")
        )}
      </Typography.Title>
      {host?.simulated && host.address && (
        <Alert
          type="warning"
          showIcon
          title={t("webssh.simulated.title")}
          description={t("webssh.simulated.standIn", { address: host.address })}
          data-testid="webssh-simulated"
        />
      )}
      {host?.unavailable && (
        <Alert type="error" showIcon title={host.unavailable} data-testid="webssh-unavailable" />
      )}
      {host?.address && (
        <Card size="small">
          <HostKeyLine
            host={host}
            address={host.address}
            busy={terminal.live}
            onForgotten={() => void target.refetch()}
          />
          {ticket?.hostKeyFirstSeen && connected && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={t("webssh.hostKeyFirstUse", { fingerprint: ticket.hostKeyFingerprint })}
              data-testid="webssh-host-key-first"
            />
          )}
          {connected ? (
            <Button onClick={terminal.disconnect} data-testid="webssh-disconnect">
              {t("webssh.disconnect")}
            </Button>
          ) : (
            <LoginForm onLogin={login} disabled={terminal.live} />
          )}
        </Card>
      )}
      {host?.address && <TerminalScreen terminal={terminal} testId="webssh" />}
    </Space>
  );
}
