// The xterm.js side of every browser terminal (the HPC login host's of /hpcv1console, a cloud
// host's of /webssh): an xterm fitted to its box, the socket opened with the one-time ticket a
// signed call minted (a browser cannot sign an upgrade), keystrokes and sizes sent, output written,
// and a status line with what the server said when it ended.
import "@xterm/xterm/css/xterm.css";
import type { TerminalServerMessage } from "@skyledger/contracts";
import { FitAddon } from "@xterm/addon-fit";
import { Terminal } from "@xterm/xterm";
import { Card, Typography } from "antd";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";

export type TerminalStatus = { kind: "idle" | "connecting" | "connected" | "ended"; text: ReactNode };

/** Disposes of the xterm and takes its window resize listener away. */
function dropTerminal(term: RefObject<Terminal | null>, refit: RefObject<(() => void) | null>): void {
  if (refit.current) window.removeEventListener("resize", refit.current);
  refit.current = null;
  term.current?.dispose();
  term.current = null;
}

export type BrowserTerminal = ReturnType<typeof useBrowserTerminal>;

/**
 * A terminal's state: `begin` shows a fresh xterm (before the ticket is asked for: the socket
 * needs its size), `attach` opens the socket, `fail` ends with a message, `disconnect` closes.
 */
export function useBrowserTerminal(texts: {
  idle: ReactNode;
  closed: ReactNode;
  connected: (user: string, host: string) => ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const socket = useRef<WebSocket | null>(null);
  const term = useRef<Terminal | null>(null);
  // The window's resize listener of the current xterm: one per terminal, removed with it.
  const refit = useRef<(() => void) | null>(null);
  const [status, setStatus] = useState<TerminalStatus>({ kind: "idle", text: texts.idle });

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

  return {
    box,
    status,
    live: status.kind === "connecting" || status.kind === "connected",
    disconnect,
    begin(connecting: ReactNode): boolean {
      if (!box.current) return false;
      disconnect();
      setStatus({ kind: "connecting", text: connecting });
      dropTerminal(term, refit);
      const xterm = new Terminal({ cursorBlink: true, fontSize: 14 });
      const fit = new FitAddon();
      xterm.loadAddon(fit);
      xterm.open(box.current);
      fit.fit();
      term.current = xterm;
      refit.current = () => fit.fit();
      window.addEventListener("resize", refit.current);
      return true;
    },
    fail(message: ReactNode): void {
      setStatus({ kind: "ended", text: message });
    },
    attach(ticket: { ticket: string; socketPath: string }): void {
      const xterm = term.current;
      if (!xterm) return;
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      const url = `${scheme}://${window.location.host}${ticket.socketPath}?ticket=${encodeURIComponent(ticket.ticket)}&cols=${xterm.cols}&rows=${xterm.rows}`;
      const ws = new WebSocket(url);
      socket.current = ws;
      ws.onmessage = (event) => {
        const msg = JSON.parse(String(event.data)) as TerminalServerMessage;
        if (msg.type === "output") xterm.write(msg.data);
        else if (msg.type === "connected") {
          setStatus({ kind: "connected", text: texts.connected(msg.user, msg.host) });
          xterm.focus();
        } else setStatus({ kind: "ended", text: msg.message });
      };
      ws.onclose = () => setStatus((s) => (s.kind === "ended" ? s : { kind: "ended", text: texts.closed }));
      xterm.onData((data) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "input", data }));
      });
      xterm.onResize(({ cols, rows }) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "resize", cols, rows }));
      });
    },
  };
}

/** The status line and the screen; `testId` prefixes their test ids (`-status`, `-screen`). */
export function TerminalScreen({ terminal, testId }: { terminal: BrowserTerminal; testId: string }) {
  return (
    <Card size="small">
      <Typography.Text
        type={terminal.status.kind === "ended" ? "danger" : "secondary"}
        data-testid={`${testId}-status`}
      >
        {terminal.status.text}
      </Typography.Text>
      <div
        ref={terminal.box}
        style={{ height: 480, marginTop: 8, background: "#000" }}
        data-testid={`${testId}-screen`}
      />
    </Card>
  );
}
