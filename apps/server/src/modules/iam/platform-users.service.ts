// Operators' view of every account, with the unlock and reset actions of the lock-out policy.
import { type Locale, roleName } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { Messaging } from "../../platform/outbox/messaging";
import { hashPassword } from "../../platform/passwords";
import { type PlatformUserFilter, platformUserPage, unlockAccount } from "./platform-users.repo";
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

/** Who acts, from where. */
type Operator = { userId: string; ip: string };

export type PlatformUsersService = ReturnType<typeof createPlatformUsersService>;

export function createPlatformUsersService(deps: PlatformUsersDeps) {
  const { db, clock, audit } = deps;
  return {
    async list(query: PlatformUserFilter & { pageNum: number; pageSize: number }, locale: Locale) {
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
          roleName: roleName(roleKey, name, locale),
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

    async unlock(userId: string, operator: Operator): Promise<void> {
      await db.transaction(async (tx) => {
        const done = await unlockAccount(tx, userId);
        if (!done) throw new DomainError("NOT_FOUND");
        await audit.record(tx, {
          action: "account.unlocked",
          actorId: operator.userId,
          orgId: done.orgId,
          target: userId,
          ip: operator.ip,
        });
      });
    },

    /** A temporary password goes to the account's confirmed phone and must be changed at sign-in. */
    async resetPassword(userId: string, operator: Operator, locale: Locale): Promise<void> {
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
        await sendTemporaryPassword(tx, deps.messaging, { account: user.account, mobile }, password, locale);
        await audit.record(tx, {
          action: "password.resetByOperator",
          actorId: operator.userId,
          orgId: user.orgId,
          target: user.id,
          ip: operator.ip,
        });
      });
      deps.sessions.forgetUser(user.id);
    },
  };
}
