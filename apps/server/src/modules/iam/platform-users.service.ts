// Operators' view of every account, with the unlock and reset actions of the lock-out policy.
import { type EndpointQuery, type endpoints, roleName } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { Messaging } from "../../platform/outbox/messaging";
import { hashPassword } from "../../platform/passwords";
import type { RequestContext } from "../../platform/request-context";
import { platformUserPage, unlockAccount } from "./platform-users.repo";
import { generatePassword, sendTemporaryPassword, setTemporaryPassword } from "./temporary-password";
import type { UserSessions } from "./user-sessions";
import { findUserById } from "./users.repo";

export type PlatformUsersDeps = {
  db: Db;
  clock: Clock;
  audit: Audit;
  sessions: UserSessions;
  messaging: Messaging;
};

export type PlatformUsersService = ReturnType<typeof createPlatformUsersService>;

export function createPlatformUsersService(deps: PlatformUsersDeps) {
  const { db, clock, audit } = deps;
  return {
    async list(ctx: RequestContext, query: EndpointQuery<typeof endpoints.platformUsers.list>) {
      const { rows, total } = await platformUserPage(
        db,
        query,
        clock.now(),
        query.pageSize,
        (query.pageNum - 1) * query.pageSize,
      );
      const now = clock.now().getTime();
      return {
        list: rows.map(({ u, orgName, roleName: name, roleKey }) => ({
          userSid: u.id,
          account: u.account,
          realName: u.realName,
          email: u.email,
          mobile: u.mobile,
          orgName,
          roleName: roleName(roleKey, name, ctx.locale),
          status: u.status,
          lockedUntil: u.lockedUntil && u.lockedUntil.getTime() > now ? u.lockedUntil.toISOString() : null,
          certificationStatus: u.certificationStatus,
          createdAt: u.createdAt.toISOString(),
          lastLoginTime: u.lastLoginTime?.toISOString() ?? null,
        })),
        total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },

    async unlock(ctx: RequestContext, userId: string) {
      await db.transaction(async (tx) => {
        const done = await unlockAccount(tx, userId);
        if (!done) throw new DomainError("NOT_FOUND");
        await audit.record(tx, {
          action: "account.unlocked",
          ...ctx.auditBy,
          orgId: done.orgId,
          target: userId,
        });
      });
      return { ok: true as const };
    },

    /** A temporary password goes to the account's confirmed phone and must be changed at sign-in. */
    async resetPassword(ctx: RequestContext, userId: string) {
      const user = await findUserById(db, userId);
      if (!user) throw new DomainError("NOT_FOUND");
      if (!user.mobile) throw new DomainError("PHONE_NOT_BOUND");
      // The temporary password goes only to a phone its owner confirmed with a code.
      if (!user.mobileVerifiedAt) throw new DomainError("TARGET_PHONE_NOT_VERIFIED");
      const mobile = user.mobile;
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await setTemporaryPassword(tx, user.id, passwordHash, clock.now());
        await deps.sessions.revokeAllOf(tx, user.id);
        await sendTemporaryPassword(
          tx,
          deps.messaging,
          { account: user.account, mobile },
          password,
          ctx.locale,
        );
        await audit.record(tx, {
          action: "password.resetByOperator",
          ...ctx.auditBy,
          orgId: user.orgId,
          target: user.id,
        });
      });
      deps.sessions.forgetUser(user.id);
      return { ok: true as const };
    },
  };
}
