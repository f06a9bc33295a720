// Remote login to a cloud host from the browser (`/webssh?host=<id>`, CB01; decision 0018). The
// signed ticket call carries the login user and a password or private key: the server logs in to
// the host with them at once — so a refused password, a malformed key, an unreachable address or a
// changed host key is the call's answer, said on the form — and keeps only the authenticated
// connection, in this instance's memory, for the ticket's 30 seconds; the secret itself is never
// stored or logged. The socket that shows the ticket (on this instance) gets a shell on that
// connection, piped like every terminal (platform/terminal/open-terminals.ts). Host keys are
// trusted on first use and recorded per host; another key later is refused.
import {
  type ErrorKey,
  type ErrorParam,
  errorText,
  type Locale,
  maintenanceTextParams,
  RESOURCE_STATUS_NAMES,
  TERMINAL_TICKET_SECONDS,
  WEBSSH_SOCKET_PATH,
  type WebSshTarget,
  type WebSshTicket,
  type webSshLoginBody,
} from "@skyledger/contracts";
import type { Client as SshClient } from "ssh2";
import type { z } from "zod";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import {
  createOpenTerminals,
  type EndTexts,
  newTicket,
  type TerminalEnding,
  type TerminalMaintenance,
  type TerminalSocket,
  ticketHash,
} from "../../platform/terminal/open-terminals";
import { openShell, type TerminalShell } from "../../platform/terminal/ssh-shell";
import { inScope } from "../iam/data-scope";
import type { UserSessions } from "../iam/user-sessions";
import { createResourcesRepo } from "../resources/resources.repo";
import { type HostCredentials, HostLoginError, loginToHost, privateKeyProblem } from "./host-login";
import { deleteHostKey, findHostKey, recordHostKey } from "./webssh.repo";

type LoginBody = z.output<typeof webSshLoginBody>;
type HostRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createResourcesRepo>["byId"]>>>;
type Problem = { key: ErrorKey; params?: Record<string, ErrorParam> };

/** A login made by a ticket call, waiting (in memory, never stored) for its socket. */
type PendingLogin = {
  client: SshClient;
  userId: string;
  sessionId: string;
  orgId: string;
  hostId: string;
  hostName: string;
  locale: Locale;
  username: string;
  method: LoginBody["method"];
  address: string;
  fingerprint: string;
  firstSeen: boolean;
  expiresAt: number;
  timer: ReturnType<typeof setTimeout>;
};

const endTexts = (locale: Locale): EndTexts => ({
  idle: (minutes) => errorText("WEBSSH_IDLE", locale, { minutes }),
  sessionEnded: () => errorText("WEBSSH_SESSION_ENDED", locale),
  shellExited: () => errorText("WEBSSH_SHELL_EXITED", locale),
  maintenance: (state) => errorText("TERMINAL_MAINTENANCE", locale, maintenanceTextParams(state)),
});

export type WebSshService = ReturnType<typeof createWebSshService>;

