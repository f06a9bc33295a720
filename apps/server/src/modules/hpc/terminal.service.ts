// The browser terminal of `/hpcv1console` (CB17): a member of a pool gets a one-time ticket from a
// signed POST, and the WebSocket that shows it gets a shell on the pool's cluster's login host as
// the member's cluster user, piped both ways with resize. A browser cannot sign an upgrade request
// (no custom headers), so the ticket carries the signed call's authority for 30 seconds, once
// (docs/hpc.md, "The terminal"). The terminal ends when its portal session ends (sign-out at once
// on this instance, otherwise at the next check), after the idle timeout, or when the shell exits.
import { createHash, randomBytes } from "node:crypto";
import {
  type ErrorKey,
  type ErrorParam,
  errorText,
  HPC_TERMINAL_SOCKET_PATH,
  HPC_TERMINAL_TICKET_SECONDS,
  type Locale,
  RESOURCE_STATUS_NAMES,
  type TerminalEndReason,
  type TerminalServerMessage,
  type TerminalTicket,
  terminalClientMessage,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { Secrets } from "../../platform/secrets";
import { LoginHostError, type LoginShell, openLoginShell } from "../../providers/hpc/ssh-login";
import type { UserSessions } from "../iam/user-sessions";
import { deleteExpiredTickets, findMember, findPool, insertTicket, spendTicket } from "./hpc.repo";
import { loginHostMessage, loginTargetOf } from "./login-host";

/** A pool whose subscription is live may be used from the terminal. */
const USABLE_IN = new Set(["available", "running", "using"]);
const DEFAULT_IDLE_MINUTES = 30;
const DEFAULT_CHECK_MS = 5_000;

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
};

const hash = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

type OpenTerminal = {
  userId: string;
  sessionId: string;
  lastActive: number;
  end(reason: TerminalEndReason): void;
};

export type TerminalService = ReturnType<typeof createTerminalService>;

