// What every browser terminal does once its socket is upgraded, whatever it connects to (the HPC
// login host of `/hpcv1console`, a cloud host of `/webssh`): it reads the browser's keystrokes and
// sizes (held until the shell is open), pipes the shell's output back, and ends — with a message in
// the ticket's language and a close code — when its portal session ends (at once on sign-out on
// this instance, otherwise at the next check), when the platform goes into maintenance (likewise),
// after the idle timeout, or when the shell exits.
// Tickets: a browser cannot sign an upgrade request, so a signed POST mints a one-time ticket
// which the socket shows; only its hash is kept.
import { createHash, randomBytes } from "node:crypto";
import {
  type MaintenanceState,
  TERMINAL_TICKET_SECONDS,
  type TerminalEndReason,
  type TerminalServerMessage,
  terminalClientMessage,
} from "@skyledger/contracts";
import type { Clock } from "../clock";
import type { TerminalShell } from "./ssh-shell";

/** What the terminal needs of a WebSocket (the `ws` package's socket has it). */
export type TerminalSocket = {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: "message", listener: (data: Buffer | string) => void): void;
  on(event: "close", listener: () => void): void;
};

/** Close codes of the socket (4000–4999 are the application's own). */
const CLOSE_CODES: Record<TerminalEndReason, number> = {
  shellExited: 1000,
  ticket: 4001,
  refused: 4002,
  sessionEnded: 4003,
  idle: 4004,
  maintenance: 4005,
};

const DEFAULT_IDLE_MINUTES = 30;
const DEFAULT_CHECK_MS = 5_000;

/** The hash a ticket is kept under: the ticket itself is only in the browser's hands. */
export const ticketHash = (ticket: string): string => createHash("sha256").update(ticket).digest("hex");

/** A fresh one-time ticket, its hash and when it expires. */
export function newTicket(clock: Clock): { ticket: string; id: string; createdAt: Date; expiresAt: Date } {
  const ticket = randomBytes(32).toString("base64url");
  const createdAt = clock.now();
  const expiresAt = new Date(createdAt.getTime() + TERMINAL_TICKET_SECONDS * 1000);
  return { ticket, id: ticketHash(ticket), createdAt, expiresAt };
}

/** The socket closes with `reason` after saying `message`. */
export function endSocket(socket: TerminalSocket, reason: TerminalEndReason, message: string): void {
  const msg: TerminalServerMessage = { type: "ended", reason, message };
  socket.send(JSON.stringify(msg));
  socket.close(CLOSE_CODES[reason], reason);
}

/** Why a piped terminal ended: the server's reasons, or the browser closed it. */
export type TerminalEnding = TerminalEndReason | "disconnected";

/** The texts a terminal ends with, in its ticket's language. */
export type EndTexts = {
  idle(minutes: number): string;
  sessionEnded(): string;
  shellExited(): string;
  maintenance(state: MaintenanceState): string;
};

/**
 * The platform's maintenance as terminals see it. Either mode ends every open terminal: the ticket
 * calls are refused in both (a shell can change anything on its host, so it is no read), and only
 * tenants hold terminals (the ticket calls are tenants' own; operators, who maintenance never holds
 * back, cannot open one), so no terminal is spared.
 */
export type TerminalMaintenance = {
  current(): Promise<MaintenanceState>;
  onChange(listener: (state: MaintenanceState) => void): void;
};

/** Why the server ends a piped terminal (the others refuse before any shell). */
type Ending = { reason: "idle" | "sessionEnded" } | { reason: "maintenance"; state: MaintenanceState };

/** An upgraded socket waiting for its shell: what the browser sent so far is held. */
export type PendingTerminal = {
  /** The terminal's size as the browser last gave it. */
  size(): { cols: number; rows: number };
  /** Whether the browser went away (the caller closes a shell it opened meanwhile). */
  gone(): boolean;
  /** Ends before any shell: says why and closes. */
  refuse(reason: TerminalEndReason, message: string): void;
  /** Pipes the opened shell (closed at once if the browser left meanwhile), registered for the session and idle checks until it ends. */
  start(opts: {
    userId: string;
    sessionId: string;
    shell: TerminalShell;
    connected: { user: string; host: string };
    texts: EndTexts;
    /**
     * Called once when the piped terminal ends, with why (the caller's audit row): the socket says
     * so and closes once it has settled, so whoever sees the close sees the row.
     */
    onEnded?: (reason: TerminalEnding) => Promise<void> | void;
  }): void;
};

type OpenTerminal = {
  userId: string;
  sessionId: string;
  lastActive: number;
  end(ending: Ending): void;
};

export type OpenTerminals = ReturnType<typeof createOpenTerminals>;