export function createWebSshService(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  sessions: Pick<UserSessions, "isLive" | "onSessionEnded">;
  maintenance: TerminalMaintenance;
  /** SIMULATOR_SSH_TARGET: the stand-in that answers SSH for every simulated host; none: no SSH. */
  simulatorSshTarget?: string | undefined;
  idleMinutes?: number;
  checkMs?: number;
  login?: typeof loginToHost;
}) {
  const { db, clock, audit } = deps;
  const repo = createResourcesRepo(db);
  const login = deps.login ?? loginToHost;
  const terminals = createOpenTerminals(deps);
  const pending = new Map<string, PendingLogin>();

  function drop(id: string): PendingLogin | undefined {
    const p = pending.get(id);
    if (!p) return undefined;
    pending.delete(id);
    clearTimeout(p.timer);
    return p;
  }

  /** The caller's host (NOT_FOUND for another tenant's, a deleted one or another kind). */
  async function hostOf(ctx: RequestContext, id: string): Promise<HostRow> {
    ctx.ownTenant();
    const row = await repo.byId(id);
    const scope = await ctx.dataScope();
    if (!row || row.r.deletedAt || row.r.kind !== "host" || !inScope(scope, row.r.orgId, row.r.projectId))
      throw new DomainError("NOT_FOUND");
    return row;
  }

  /** Where SSH reaches the host: the simulator's stand-in, its elastic IP, else its private address. */
  function addressOf(row: HostRow): string | Problem {
    if (row.r.cloudEnvType === "simulator")
      return deps.simulatorSshTarget ?? { key: "WEBSSH_SIMULATED_NO_SSH" };
    const ip = row.boundIp ?? row.r.ipAddress;
    return ip ?? { key: "WEBSSH_NO_ADDRESS" };
  }

  /** Why no login is possible now, or the address to log in to. */
  function problemOf(row: HostRow): Problem | { address: string } {
    if (row.r.status !== "running") {
      const names = RESOURCE_STATUS_NAMES[row.r.status];
      return { key: "WEBSSH_HOST_NOT_RUNNING", params: { status: { zh: names.zh, en: names.en } } };
    }
    const address = addressOf(row);
    return typeof address === "string" ? { address } : address;
  }

  function credentialsOf(body: LoginBody): HostCredentials {
    if (body.method === "password")
      return { method: "password", username: body.username, password: body.password ?? "" };
    const privateKey = `${(body.privateKey ?? "").trim()}\n`;
    const problem = privateKeyProblem(privateKey, body.passphrase);
    if (problem === "malformed") throw new DomainError("WEBSSH_KEY_MALFORMED");
    if (problem === "passphrase") throw new DomainError("WEBSSH_KEY_PASSPHRASE");
    return { method: "privateKey", username: body.username, privateKey, passphrase: body.passphrase };
  }

  return {
    /** GET /api/res/hosts/{id}/webssh: where a login would go, or why none is possible. */
    async target(ctx: RequestContext, id: string): Promise<WebSshTarget> {
      const row = await hostOf(ctx, id);
      const found = problemOf(row);
      const recorded = await findHostKey(db, id);
      return {
        hostId: id,
        name: row.r.name,
        status: row.r.status,
        simulated: row.r.cloudEnvType === "simulator",
        address: "address" in found ? found.address : null,
        unavailable: "address" in found ? null : errorText(found.key, ctx.locale, found.params),
        hostKeyFingerprint: recorded?.fingerprint ?? null,
      };
    },

    /** POST /api/res/hosts/{id}/webssh_tickets: logs in now, answers a ticket for the socket. */
    async mint(ctx: RequestContext, id: string, body: LoginBody): Promise<WebSshTicket> {
      const row = await hostOf(ctx, id);
      const found = problemOf(row);
      if (!("address" in found)) throw new DomainError(found.key, found.params);
      const { address } = found;
      const credentials = credentialsOf(body);
      const recorded = await findHostKey(db, id);
      let connected: { client: SshClient; fingerprint: string };
      try {
        connected = await login({ address, credentials, expected: recorded?.fingerprint ?? null });
      } catch (err) {
        if (!(err instanceof HostLoginError)) throw err;
        if (err.failure === "hostKey")
          throw new DomainError("WEBSSH_HOST_KEY_CHANGED", {
            recorded: recorded?.fingerprint ?? "",
            seen: err.seen ?? "",
          });
        if (err.failure === "auth") throw new DomainError("WEBSSH_AUTH_FAILED");
        throw new DomainError("WEBSSH_UNREACHABLE", { address, reason: err.message });
      }
      const { client, fingerprint } = connected;
      let firstSeen = false;
      if (!recorded) {
        const kept = await db.transaction((tx) =>
          recordHostKey(tx, {
            resourceId: id,
            address,
            fingerprint,
            recordedAt: clock.now(),
            recordedBy: ctx.actor.userId,
          }),
        );
        // Another first login recorded another key meanwhile: this one is not trusted.
        if (kept.fingerprint !== fingerprint) {
          client.end();
          throw new DomainError("WEBSSH_HOST_KEY_CHANGED", { recorded: kept.fingerprint, seen: fingerprint });
        }
        firstSeen = true;
      }
      const ticket = newTicket(clock);
      // Unclaimed, the connection closes when the ticket expires (real time: no socket will come).
      const timer = setTimeout(() => drop(ticket.id)?.client.end(), TERMINAL_TICKET_SECONDS * 1000);
      timer.unref();
      pending.set(ticket.id, {
        client,
        userId: ctx.actor.userId,
        sessionId: ctx.actor.sessionId,
        orgId: row.r.orgId,
        hostId: id,
        hostName: row.r.name,
        locale: ctx.locale,
        username: body.username,
        method: body.method,
        address,
        fingerprint,
        firstSeen,
        expiresAt: ticket.expiresAt.getTime(),
        timer,
      });
      return {
        ticket: ticket.ticket,
        expiresAt: ticket.expiresAt.toISOString(),
        socketPath: WEBSSH_SOCKET_PATH,
        username: body.username,
        address,
        hostKeyFingerprint: fingerprint,
        hostKeyFirstSeen: firstSeen,
      };
    },

    /**
     * DELETE /api/res/hosts/{id}/webssh/host_key: the tenant knows the host was reinstalled (new
     * host keys), as `ssh-keygen -R` does; the next login records what it is shown. Audited.
     */
    async forgetHostKey(ctx: RequestContext, id: string): Promise<{ ok: true }> {
      const row = await hostOf(ctx, id);
      await db.transaction(async (tx) => {
        const gone = await deleteHostKey(tx, id);
        if (!gone) return;
        await audit.record(tx, {
          action: "webssh.hostKeyForgotten",
          ...ctx.auditBy,
          target: row.r.name,
          detail: { host: row.r.name, sshAddress: gone.address, hostKeyFingerprint: gone.fingerprint },
        });
      });
      return { ok: true };
    },

    /** The socket of `/api/webssh/terminal?ticket=`: takes the waiting login and pipes its shell. */
    async attach(
      socket: TerminalSocket,
      q: { ticket?: string; cols?: number; rows?: number; locale: Locale; ip: string },
    ): Promise<void> {
      const term = terminals.accept(socket, q);
      const p = q.ticket ? drop(ticketHash(q.ticket)) : undefined;
      if (!p || p.expiresAt <= clock.now().getTime()) {
        p?.client.end();
        return term.refuse("ticket", errorText("WEBSSH_TICKET_INVALID", q.locale));
      }
      const locale = p.locale;
      const refuse = (reason: "sessionEnded" | "refused", problem: Problem) => {
        p.client.end();
        term.refuse(reason, errorText(problem.key, locale, problem.params));
      };
      if (!(await deps.sessions.isLive(p.sessionId)))
        return refuse("sessionEnded", { key: "WEBSSH_SESSION_ENDED" });
      // The host is read again: it may have been stopped since the ticket.
      const row = await repo.byId(p.hostId);
      if (!row || row.r.deletedAt) return refuse("refused", { key: "WEBSSH_TICKET_INVALID" });
      const found = problemOf(row);
      if (!("address" in found)) return refuse("refused", found);
      let shell: TerminalShell;
      try {
        shell = await openShell(
          p.client,
          term.size(),
          (err) => new HostLoginError("unreachable", err.message),
        );
      } catch (err) {
        if (!(err instanceof HostLoginError)) throw err;
        return refuse("refused", {
          key: "WEBSSH_UNREACHABLE",
          params: { address: p.address, reason: err.message },
        });
      }
      if (term.gone()) return shell.close();
      const by = { actorId: p.userId, orgId: p.orgId, ip: q.ip, target: p.hostName };
      const detail = {
        host: p.hostName,
        loginUser: p.username,
        authMethod: p.method,
        sshAddress: p.address,
        hostKeyFingerprint: p.fingerprint,
      };
      await db.transaction((tx) =>
        audit.record(tx, {
          action: "webssh.opened",
          ...by,
          detail: { ...detail, hostKeyFirstSeen: p.firstSeen },
        }),
      );
      const onEnded = (reason: TerminalEnding) =>
        db.transaction((tx) =>
          audit.record(tx, { action: "webssh.ended", ...by, detail: { ...detail, endReason: reason } }),
        );
      term.start({
        userId: p.userId,
        sessionId: p.sessionId,
        shell,
        connected: { user: p.username, host: p.address },
        texts: endTexts(locale),
        onEnded,
      });
    },

    /** Ends every terminal and waiting login (the server is closing). */
    stop(): void {
      for (const id of [...pending.keys()]) drop(id)?.client.end();
      terminals.stop();
    },
  };
}
