// Operator accounts and their built-in roles (issue 19, decision 0028): the platform administrator
// creates, disables, re-enables and resets them and changes their roles. The last enabled platform
// administrator can be neither disabled nor demoted, so the platform always keeps one.
import {
  checkPassword,
  type EndpointBody,
  type EndpointQuery,
  type endpoints,
  type OperatorRoleKey,
  type OperatorRow,
  passwordProblemText,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import { hashPassword } from "../../platform/passwords";
import type { RequestContext } from "../../platform/request-context";
import { contactConflict } from "./access-control";
import { ROLE } from "./iam.repo";
import {
  type OperatorFilter,
  operatorPage,
  otherEnabledPlatformAdmins,
  rolesOfOperators,
  setOperatorRoles,
} from "./operators.repo";
import type { SecuritySettings } from "./security-settings.service";
import { generatePassword, setTemporaryPassword } from "./temporary-password";
import type { UserSessions } from "./user-sessions";
import { contactTaken, findUserById, insertUser, setUserFields, valueInUse } from "./users.repo";

export type OperatorsDeps = {
  db: Db;
  clock: Clock;
  audit: Audit;
  sessions: UserSessions;
  security: Pick<SecuritySettings, "effectiveFor">;
};

type Create = EndpointBody<typeof endpoints.operators.create>;

export function createOperatorsService(deps: OperatorsDeps) {
  const { db, clock, audit, sessions } = deps;

  const record = (tx: Tx, ctx: RequestContext, action: string, target: string, detail: object) =>
    audit.record(tx, { action, ...ctx.auditBy, orgId: null, target, detail });

  /**
   * An operator account, the caller's own included: the last-administrator rule, not a ban on
   * acting on oneself, is what keeps the platform from losing its last administrator.
   */
  async function target(userId: string) {
    const user = await findUserById(db, userId);
    if (!user) throw new DomainError("NOT_FOUND");
    if (user.orgId !== null) throw new DomainError("NOT_AN_OPERATOR");
    return user;
  }

  /** Refuses, in `tx`, a change that would leave no enabled platform administrator. */
  async function keepOnePlatformAdmin(tx: Tx, user: { id: string; roleId: number; status: string }) {
    if (user.roleId !== ROLE.platformAdmin || user.status !== "enabled") return;
    if ((await otherEnabledPlatformAdmins(tx, user.id)) === 0) throw new DomainError("LAST_PLATFORM_ADMIN");
  }

  async function firstPassword(chosen: string | undefined): Promise<string> {
    const { passwordPolicy } = await deps.security.effectiveFor(null);
    if (chosen === undefined) return generatePassword(passwordPolicy);
    const problems = checkPassword(chosen, passwordPolicy);
    if (problems.length)
      throw new DomainError("PASSWORD_POLICY", { reason: passwordProblemText(problems, passwordPolicy) });
    return chosen;
  }

  return {
    async list(query: EndpointQuery<typeof endpoints.operators.list>) {
      const filter: OperatorFilter = { keyword: query.keyword, status: query.status, role: query.role };
      const { rows, total } = await operatorPage(
        db,
        filter,
        query.pageSize,
        (query.pageNum - 1) * query.pageSize,
      );
      const roles = await rolesOfOperators(db, rows);
      const list: OperatorRow[] = rows.map((u) => ({
        userSid: u.id,
        account: u.account,
        realName: u.realName,
        email: u.email,
        mobile: u.mobile,
        roles: roles.get(u.id) ?? [],
        status: u.status,
        mustChangePassword: !u.loginNotFirst,
        createdAt: u.createdAt.toISOString(),
        lastLoginTime: u.lastLoginTime?.toISOString() ?? null,
      }));
      return { list, total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    async create(ctx: RequestContext, body: Create) {
      if (await valueInUse(db, "account", body.account)) throw new DomainError("ACCOUNT_EXISTS");
      const email = body.email.toLowerCase();
      const userId = newId();
      if (await contactTaken(db, "email", email, userId)) throw new DomainError("EMAIL_EXISTS");
      if (await contactTaken(db, "mobile", body.mobile, userId)) throw new DomainError("MOBILE_EXISTS");
      const password = await firstPassword(body.password);
      const passwordHash = await hashPassword(password);
      const now = clock.now();
      try {
        await db.transaction(async (tx) => {
          await insertUser(tx, {
            id: userId,
            account: body.account,
            realName: body.realName,
            email,
            mobile: body.mobile,
            passwordHash,
            orgId: null,
            roleId: ROLE.operator,
            // The first sign-in must replace this password (page /firstLogin).
            loginNotFirst: false,
            pwdChangedAt: now,
            createdAt: now,
          });
          await setOperatorRoles(tx, userId, body.roles);
          await record(tx, ctx, "operator.created", userId, {
            account: body.account,
            operatorRoles: body.roles,
            passwordMode: body.password === undefined ? "generated" : "chosen",
          });
        });
      } catch (err) {
        contactConflict(err);
      }
      return { userSid: userId, password };
    },

    async setRoles(ctx: RequestContext, userId: string, roles: OperatorRoleKey[]) {
      const user = await target(userId);
      const before = (await rolesOfOperators(db, [user])).get(user.id) ?? [];
      await db.transaction(async (tx) => {
        if (!roles.includes("platformAdmin")) await keepOnePlatformAdmin(tx, user);
        await setOperatorRoles(tx, user.id, roles);
        await record(tx, ctx, "operator.rolesChanged", user.id, {
          account: user.account,
          operatorRoles: { from: before, to: roles },
        });
      });
      // Their menus and codes change at once, not when their cached principal expires.
      sessions.forgetUser(user.id);
      return { ok: true as const };
    },

    async setStatus(ctx: RequestContext, userId: string, status: "enabled" | "disabled") {
      const user = await target(userId);
      await db.transaction(async (tx) => {
        if (status === "disabled") {
          await keepOnePlatformAdmin(tx, user);
          await sessions.revokeAllOf(tx, user.id);
        }
        await setUserFields(tx, user.id, { status });
        await record(tx, ctx, status === "disabled" ? "operator.disabled" : "operator.enabled", user.id, {
          account: user.account,
        });
      });
      sessions.forgetUser(user.id);
      return { ok: true as const };
    },

    /** A new temporary password, answered once; the operator's sessions end. */
    async resetPassword(ctx: RequestContext, userId: string) {
      const user = await target(userId);
      const password = await firstPassword(undefined);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await setTemporaryPassword(tx, user.id, passwordHash, clock.now());
        await sessions.revokeAllOf(tx, user.id);
        await record(tx, ctx, "operator.passwordReset", user.id, { account: user.account });
      });
      sessions.forgetUser(user.id);
      return { userSid: user.id, password };
    },
  };
}