export function createOpenTerminals(deps: {
  clock: Clock;
  sessions: {
    isLive(sessionId: string): Promise<boolean>;
    onSessionEnded(listener: (userId: string) => void): void;
  };
  maintenance: TerminalMaintenance;
  idleMinutes?: number;
  checkMs?: number;
}) {
  const { clock, sessions, maintenance } = deps;
  const idleMinutes = deps.idleMinutes ?? DEFAULT_IDLE_MINUTES;
  const open = new Set<OpenTerminal>();

  async function checkSessions(only?: string): Promise<void> {
    const now = clock.now().getTime();
    for (const t of [...open]) {
      if (only && t.userId !== only) continue;
      if (!(await sessions.isLive(t.sessionId))) t.end({ reason: "sessionEnded" });
      else if (now - t.lastActive > idleMinutes * 60_000) t.end({ reason: "idle" });
    }
  }
  /** Ends `which` terminals if the platform is in maintenance `state`. */
  function endForMaintenance(state: MaintenanceState, which: Iterable<OpenTerminal> = [...open]): void {
    if (state.mode === "off") return;
    for (const t of which) if (open.has(t)) t.end({ reason: "maintenance", state });
  }
  // Other instances' changes reach the timer's check through the maintenance cache.
  const checkAll = async () => {
    endForMaintenance(await maintenance.current());
    await checkSessions();
  };
  const report = () => undefined;
  sessions.onSessionEnded((userId) => {
    checkSessions(userId).catch(report);
  });
  maintenance.onChange((state) => endForMaintenance(state));
  const timer = setInterval(() => checkAll().catch(report), deps.checkMs ?? DEFAULT_CHECK_MS);
  timer.unref();

  return {
    idleMinutes,

    /** Starts listening to an upgraded socket; the caller then refuses it or starts its shell. */
    accept(socket: TerminalSocket, initial: { cols?: number; rows?: number }): PendingTerminal {
      let size = { cols: initial.cols ?? 80, rows: initial.rows ?? 24 };
      let shell: TerminalShell | null = null;
      let gone = false;
      const pending: string[] = [];
      const t: OpenTerminal = { userId: "", sessionId: "", lastActive: clock.now().getTime(), end: () => {} };
      socket.on("message", (raw) => {
        let parsed: ReturnType<typeof terminalClientMessage.safeParse>;
        try {
          parsed = terminalClientMessage.safeParse(JSON.parse(raw.toString()));
        } catch {
          return;
        }
        if (!parsed.success) return;
        const msg = parsed.data;
        t.lastActive = clock.now().getTime();
        if (msg.type === "resize") {
          size = { cols: msg.cols, rows: msg.rows };
          shell?.resize(msg.cols, msg.rows);
        } else if (shell) shell.write(msg.data);
        else pending.push(msg.data);
      });
      let ended: ((reason: TerminalEnding) => Promise<void>) | null = null;
      socket.on("close", () => {
        gone = true;
        if (open.delete(t)) void ended?.("disconnected");
        shell?.close();
      });
      return {
        size: () => size,
        gone: () => gone,
        refuse: (reason, message) => endSocket(socket, reason, message),
        start(opts) {
          const opened = opts.shell;
          // The browser left while the caller was opening the shell: nothing to pipe to.
          if (gone) return opened.close();
          shell = opened;
          let done = false;
          ended = async (reason) => {
            if (done) return;
            done = true;
            await Promise.resolve(opts.onEnded?.(reason)).catch(() => undefined);
          };
          t.userId = opts.userId;
          t.sessionId = opts.sessionId;
          t.lastActive = clock.now().getTime();
          t.end = (ending) => {
            open.delete(t);
            opened.close();
            const text =
              ending.reason === "idle"
                ? opts.texts.idle(idleMinutes)
                : ending.reason === "maintenance"
                  ? opts.texts.maintenance(ending.state)
                  : opts.texts.sessionEnded();
            void ended?.(ending.reason).then(() => endSocket(socket, ending.reason, text));
          };
          open.add(t);
          // A ticket minted before maintenance began: the shell it opened ends at once.
          maintenance
            .current()
            .then((state) => endForMaintenance(state, [t]))
            .catch(report);
          opened.onData((data) => {
            t.lastActive = clock.now().getTime();
            socket.send(JSON.stringify({ type: "output", data } satisfies TerminalServerMessage));
          });
          opened.onClose(() => {
            if (!open.has(t)) return;
            open.delete(t);
            void ended?.("shellExited").then(() =>
              endSocket(socket, "shellExited", opts.texts.shellExited()),
            );
          });
          const connected: TerminalServerMessage = { type: "connected", ...opts.connected };
          socket.send(JSON.stringify(connected));
          for (const data of pending.splice(0)) opened.write(data);
        },
      };
    },

    /** Runs the maintenance, session and idle checks now (the timer runs them every `checkMs`). */
    check: (): Promise<void> => checkAll(),

    /** Ends every terminal (the server is closing). */
    stop(): void {
      clearInterval(timer);
      for (const t of [...open]) t.end({ reason: "sessionEnded" });
    },
  };
}
