// Sign-in with the lock-out policy of the user's organisation (else the platform's): N failures
// within M minutes lock the account for K minutes.
import type { EndpointBody, endpoints } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import { addMinutes, type Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { sha256 } from "../../platform/ids";
import { hashPassword, verifyPassword } from "../../platform/passwords";
import { roleById } from "../iam/iam.repo";
import type { SecuritySettings } from "../iam/security-settings.service";
import {
  countLoginFailure,
  countUnknownLoginFailure,
  findUserByLogin,
  lockUnknownLogin,
  sweepUnknownLogins,
  type UserRow,
  unknownLoginLock,
  updateUser,
} from "./auth.repo";
import { passwordExpired } from "./password-expiry";
import type { SessionService } from "./sessions.service";

const minutesLeft = (until: Date, now: Date) => Math.ceil((until.getTime() - now.getTime()) / 60_000);

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
    const windowStart = new Date(now.getTime() - policy.windowMinutes * 60_000);
    const base = { actorId: user.id, orgId: user.orgId, target: user.id, ip };
    // The count, the lock and their audit row commit together; the refusal is thrown after commit.
    const failures = await db.transaction(async (tx) => {
      const failures = await countLoginFailure(tx, user.id, now, windowStart);
      if (failures >= policy.maxFailures) {
        await updateUser(tx, user.id, {
          failedLogins: 0,
          firstFailedAt: null,
          lockedUntil: addMinutes(now, policy.lockMinutes),
        });
        await audit.record(tx, { ...base, action: "account.locked", detail: { failures } });
      } else {
        await audit.record(tx, { ...base, action: "login.failed", detail: { failures } });
      }
      return failures;
    });
    if (failures >= policy.maxFailures)
      throw new DomainError("ACCOUNT_LOCKED", { minutes: policy.lockMinutes });
    throw new DomainError("WRONG_PASSWORD");
  }

  // A login text naming no account goes through the same steps as a real one: the lock check, one
  // hash check, the count under the platform's lock-out policy, and ACCOUNT_LOCKED at its limit.
  let lastSweep = 0;
  async function unknownAccount(account: string, password: string, now: Date): Promise<never> {
    const loginHash = sha256(`login:${account.trim().toLowerCase()}`);
    const policy = (await security.effectiveFor(null)).lockoutPolicy;
    const lockedUntil = await unknownLoginLock(db, loginHash);
    if (lockedUntil && lockedUntil.getTime() > now.getTime()) {
      throw new DomainError("ACCOUNT_LOCKED", { minutes: minutesLeft(lockedUntil, now) });
    }
    await verifyPassword(await dummyHash, password);
    const windowStart = new Date(now.getTime() - policy.windowMinutes * 60_000);
    // The count and the lock it reaches commit together, as a real account's do.
    const failures = await db.transaction(async (tx) => {
      const failures = await countUnknownLoginFailure(tx, loginHash, now, windowStart);
      if (failures >= policy.maxFailures) {
        await lockUnknownLogin(tx, loginHash, addMinutes(now, policy.lockMinutes));
      }
      return failures;
    });
    if (now.getTime() - lastSweep > 60_000) {
      lastSweep = now.getTime();
      await sweepUnknownLogins(db, new Date(now.getTime() - 24 * 3_600_000), now);
    }
    if (failures >= policy.maxFailures)
      throw new DomainError("ACCOUNT_LOCKED", { minutes: policy.lockMinutes });
    throw new DomainError("WRONG_PASSWORD");
  }

  return {
    async login(
      { account, password }: EndpointBody<typeof endpoints.auth.login>,
      meta: { ip: string; userAgent: string | undefined },
    ) {
      const now = clock.now();
      const user = await findUserByLogin(db, account);
      if (!user) return unknownAccount(account, password, now);
      if (user.lockedUntil && user.lockedUntil.getTime() > now.getTime()) {
        throw new DomainError("ACCOUNT_LOCKED", { minutes: minutesLeft(user.lockedUntil, now) });
      }
      if (!(await verifyPassword(user.passwordHash, password))) return recordFailure(user, meta.ip, now);
      if (user.status !== "enabled") throw new DomainError("ACCOUNT_DISABLED");

      const settings = await security.effectiveFor(user.orgId);
      const session = await db.transaction(async (tx) => {
        await updateUser(tx, user.id, {
          failedLogins: 0,
          firstFailedAt: null,
          lockedUntil: null,
          lastLoginIp: meta.ip,
          lastLoginTime: now,
        });
        const session = await sessions.create(tx, user.id, {
          ...meta,
          lifetimeMinutes: settings.sessionTtlMinutes,
        });
        await audit.record(tx, {
          action: "login",
          actorId: user.id,
          orgId: user.orgId,
          target: user.id,
          ip: meta.ip,
        });
        return session;
      });
      sessions.forgetUser(user.id);
      const role = await roleById(db, user.roleId);
      const policy = settings.passwordPolicy;
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
