// /hpcv1console (CB17): a shell on the pool's login host in the browser (xterm.js over the
// terminal's WebSocket, SSH on the server as the member's cluster user). Pick a pool (`?pool=`),
// connect and disconnect; the status line says what the server said. A pool whose cluster has no
// login host says so and offers no terminal (the simulated cluster has one only when the operator
// gives it one, e.g. the local sshd the browser tests use).
import { Alert, Button, Select, Space, Typography } from "antd";
import { Trans, useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { TerminalScreen, useBrowserTerminal } from "../../../components/terminal/browser-terminal";
import { UserData } from "../../../components/user-data";
import { hpcApi, useAllPools } from "../../../features/hpc/hpc-api";
import { SimulatedNotice } from "../../../features/hpc/hpc-labels";

export function TerminalPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pools = useAllPools();
  const list = pools.data?.list ?? [];
  const poolId = params.get("pool") ?? list[0]?.id ?? "";
  const pool = list.find((p) => p.id === poolId);
  const terminal = useBrowserTerminal({
    idle: t("hpc.terminal.idle"),
    closed: t("hpc.terminal.closed"),
    // The login host is what the operator typed and the cluster user a name: shown as written.
    connected: (user, host) => (
      <Trans
        i18nKey="hpc.terminal.connected"
        values={{ user, host }}
        components={{ user: <UserData>{null}</UserData>, host: <UserData>{null}</UserData> }}
      />
    ),
  });
  const disconnect = terminal.disconnect;

  async function connect() {
    if (!pool || !terminal.begin(t("hpc.terminal.connecting"))) return;
    try {
      terminal.attach(await hpcApi.openTerminal(pool.id));
    } catch (err) {
      terminal.fail(err instanceof Error ? err.message : String(err));
    }
  }

  const live = terminal.live;
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("hpc.terminal.title")}
      </Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          style={{ minWidth: 280 }}
          value={poolId || undefined}
          placeholder={t("hpc.terminal.pickPool")}
          loading={pools.isLoading}
          // The pool's and the cluster's names are what people named them.
          options={list.map((p) => ({
            value: p.id,
            label: <UserData>{`${p.name} (${p.clusterName})`}</UserData>,
          }))}
          onChange={(id: string) => {
            disconnect();
            setParams({ pool: id });
          }}
          data-testid="hpc-terminal-pool"
        />
        <Button
          type="primary"
          disabled={!pool?.loginHost || live}
          onClick={() => void connect()}
          data-testid="hpc-terminal-connect"
        >
          {t("hpc.terminal.connect")}
        </Button>
        <Button disabled={!live} onClick={disconnect} data-testid="hpc-terminal-disconnect">
          {t("hpc.terminal.disconnect")}
        </Button>
      </Space>
      {pool?.simulated && <SimulatedNotice testId="hpc-terminal-simulated" />}
      {pool && !pool.loginHost && (
        <Alert
          type="info"
          showIcon
          title={t("hpc.terminal.noLoginHost")}
          style={{ marginBottom: 12 }}
          data-testid="hpc-terminal-no-login-host"
        />
      )}
      {!pools.isLoading && list.length === 0 && (
        <Alert type="info" showIcon title={t("hpc.terminal.noPools")} style={{ marginBottom: 12 }} />
      )}
      <TerminalScreen terminal={terminal} testId="hpc-terminal" />
    </>
  );
}