export function createTerminalService(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  sessions: Pick<UserSessions, "isLive" | "onSessionEnded">;
  secrets: Secrets;
  idleMinutes?: number;
  checkMs?: number;
  connect?: typeof openLoginShell;
}) {
  const { db, clock, audit, sessions } = deps;
  const idleMinutes = deps.idleMinutes ?? DEFAULT_IDLE_MINUTES;
  const connect = deps.connect ?? openLoginShell;
  const open = new Set<OpenTerminal>();

  async function checkSessions(only?: string): Promise<void> {
    const now = clock.now().getTime();
    for (const t of [...open]) {
      if (only && t.userId !== only) continue;
      if (!(await sessions.isLive(t.sessionId))) t.end("sessionEnded");
      else if (now - t.lastActive > idleMinutes * 60_000) t.end("idle");
    }
  }
  const report = () => undefined;
  sessions.onSessionEnded((userId) => {
    checkSessions(userId).catch(report);
  });
  const timer = setInterval(() => checkSessions().catch(report), deps.checkMs ?? DEFAULT_CHECK_MS);
  timer.unref();

  const messageOf = (locale: Locale, key: ErrorKey, params?: Record<string, ErrorParam>) =>
    errorText(key, locale, params);

  function endWith(socket: TerminalSocket, reason: TerminalEndReason, message: string): void {
    const msg: TerminalServerMessage = { type: "ended", reason, message };
    socket.send(JSON.stringify(msg));
    socket.close(CLOSE_CODES[reason], reason);
  }

  return {
    /** POST /api/hpc/pools/{id}/terminal_tickets: members only, on a cluster with a login host. */
    async mint(ctx: RequestContext, poolId: string): Promise<TerminalTicket> {
      const orgId = ctx.ownTenant();
      const row = await findPool(db, poolId);
      if (!row || row.r.orgId !== orgId || row.r.status === "deleted") throw new DomainError("NOT_FOUND");
      const member = await findMember(db, poolId, ctx.actor.userId);
      if (!member) throw new DomainError("HPC_TERMINAL_NOT_MEMBER");
      if (!USABLE_IN.has(row.r.status)) {
        const names = RESOURCE_STATUS_NAMES[row.r.status];
        throw new DomainError("HPC_POOL_NOT_ACTIVE", { status: { zh: names.zh, en: names.en } });
      }
      // No ticket for a login host Skyledger will not connect to (none, or its key not recorded).
      const target = loginTargetOf(row.c, deps.secrets);
      if (typeof target === "string") throw new DomainError(target);
      const ticket = randomBytes(32).toString("base64url");
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + HPC_TERMINAL_TICKET_SECONDS * 1000);
      await db.transaction(async (tx) => {
        await deleteExpiredTickets(tx, now);
        await insertTicket(tx, {
          id: hash(ticket),
          sessionId: ctx.actor.sessionId,
          userId: ctx.actor.userId,
          poolId,
          locale: ctx.locale,
          createdAt: now,
          expiresAt,
        });
      });
      return {
        ticket,
        expiresAt: expiresAt.toISOString(),
        socketPath: HPC_TERMINAL_SOCKET_PATH,
        clusterUser: member.clusterUser,
        loginHost: target.loginHost,
      };
    },

    /** The socket of `/api/hpc/terminal?ticket=`: spends the ticket, then pipes the shell. */
    async attach(
      socket: TerminalSocket,
      q: { ticket?: string; cols?: number; rows?: number; locale: Locale; ip: string },
    ): Promise<void> {
      let size = { cols: q.cols ?? 80, rows: q.rows ?? 24 };
      let shell: LoginShell | null = null;
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
      socket.on("close", () => {
        gone = true;
        open.delete(t);
        shell?.close();
      });

      const now = clock.now();
      const spent = q.ticket
        ? await db.transaction((tx) => spendTicket(tx, hash(q.ticket ?? ""), now))
        : undefined;
      if (!spent) return endWith(socket, "ticket", messageOf(q.locale, "HPC_TERMINAL_TICKET_INVALID"));
      const locale: Locale = spent.locale === "en-US" ? "en-US" : "zh-CN";
      if (!(await sessions.isLive(spent.sessionId)))
        return endWith(socket, "sessionEnded", messageOf(locale, "HPC_TERMINAL_SESSION_ENDED"));
      // Membership and the login host are read again: either may have changed since the ticket.
      const row = await findPool(db, spent.poolId);
      const member = row ? await findMember(db, spent.poolId, spent.userId) : undefined;
      if (!row || !member || !USABLE_IN.has(row.r.status))
        return endWith(socket, "ticket", messageOf(locale, "HPC_TERMINAL_NOT_MEMBER"));
      const target = loginTargetOf(row.c, deps.secrets);
      if (typeof target === "string") return endWith(socket, "refused", messageOf(locale, target));
      const loginHost = target.loginHost;

      try {
        // The host must show the recorded key (decision 0012): another one is refused, unused.
        shell = await connect({
          ...target,
          username: member.clusterUser,
          cols: size.cols,
          rows: size.rows,
        });
      } catch (err) {
        if (!(err instanceof LoginHostError)) throw err;
        return endWith(socket, "refused", loginHostMessage(err, locale, "HPC_LOGIN_HOST_REFUSED"));
      }
      if (gone) return shell.close();
      const opened = shell;
      await db.transaction((tx) =>
        audit.record(tx, {
          action: "hpc.terminalOpened",
          actorId: spent.userId,
          orgId: row.r.orgId,
          ip: q.ip,
          target: row.r.name,
          detail: { slurmAccount: row.p.account, clusterUser: member.clusterUser, loginHost },
        }),
      );
      t.userId = spent.userId;
      t.sessionId = spent.sessionId;
      t.end = (reason) => {
        open.delete(t);
        const key: ErrorKey = reason === "idle" ? "HPC_TERMINAL_IDLE" : "HPC_TERMINAL_SESSION_ENDED";
        endWith(socket, reason, messageOf(locale, key, { minutes: idleMinutes }));
        opened.close();
      };
      open.add(t);
      opened.onData((data) => {
        t.lastActive = clock.now().getTime();
        socket.send(JSON.stringify({ type: "output", data } satisfies TerminalServerMessage));
      });
      opened.onClose(() => {
        if (!open.has(t)) return;
        open.delete(t);
        endWith(socket, "shellExited", messageOf(locale, "HPC_TERMINAL_SHELL_EXITED"));
      });
      const connected: TerminalServerMessage = {
        type: "connected",
        clusterUser: member.clusterUser,
        loginHost,
      };
      socket.send(JSON.stringify(connected));
      for (const data of pending.splice(0)) opened.write(data);
    },

    /** Ends every terminal (the server is closing). */
    stop(): void {
      clearInterval(timer);
      for (const t of [...open]) t.end("sessionEnded");
    },
  };
}
