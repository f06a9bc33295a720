// A browser terminal's socket as the tests drive it (the HPC terminal's, the host terminal's): it
// collects what the server says until it closes, and waits on that — never on a timer.
import type WebSocket from "ws";
import type { TestApp } from "./harness";

export type TerminalMessage = {
  type: string;
  data?: string;
  reason?: string;
  message?: string;
  user?: string;
  host?: string;
};

/** Opens `path?ticket=` and collects what the terminal says until it closes. */
export async function openTerminalSocket(t: TestApp, path: string, ticket: string, language = "en-US") {
  const messages: TerminalMessage[] = [];
  const waiters: (() => void)[] = [];
  let closeCode: number | null = null;
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  // Listening from onInit: a server that answers at once (a spent ticket) may speak before `open`.
  const socket: WebSocket = await t.app.injectWS(
    `${path}?ticket=${encodeURIComponent(ticket)}`,
    { headers: { "accept-language": language } },
    {
      onInit: (ws: WebSocket) => {
        ws.on("message", (raw) => {
          messages.push(JSON.parse(raw.toString()) as TerminalMessage);
          wake();
        });
        ws.on("close", (code) => {
          closeCode = code;
          wake();
        });
      },
    },
  );
  const output = () =>
    messages
      .filter((m) => m.type === "output")
      .map((m) => m.data)
      .join("");
  /** Resolves when `done` holds of what arrived (the socket's events drive it, no timer). */
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (done() ? resolve() : waiters.push(check));
      check();
    });
  return {
    socket,
    messages,
    output,
    until,
    closed: () => until(() => closeCode !== null).then(() => closeCode),
    send: (data: string) => socket.send(JSON.stringify({ type: "input", data })),
  };
}
