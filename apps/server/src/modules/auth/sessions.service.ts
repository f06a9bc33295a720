// Browser sessions: a bearer token (stored hashed) with a per-session signing secret, a sliding
// lifetime from the configuration, and a short SMS step-up window.
import { and, eq, isNull, ne } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Authenticator, Principal } from "../../platform/auth/principal";
import { addMinutes, type Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { randomToken, sha256 } from "../../platform/ids";
import type { ConfigService } from "../config/config.service";
import { permissionsOf, roleById } from "../iam/iam.repo";
import { users } from "../iam/iam.schema";
import { sessions } from "./auth.schema";

// Writing last-seen on every request would turn reads into writes; once a minute is enough.
const TOUCH_EVERY_MS = 60_000;
export const STEP_UP_MINUTES = 5;

export type SessionService = Authenticator & {
  create(
    userId: string,
    meta: { ip: string; userAgent: string | undefined },
  ): Promise<{
    token: string;
    signSecret: string;
    expiresAt: Date;
  }>;
  refresh(sessionId: string): Promise<Date>;
  revoke(sessionId: string): Promise<void>;
  /** Ends every live session of the user except `keep` (the one that asked, if any). */
  revokeAllOf(userId: string, keep?: string): Promise<void>;
  markSteppedUp(sessionId: string): Promise<void>;
  expiresAt(sessionId: string): Promise<Date>;
};

export function createSessionService(db: Db, clock: Clock, config: ConfigService): SessionService {
  async function ttl() {
    return config.sessionTtlMinutes();
  }

  return {
    async create(userId, meta) {
      const token = randomToken(32);
      const signSecret = randomToken(32);
      const now = clock.now();
      const expiresAt = addMinutes(now, await ttl());
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
      const now = clock.now();
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sha256(token)), isNull(sessions.revokedAt)));
      if (!row || row.session.expiresAt.getTime() <= now.getTime() || row.user.status !== "enabled") {
        throw new DomainError("SESSION_EXPIRED");
      }
      if (now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: now, expiresAt: addMinutes(now, await ttl()) })
          .where(eq(sessions.id, row.session.id));
      }
      const [permissions, role] = await Promise.all([
        permissionsOf(db, row.user.id),
        roleById(db, row.user.roleId),
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
        mobile: row.user.mobile,
        signSecret: row.session.signSecret,
        viaBrowser: true,
      };
    },

    async refresh(sessionId) {
      const now = clock.now();
      const expiresAt = addMinutes(now, await ttl());
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, sessionId));
      return expiresAt;
    },

    async revoke(sessionId) {
      await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
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
    },

    async markSteppedUp(sessionId) {
      await db
        .update(sessions)
        .set({ stepUpUntil: addMinutes(clock.now(), STEP_UP_MINUTES) })
        .where(eq(sessions.id, sessionId));
    },

    async expiresAt(sessionId) {
      const [row] = await db
        .select({ e: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return row?.e ?? clock.now();
    },
  };
}
