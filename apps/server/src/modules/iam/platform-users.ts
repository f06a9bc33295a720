// Operators' view of every account, with the unlock action of the lock-out policy.
import { endpoints, roleName } from "@skyledger/contracts";
import { and, count, desc, eq, gt, ilike, or, type SQL } from "drizzle-orm";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { DomainError } from "../../platform/http/errors";
import type { ModuleContext } from "../../platform/module";
import type { Messaging } from "../../platform/outbox/messaging";
import type { SessionService } from "../auth/sessions.service";
import { organizations, roles, users } from "./iam.schema";
import { generatePassword, sendTemporaryPassword, setTemporaryPassword } from "./temporary-password";

export function registerPlatformUserRoutes(
  ctx: ModuleContext,
  deps: { db: Db; clock: Clock; audit: Audit; sessions: SessionService; messaging: Messaging },
) {
  const { app, guards, userRoute } = ctx;
  const { db, clock, audit } = deps;

  userRoute(app, guards, endpoints.platformUsers.list, async ({ query, locale }) => {
    const where: SQL[] = [];
    if (query.keyword) {
      const k = containsPattern(query.keyword);
      where.push(
        or(
          ilike(users.account, k),
          ilike(users.email, k),
          ilike(users.mobile, k),
          ilike(organizations.name, k),
        )!,
      );
    }
    if (query.lockedOnly) where.push(gt(users.lockedUntil, clock.now()));
    const cond = where.length ? and(...where) : undefined;
    const base = db
      .select({ u: users, orgName: organizations.name, roleName: roles.name, roleKey: roles.key })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.orgId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(cond);
    const [rows, totals] = await Promise.all([
      base
        .orderBy(desc(users.createdAt))
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize),
      db
        .select({ n: count() })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.orgId))
        .where(cond),
    ]);
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
      total: totals[0]?.n ?? 0,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    };
  });

  userRoute(app, guards, endpoints.platformUsers.unlock, async ({ params, principal, req }) => {
    const done = await db
      .update(users)
      .set({ lockedUntil: null, failedLogins: 0, firstFailedAt: null })
      .where(eq(users.id, params.userSid))
      .returning({ id: users.id, orgId: users.orgId });
    if (done.length === 0) throw new DomainError("NOT_FOUND");
    await audit.record(db, {
      action: "account.unlocked",
      actorId: principal.userId,
      orgId: done[0]!.orgId,
      target: params.userSid,
      ip: req.ip,
    });
    return { ok: true as const };
  });

  userRoute(
    app,
    guards,
    endpoints.platformUsers.resetPassword,
    async ({ params, principal, req, locale }) => {
      const [user] = await db.select().from(users).where(eq(users.id, params.userSid));
      if (!user) throw new DomainError("NOT_FOUND");
      if (!user.mobile) throw new DomainError("PHONE_NOT_BOUND");
      // The temporary password goes only to a phone its owner confirmed with a code.
      if (!user.mobileVerifiedAt) throw new DomainError("TARGET_PHONE_NOT_VERIFIED");
      const password = generatePassword();
      await setTemporaryPassword(db, user.id, password, clock.now());
      await deps.sessions.revokeAllOf(user.id);
      await sendTemporaryPassword(
        db,
        deps.messaging,
        { account: user.account, mobile: user.mobile },
        password,
        locale,
      );
      await audit.record(db, {
        action: "password.resetByOperator",
        actorId: principal.userId,
        orgId: user.orgId,
        target: user.id,
        ip: req.ip,
      });
      return { ok: true as const };
    },
  );
}
