// The operators' list of every account on the platform.
import { and, count, desc, eq, gt, ilike, or, type SQL } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { organizations, roles, users } from "./iam.schema";

export type PlatformUserFilter = { keyword?: string | undefined; lockedOnly?: boolean | undefined };

function conditionOf(filter: PlatformUserFilter, now: Date) {
  const where: SQL[] = [];
  if (filter.keyword) {
    const k = containsPattern(filter.keyword);
    where.push(
      or(
        ilike(users.account, k),
        ilike(users.email, k),
        ilike(users.mobile, k),
        ilike(organizations.name, k),
      )!,
    );
  }
  if (filter.lockedOnly) where.push(gt(users.lockedUntil, now));
  return where.length ? and(...where) : undefined;
}

/** A page of accounts, newest first, with their organisation's name and their role, and the total. */
export async function platformUserPage(
  tx: Tx,
  filter: PlatformUserFilter,
  now: Date,
  limit: number,
  offset: number,
) {
  const cond = conditionOf(filter, now);
  const [rows, totals] = await Promise.all([
    tx
      .select({ u: users, orgName: organizations.name, roleName: roles.name, roleKey: roles.key })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.orgId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(cond)
      .orderBy(desc(users.createdAt))
      .limit(limit)
      .offset(offset),
    tx
      .select({ n: count() })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.orgId))
      .where(cond),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Lifts a lock-out; the account's organisation, or undefined when there is no such account. */
export async function unlockAccount(tx: Tx, userId: string): Promise<{ orgId: string | null } | undefined> {
  const [done] = await tx
    .update(users)
    .set({ lockedUntil: null, failedLogins: 0, firstFailedAt: null })
    .where(eq(users.id, userId))
    .returning({ orgId: users.orgId });
  return done;
}
