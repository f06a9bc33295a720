// Browser sessions: a bearer token (stored hashed) with a per-session signing secret, a sliding
// lifetime from the organisation's security settings (else the configuration), and a short SMS
// step-up window.
import { and, eq, isNull, ne } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Authenticator, Principal } from "../../platform/auth/principal";
import { addMinutes, type Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { randomToken, sha256 } from "../../platform/ids";
import { permissionsOf, roleById } from "../iam/iam.repo";
import { users } from "../iam/iam.schema";
import type { SecuritySettings } from "../iam/security-settings.service";
import { sessions } from "./auth.schema";
import { passwordExpired } from "./password-expiry";

// Writing last-seen on every request would turn reads into writes; once a minute is enough.
const TOUCH_EVERY_MS = 60_000;
export const STEP_UP_MINUTES = 5;

export type SessionService = Authenticator & {
  /** `orgId` is the user's organisation: its session lifetime applies. */
  create(
    userId: string,
    meta: { ip: string; userAgent: string | undefined; orgId: string | null },
  ): Promise<{
    token: string;
    signSecret: string;
    expiresAt: Date;
  }>;
  refresh(principal: Pick<Principal, "sessionId" | "orgId">): Promise<Date>;
  revoke(sessionId: string): Promise<void>;
  /** Ends every live session of the user except `keep` (the one that asked, if any). */
  revokeAllOf(userId: string, keep?: string): Promise<void>;
  markSteppedUp(sessionId: string): Promise<void>;
  /** Drops cached principals (and what listeners cached) of a user whose data changed. */
  forgetUser(userId: string): void;
  onForgetUser(listener: (userId: string) => void): void;
};

/**
 * Resolving a principal costs several queries; a principal is reused for `cacheMs` (default 5 s).
 * This instance forgets its entries at once on logout, password change or permission change;
 * other instances notice within `cacheMs` (docs/operations/several-instances.md).
 */
export const AUTH_CACHE_MS = 5_000;

export function createSessionService(
  db: Db,
  clock: Clock,
  security: Pick<SecuritySettings, "effectiveFor">,
  cacheMs = AUTH_CACHE_MS,
): SessionService {
  const cache = new Map<string, { principal: Principal; loadedAt: number }>();
  const forgetListeners: ((userId: string) => void)[] = [];

  function forget(predicate: (p: Principal) => boolean) {
    for (const [key, entry] of cache) if (predicate(entry.principal)) cache.delete(key);
  }

  const lifetimeFor = async (orgId: string | null) => (await security.effectiveFor(orgId)).sessionTtlMinutes;

  async function load(sessionId: string, now: Date): Promise<Principal> {
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    if (!row || row.session.expiresAt.getTime() <= now.getTime() || row.user.status !== "enabled") {
      throw new DomainError("SESSION_EXPIRED");
    }
    const [permissions, role, settings] = await Promise.all([
      permissionsOf(db, row.user.id),
      roleById(db, row.user.roleId),
      security.effectiveFor(row.user.orgId),
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
      mustChangePassword:
        !row.user.loginNotFirst || passwordExpired(row.user, settings.passwordPolicy.expiryDays, now),
      mobile: row.user.mobile,
      mobileVerified: !!row.user.mobile && !!row.user.mobileVerifiedAt,
      signSecret: row.session.signSecret,
      viaBrowser: true,
    };
  }

  return {
    async create(userId, meta) {
      const token = randomToken(32);
      const signSecret = randomToken(32);
      const now = clock.now();
      const expiresAt = addMinutes(now, await lifetimeFor(meta.orgId));
      await db.insert(sessions).values({
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
      const now = clock.now();
      if (now.getTime() - principal.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
      const expiresAt = addMinutes(now, await lifetimeFor(principal.orgId));
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt })
        .where(eq(sessions.id, principal.sessionId));
      principal.lastSeenAt = now;
      principal.sessionExpiresAt = expiresAt;
    },

    async currentStepUp(sessionId) {
      const [row] = await db
        .select({ s: sessions.stepUpUntil })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return row?.s ?? null;
    },

    async refresh({ sessionId, orgId }) {
      const now = clock.now();
      const expiresAt = addMinutes(now, await lifetimeFor(orgId));
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, sessionId));
      cache.delete(sessionId);
      return expiresAt;
    },

    async revoke(sessionId) {
      await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
      cache.delete(sessionId);
    },

    async revokeAllOf(userId, keep) {
      await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keep ? ne(sessions.id, keep) : undefined,
          ),
        );
      forget((p) => p.userId === userId && p.sessionId !== keep);
      for (const listener of forgetListeners) listener(userId);
    },

    async markSteppedUp(sessionId) {
      await db
        .update(sessions)
        .set({ stepUpUntil: addMinutes(clock.now(), STEP_UP_MINUTES) })
        .where(eq(sessions.id, sessionId));
      cache.delete(sessionId);
    },

    forgetUser(userId) {
      forget((p) => p.userId === userId);
      for (const listener of forgetListeners) listener(userId);
    },

    onForgetUser(listener) {
      forgetListeners.push(listener);
    },
  };
}
