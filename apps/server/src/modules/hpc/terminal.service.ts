// The browser terminal of `/hpcv1console` (CB17): a member of a pool gets a one-time ticket from a
// signed POST, and the WebSocket that shows it gets a shell on the pool's cluster's login host as
// the member's cluster user, piped both ways with resize. A browser cannot sign an upgrade request
// (no custom headers), so the ticket carries the signed call's authority for 30 seconds, once
// (docs/hpc.md, "The terminal"); tickets live in the database so that any instance may take the
// socket. Piping, the session and idle checks and the endings are every terminal's
// (platform/terminal/open-terminals.ts).
import {
  type ErrorKey,
  errorText,
  HPC_TERMINAL_SOCKET_PATH,
  type Locale,
  maintenanceTextParams,
  RESOURCE_STATUS_NAMES,
  type TerminalTicket,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { Secrets } from "../../platform/secrets";
import {
  createOpenTerminals,
  type EndTexts,
  newTicket,
  type TerminalMaintenance,
  type TerminalSocket,
  ticketHash,
} from "../../platform/terminal/open-terminals";
import { LoginHostError, type LoginShell, openLoginShell } from "../../providers/hpc/ssh-login";
import type { UserSessions } from "../iam/user-sessions";
import { deleteExpiredTickets, findMember, findPool, insertTicket, spendTicket } from "./hpc.repo";
import { loginHostMessage, loginTargetOf } from "./login-host";

/** A pool whose subscription is live may be used from the terminal. */
const USABLE_IN = new Set(["available", "running", "using"]);

const endTexts = (locale: Locale): EndTexts => ({
  idle: (minutes) => errorText("HPC_TERMINAL_IDLE", locale, { minutes }),
  sessionEnded: () => errorText("HPC_TERMINAL_SESSION_ENDED", locale),
  shellExited: () => errorText("HPC_TERMINAL_SHELL_EXITED", locale),
  maintenance: (state) => errorText("TERMINAL_MAINTENANCE", locale, maintenanceTextParams(state)),
});

export type TerminalService = ReturnType<typeof createTerminalService>;

export function createTerminalService(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  sessions: Pick<UserSessions, "isLive" | "onSessionEnded">;
  maintenance: TerminalMaintenance;
  secrets: Secrets;
  idleMinutes?: number;
  checkMs?: number;
  connect?: typeof openLoginShell;
}) {
  const { db, clock, audit, sessions } = deps;
  const connect = deps.connect ?? openLoginShell;
  const terminals = createOpenTerminals(deps);
  const messageOf = (locale: Locale, key: ErrorKey) => errorText(key, locale);

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
      const { ticket, id, createdAt, expiresAt } = newTicket(clock);
      await db.transaction(async (tx) => {
        await deleteExpiredTickets(tx, createdAt);
        await insertTicket(tx, {
          id,
          sessionId: ctx.actor.sessionId,
          userId: ctx.actor.userId,
          poolId,
          locale: ctx.locale,
          createdAt,
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
      const term = terminals.accept(socket, q);
      const now = clock.now();
      const spent = q.ticket
        ? await db.transaction((tx) => spendTicket(tx, ticketHash(q.ticket ?? ""), now))
        : undefined;
      if (!spent) return term.refuse("ticket", messageOf(q.locale, "HPC_TERMINAL_TICKET_INVALID"));
      const locale: Locale = spent.locale === "en-US" ? "en-US" : "zh-CN";
      if (!(await sessions.isLive(spent.sessionId)))
        return term.refuse("sessionEnded", messageOf(locale, "HPC_TERMINAL_SESSION_ENDED"));
      // Membership and the login host are read again: either may have changed since the ticket.
      const row = await findPool(db, spent.poolId);
      const member = row ? await findMember(db, spent.poolId, spent.userId) : undefined;
      if (!row || !member || !USABLE_IN.has(row.r.status))
        return term.refuse("ticket", messageOf(locale, "HPC_TERMINAL_NOT_MEMBER"));
      const target = loginTargetOf(row.c, deps.secrets);
      if (typeof target === "string") return term.refuse("refused", messageOf(locale, target));
      const loginHost = target.loginHost;

      let shell: LoginShell;
      try {
        // The host must show the recorded key (decision 0012): another one is refused, unused.
        shell = await connect({ ...target, username: member.clusterUser, ...term.size() });
      } catch (err) {
        if (!(err instanceof LoginHostError)) throw err;
        return term.refuse("refused", loginHostMessage(err, locale, "HPC_LOGIN_HOST_REFUSED"));
      }
      if (term.gone()) return shell.close();
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
      term.start({
        userId: spent.userId,
        sessionId: spent.sessionId,
        shell,
        connected: { user: member.clusterUser, host: loginHost },
        texts: endTexts(locale),
      });
    },

    /** Ends every terminal (the server is closing). */
    stop(): void {
      terminals.stop();
    },
  };
}
