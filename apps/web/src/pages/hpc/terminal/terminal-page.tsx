// /hpcv1console (CB17): a shell on the pool's login host in the browser (xterm.js over the
// terminal's WebSocket, SSH on the server as the member's cluster user). Pick a pool (`?pool=`),
// connect and disconnect; the status line says what the server said. A pool whose cluster has no
// login host says so and offers no terminal (the simulated cluster has one only when the operator
// gives it one, e.g. the local sshd the browser tests use).
import "@xterm/xterm/css/xterm.css";
import type { TerminalServerMessage } from "@skyledger/contracts";
import { FitAddon } from "@xterm/addon-fit";
import { Terminal } from "@xterm/xterm";
import { Alert, Button, Card, Select, Space, Typography } from "antd";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { UserData } from "../../../components/user-data";
import { hpcApi, useAllPools } from "../../../features/hpc/hpc-api";
import { SimulatedNotice } from "../../../features/hpc/hpc-labels";

/** Disposes of the xterm and takes its window resize listener away. */
function dropTerminal(term: RefObject<Terminal | null>, refit: RefObject<(() => void) | null>): void {
  if (refit.current) window.removeEventListener("resize", refit.current);
  refit.current = null;
  term.current?.dispose();
  term.current = null;
}

type Status = { kind: "idle" | "connecting" | "connected" | "ended"; text: ReactNode };

export function TerminalPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pools = useAllPools();
  const list = pools.data?.list ?? [];
  const poolId = params.get("pool") ?? list[0]?.id ?? "";
  const pool = list.find((p) => p.id === poolId);
  const box = useRef<HTMLDivElement>(null);
  const socket = useRef<WebSocket | null>(null);
  const term = useRef<Terminal | null>(null);
  // The window's resize listener of the current xterm: one per terminal, removed with it.
  const refit = useRef<(() => void) | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle", text: t("hpc.terminal.idle") });

  const disconnect = () => {
    socket.current?.close();
    socket.current = null;
  };
  useEffect(
    () => () => {
      socket.current?.close();
      dropTerminal(term, refit);
    },
    [],
  );

  async function connect() {
    if (!box.current || !pool) return;
    disconnect();
    setStatus({ kind: "connecting", text: t("hpc.terminal.connecting") });
    dropTerminal(term, refit);
    const xterm = new Terminal({ cursorBlink: true, fontSize: 14 });
    const fit = new FitAddon();
    xterm.loadAddon(fit);
    xterm.open(box.current);
    fit.fit();
    term.current = xterm;
    let ticket: Awaited<ReturnType<typeof hpcApi.openTerminal>>;
    try {
      ticket = await hpcApi.openTerminal(pool.id);
    } catch (err) {
      setStatus({ kind: "ended", text: err instanceof Error ? err.message : String(err) });
      return;
    }
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${window.location.host}${ticket.socketPath}?ticket=${encodeURIComponent(ticket.ticket)}&cols=${xterm.cols}&rows=${xterm.rows}`;
    const ws = new WebSocket(url);
    socket.current = ws;
    ws.onmessage = (event) => {
      const msg = JSON.parse(String(event.data)) as TerminalServerMessage;
      if (msg.type === "output") xterm.write(msg.data);
      else if (msg.type === "connected") {
        // The login host is what the operator typed and the cluster user a name: shown as written.
        setStatus({
          kind: "connected",
          text: (
            <Trans
              i18nKey="hpc.terminal.connected"
              values={{ user: msg.clusterUser, host: msg.loginHost }}
              components={{ user: <UserData>{null}</UserData>, host: <UserData>{null}</UserData> }}
            />
          ),
        });
        xterm.focus();
      } else setStatus({ kind: "ended", text: msg.message });
    };
    ws.onclose = () =>
      setStatus((s) => (s.kind === "ended" ? s : { kind: "ended", text: t("hpc.terminal.closed") }));
    xterm.onData((data) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "input", data }));
    });
    xterm.onResize(({ cols, rows }) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "resize", cols, rows }));
    });
    refit.current = () => fit.fit();
    window.addEventListener("resize", refit.current);
  }

  const live = status.kind === "connecting" || status.kind === "connected";
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
      <Card size="small">
        <Typography.Text
          type={status.kind === "ended" ? "danger" : "secondary"}
          data-testid="hpc-terminal-status"
        >
          {status.text}
        </Typography.Text>
        <div
          ref={box}
          style={{ height: 480, marginTop: 8, background: "#000" }}
          data-testid="hpc-terminal-screen"
        />
      </Card>
    </>
  );
}
