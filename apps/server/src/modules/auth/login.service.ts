// Sign-in with the lock-out policy of the user's organisation (else the platform's): N failures
// within M minutes lock the account for K minutes.
import { eq, sql } from "drizzle-orm";
import { addMinutes, type Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { hashPassword, verifyPassword } from "../../platform/passwords";
import type { Audit } from "../audit/audit.service";
import { roleById } from "../iam/iam.repo";
import { users } from "../iam/iam.schema";
import type { SecuritySettings } from "../iam/security-settings.service";
import { findUserByLogin, type UserRow, updateUser } from "./auth.repo";
import { passwordExpired } from "./password-expiry";
import type { SessionService } from "./sessions.service";

export function createLoginService(deps: {
  db: Db;
  clock: Clock;
  security: Pick<SecuritySettings, "effectiveFor">;
  sessions: SessionService;
  audit: Audit;
}) {
  const { db, clock, security, sessions, audit } = deps;
  // Unknown accounts still pay for one hash check, so timing does not reveal which accounts exist.
  const dummyHash = hashPassword("not-a-real-password-1!");

  async function recordFailure(user: UserRow, ip: string, now: Date): Promise<never> {
    const policy = (await security.effectiveFor(user.orgId)).lockoutPolicy;
    // Counted in one statement: concurrent wrong passwords read the same row, and a count computed
    // here from `user` would let each overwrite the others' and never reach the limit.
    const windowStart = new Date(now.getTime() - policy.windowMinutes * 60_000).toISOString();
    const windowOpen = sql`${users.firstFailedAt} > ${windowStart}::timestamptz`;
    const [counted] = await db
      .update(users)
      .set({
        failedLogins: sql`case when ${windowOpen} then ${users.failedLogins} + 1 else 1 end`,
        firstFailedAt: sql`case when ${windowOpen} then ${users.firstFailedAt} else ${now.toISOString()}::timestamptz end`,
      })
      .where(eq(users.id, user.id))
      .returning({ failures: users.failedLogins });
    const failures = counted?.failures ?? 1;
    const base = { actorId: user.id, orgId: user.orgId, target: user.id, ip };
    if (failures >= policy.maxFailures) {
      await updateUser(db, user.id, {
        failedLogins: 0,
        firstFailedAt: null,
        lockedUntil: addMinutes(now, policy.lockMinutes),
      });
      await audit.record({ ...base, action: "account.locked", detail: { failures } });
      throw new DomainError("ACCOUNT_LOCKED", { minutes: policy.lockMinutes });
    }
    await audit.record({ ...base, action: "login.failed", detail: { failures } });
    throw new DomainError("WRONG_PASSWORD");
  }

  return {
    async login(account: string, password: string, meta: { ip: string; userAgent: string | undefined }) {
      const now = clock.now();
      const user = await findUserByLogin(db, account);
      if (!user) {
        await verifyPassword(await dummyHash, password);
        throw new DomainError("WRONG_PASSWORD");
      }
      if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime()) {
        const minutes = Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 60_000);
        throw new DomainError("ACCOUNT_LOCKED", { minutes });
      }
      if (!(await verifyPassword(user.passwordHash, password))) return recordFailure(user, meta.ip, now);
      if (user.status !== "enabled") throw new DomainError("ACCOUNT_DISABLED");

      await updateUser(db, user.id, {
        failedLogins: 0,
        firstFailedAt: null,
        lockedUntil: null,
        lastLoginIp: meta.ip,
        lastLoginTime: now,
      });
      sessions.forgetUser(user.id);
      const session = await sessions.create(user.id, { ...meta, orgId: user.orgId });
      await audit.record({
        action: "login",
        actorId: user.id,
        orgId: user.orgId,
        target: user.id,
        ip: meta.ip,
      });
      const role = await roleById(db, user.roleId);
      const policy = (await security.effectiveFor(user.orgId)).passwordPolicy;
      return {
        token: session.token,
        signSecret: session.signSecret,
        expiresAt: session.expiresAt.toISOString(),
        landing: role?.landing ?? "/mgt/dashboard",
        // An expired password is handled like a first login: the user must set a new one.
        loginNotFirstFlag: user.loginNotFirst && !passwordExpired(user, policy.expiryDays, now),
      };
    },
  };
}
