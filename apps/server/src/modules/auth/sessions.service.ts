// Browser sessions: a bearer token (stored hashed) with a per-session signing secret, a sliding
// lifetime from the organisation's security settings (else the configuration), and a short SMS
// step-up window.
import type { EndpointBody, endpoints } from "@skyledger/contracts";
import type { FastifyRequest } from "fastify";
import type { Audit } from "../../platform/audit/audit";
import type { Authenticator, Principal } from "../../platform/auth/principal";
import { addMinutes, type Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { SUPPORT_TOKEN_PREFIX } from "../../platform/http/support-read-only";
import { randomToken, sha256 } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { permissionsOf, roleById } from "../iam/iam.repo";
import type { SecuritySettings } from "../iam/security-settings.service";
import { AUTH_CACHE_MS, type UserSessions } from "../iam/user-sessions";
import {
  extendSession,
  findUserById,
  insertSession,
  liveSessionWithUser,
  revokeSession,
  revokeSessionsOf,
  setStepUpUntil,
  stepUpUntilOf,
} from "./auth.repo";
import type { CodeService } from "./codes.service";
import { passwordExpired } from "./password-expiry";

// Writing last-seen on every request would turn reads into writes; once a minute is enough.
const TOUCH_EVERY_MS = 60_000;
export const STEP_UP_MINUTES = 5;
/** A support session's whole life from its start: it never slides (decision 0031). */
export const SUPPORT_SESSION_MINUTES = 30;

export { AUTH_CACHE_MS };

export type SessionService = Authenticator &
  UserSessions & {
    /**
     * Opens a session in `tx` that lives `meta.lifetimeMinutes` (the session lifetime of the user's
     * organisation, read by the caller before its transaction).
     */
    create(
      tx: Tx,
      userId: string,
      meta: { ip: string; userAgent: string | undefined; lifetimeMinutes: number },
    ): Promise<{
      token: string;
      signSecret: string;
      expiresAt: Date;
    }>;
    /**
     * Opens in `tx` a read-only support session as `userId` for the operator `operatorId`, living
     * SUPPORT_SESSION_MINUTES from now and never extended (decision 0031).
     */
    createSupport(
      tx: Tx,
      userId: string,
      meta: { operatorId: string; ip: string; userAgent: string | undefined },
    ): Promise<{ token: string; signSecret: string; expiresAt: Date }>;
    /** POST /users/token/refresh: extends the caller's session by its lifetime. */
    refresh(ctx: RequestContext): Promise<{ expiresAt: string }>;
    revoke(tx: Tx, sessionId: string): Promise<void>;
    markSteppedUp(tx: Tx, sessionId: string): Promise<void>;
    /** POST /users/logout: ends this session, with its audit row. */
    logout(ctx: RequestContext): Promise<{ ok: true }>;
    /** Whether SMS step-up is on for the caller: their organisation's switch, and a confirmed phone. */
    stepUpState(ctx: RequestContext): Promise<{ enabled: boolean }>;
    /** POST /users/2FA/verify: spends the step-up code sent to the caller's confirmed phone. */
    stepUp(
      ctx: RequestContext,
      body: EndpointBody<typeof endpoints.auth.stepUpVerify>,
    ): Promise<{ ok: true }>;
  };

export function createSessionService(
  db: Db,
  clock: Clock,
  security: Pick<SecuritySettings, "effectiveFor">,
  more: { audit: Audit; codes: Pick<CodeService, "check" | "requireCode"> },
  cacheMs = AUTH_CACHE_MS,
): SessionService {
  const cache = new Map<string, { principal: Principal; loadedAt: number }>();
  const forgetListeners: ((userId: string) => void)[] = [];
  const endListeners: ((userId: string) => void)[] = [];

  function forget(predicate: (p: Principal) => boolean) {
    for (const [key, entry] of cache) if (predicate(entry.principal)) cache.delete(key);
  }

  const lifetimeFor = async (orgId: string | null) => (await security.effectiveFor(orgId)).sessionTtlMinutes;

  /** The operator behind a support session, while their own account is enabled. */
  async function supportOf(operatorId: string | null): Promise<Principal["support"]> {
    if (!operatorId) return undefined;
    const operator = await findUserById(db, operatorId);
    if (operator?.status !== "enabled") throw new DomainError("SESSION_EXPIRED");
    return { operatorId, operatorAccount: operator.account, operatorName: operator.realName };
  }

  async function load(sessionId: string, now: Date): Promise<Principal> {
    const row = await liveSessionWithUser(db, sessionId);
    if (!row || row.session.expiresAt.getTime() <= now.getTime() || row.user.status !== "enabled") {
      throw new DomainError("SESSION_EXPIRED");
    }
    const [permissions, role, settings, support] = await Promise.all([
      permissionsOf(db, row.user.id),
      roleById(db, row.user.roleId),
      security.effectiveFor(row.user.orgId),
      supportOf(row.session.supportOperatorId),
    ]);
    return {
      userId: row.user.id,
      orgId: row.user.orgId,
      account: row.user.account,
      roleId: row.user.roleId,
      moduleType: role?.moduleType ?? "console",
      permissions: new Set(permissions),
      sessionId: row.session.id,
      stepUpUntil: row.session.stepUpUntil,
      sessionExpiresAt: row.session.expiresAt,
      lastSeenAt: row.session.lastSeenAt,
      // The support view reads as the account is; setting its password is the tenant's own business.
      mustChangePassword:
        !support &&
        (!row.user.loginNotFirst || passwordExpired(row.user, settings.passwordPolicy.expiryDays, now)),
      mobile: row.user.mobile,
      mobileVerified: !!row.user.mobile && !!row.user.mobileVerifiedAt,
      signSecret: row.session.signSecret,
      viaBrowser: true,
      ...(support ? { support } : {}),
    };
  }

  return {
    async create(tx, userId, meta) {
      const token = randomToken(32);
      const signSecret = randomToken(32);
      const now = clock.now();
      const expiresAt = addMinutes(now, meta.lifetimeMinutes);
      await insertSession(tx, {
        id: sha256(token),
        userId,
        signSecret,
        createdAt: now,
        expiresAt,
        lastSeenAt: now,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 256) ?? null,
      });
      return { token, signSecret, expiresAt };
    },

    async createSupport(tx, userId, meta) {
      const token = SUPPORT_TOKEN_PREFIX + randomToken(32);
      const signSecret = randomToken(32);
      const now = clock.now();
      const expiresAt = addMinutes(now, SUPPORT_SESSION_MINUTES);
      await insertSession(tx, {
        id: sha256(token),
        userId,
        supportOperatorId: meta.operatorId,
        signSecret,
        createdAt: now,
        expiresAt,
        lastSeenAt: now,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 256) ?? null,
      });
      return { token, signSecret, expiresAt };
    },

    async authenticate(req: FastifyRequest): Promise<Principal> {
      const auth = req.headers.authorization;
      const token = auth?.startsWith("Bearer ") ? auth.slice(7).trim() : undefined;
      if (!token) throw new DomainError("SESSION_EXPIRED");
      const id = sha256(token);
      const now = clock.now();
      const hit = cache.get(id);
      const fresh = hit && now.getTime() - hit.loadedAt < cacheMs && now.getTime() >= hit.loadedAt;
      if (fresh && hit.principal.sessionExpiresAt.getTime() > now.getTime()) return hit.principal;
      cache.delete(id);
      const principal = await load(id, now);
      if (cacheMs > 0) {
        if (cache.size > 10_000) cache.clear();
        cache.set(id, { principal, loadedAt: now.getTime() });
      }
      return principal;
    },

    // Only a request that passed the signature check keeps its session alive.
    async touch(principal) {
      if (principal.support) return;
      const now = clock.now();
      if (now.getTime() - principal.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
      const expiresAt = addMinutes(now, await lifetimeFor(principal.orgId));
      await extendSession(db, principal.sessionId, now, expiresAt);
      principal.lastSeenAt = now;
      principal.sessionExpiresAt = expiresAt;
    },

    currentStepUp: (sessionId) => stepUpUntilOf(db, sessionId),

    async refresh(ctx) {
      const { sessionId, orgId } = ctx.actor;
      const now = clock.now();
      const expiresAt = addMinutes(now, await lifetimeFor(orgId));
      await extendSession(db, sessionId, now, expiresAt);
      cache.delete(sessionId);
      return { expiresAt: expiresAt.toISOString() };
    },

    async revoke(tx, sessionId) {
      await revokeSession(tx, sessionId, clock.now());
      cache.delete(sessionId);
    },

    async revokeAllOf(tx, userId, keep) {
      await revokeSessionsOf(tx, userId, clock.now(), keep);
      forget((p) => (p.userId === userId || p.support?.operatorId === userId) && p.sessionId !== keep);
      for (const listener of forgetListeners) listener(userId);
      // Inside the caller's transaction: the listeners' own check runs after it commits.
      setImmediate(() => {
        for (const listener of endListeners) listener(userId);
      });
    },

    async markSteppedUp(tx, sessionId) {
      await setStepUpUntil(tx, sessionId, addMinutes(clock.now(), STEP_UP_MINUTES));
      cache.delete(sessionId);
    },

    async logout(ctx) {
      const { sessionId, userId, support } = ctx.actor;
      await db.transaction(async (tx) => {
        await revokeSession(tx, sessionId, clock.now());
        // The end of a support view is the tenant's event too (its own audit log shows it).
        await more.audit.record(tx, {
          action: support ? "tenant.supportEnded" : "logout",
          ...ctx.auditBy,
          target: userId,
        });
      });
      cache.delete(sessionId);
      for (const listener of endListeners) listener(userId);
      return { ok: true };
    },

    async stepUpState({ actor }) {
      return { enabled: actor.mobileVerified && (await security.effectiveFor(actor.orgId)).stepUpEnabled };
    },

    async stepUp({ actor }, { smsCode }) {
      if (!actor.mobile) throw new DomainError("PHONE_NOT_BOUND");
      if (!actor.mobileVerified) throw new DomainError("PHONE_NOT_VERIFIED");
      const phone = actor.mobile;
      // A wrong guess is counted outside the transaction (which a refusal rolls back); a right
      // code is spent in the same transaction that opens the step-up window.
      if (!(await more.codes.check(phone, "stepup", smsCode, false)))
        throw new DomainError("SMS_CODE_INVALID");
      await db.transaction(async (tx) => {
        await more.codes.requireCode(phone, "stepup", smsCode, tx);
        await setStepUpUntil(tx, actor.sessionId, addMinutes(clock.now(), STEP_UP_MINUTES));
      });
      cache.delete(actor.sessionId);
      return { ok: true };
    },

    forgetUser(userId) {
      forget((p) => p.userId === userId || p.support?.operatorId === userId);
      for (const listener of forgetListeners) listener(userId);
    },

    onForgetUser(listener) {
      forgetListeners.push(listener);
    },

    async isLive(sessionId) {
      try {
        await load(sessionId, clock.now());
        return true;
      } catch (err) {
        if (err instanceof DomainError) return false;
        throw err;
      }
    },

    onSessionEnded(listener) {
      endListeners.push(listener);
    },
  };
}
