import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { organizations, roles, users } from "../iam/iam.schema";
import { captchas, unknownLoginFailures } from "./auth.schema";

export type UserRow = typeof users.$inferSelect;

export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.account}) = ${value}`,
        sql`lower(${users.email}) = ${value}`,
        eq(users.mobile, value),
      ),
    )
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function valueInUse(
  db: Db,
  field: "account" | "email" | "mobile",
  value: string,
): Promise<boolean> {
  const v = value.trim();
  const column =
    field === "account"
      ? sql`lower(${users.account}) = ${v.toLowerCase()}`
      : field === "email"
        ? sql`lower(${users.email}) = ${v.toLowerCase()}`
        : eq(users.mobile, v);
  const rows = await db.select({ id: users.id }).from(users).where(column).limit(1);
  return rows.length > 0;
}

export async function organizationOf(db: Db, orgId: string | null) {
  if (!orgId) return undefined;
  const [org] = await db.select().from(organizations).where(eq(organizations.id, orgId));
  return org;
}

export async function updateUser(db: Db, id: string, values: Partial<UserRow>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** The user with their role and organisation in one query (the current-user document needs all three). */
export async function userWithRoleAndOrg(db: Db, id: string) {
  const [row] = await db
    .select({ user: users, role: roles, org: organizations })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, id));
  return row;
}

/** The lock on a login text that names no account, if any. */
export async function unknownLoginLock(db: Db, loginHash: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: unknownLoginFailures.lockedUntil })
    .from(unknownLoginFailures)
    .where(eq(unknownLoginFailures.loginHash, loginHash));
  return row?.lockedUntil ?? null;
}

/**
 * Counts one failed sign-in of an unknown login text within the window that started after
 * `windowStart` (a failure before it starts a new count), in one statement like a real account's.
 */
export async function countUnknownLoginFailure(
  db: Db,
  loginHash: string,
  now: Date,
  windowStart: Date,
): Promise<number> {
  const windowOpen = sql`${unknownLoginFailures.firstFailedAt} > ${windowStart.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(unknownLoginFailures)
    .values({ loginHash, failedLogins: 1, firstFailedAt: now })
    .onConflictDoUpdate({
      target: unknownLoginFailures.loginHash,
      set: {
        failedLogins: sql`case when ${windowOpen} then ${unknownLoginFailures.failedLogins} + 1 else 1 end`,
        firstFailedAt: sql`case when ${windowOpen} then ${unknownLoginFailures.firstFailedAt} else ${now.toISOString()}::timestamptz end`,
        lockedUntil: null,
      },
    })
    .returning({ failures: unknownLoginFailures.failedLogins });
  return row?.failures ?? 1;
}

export async function lockUnknownLogin(db: Db, loginHash: string, until: Date): Promise<void> {
  await db
    .update(unknownLoginFailures)
    .set({ failedLogins: 0, firstFailedAt: null, lockedUntil: until })
    .where(eq(unknownLoginFailures.loginHash, loginHash));
}

/** Forgets unknown login texts whose count (if any) started before `before` and whose lock (if any) is over. */
export async function sweepUnknownLogins(db: Db, before: Date, now: Date): Promise<void> {
  await db
    .delete(unknownLoginFailures)
    .where(
      and(
        or(isNull(unknownLoginFailures.firstFailedAt), lt(unknownLoginFailures.firstFailedAt, before)),
        or(isNull(unknownLoginFailures.lockedUntil), lt(unknownLoginFailures.lockedUntil, now)),
      ),
    );
}

export type CaptchaRow = typeof captchas.$inferSelect;

export async function insertCaptcha(db: Db, row: { id: string; answerHash: string; expiresAt: Date }) {
  await db.insert(captchas).values(row);
}

/** Spends an unused captcha for a code send, whatever its answer; undefined when already spent. */
export async function spendCaptcha(db: Db, id: string, now: Date): Promise<CaptchaRow | undefined> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt)))
    .returning();
  return row;
}

/**
 * One uniqueness look-up on an unused captcha, in one statement so that concurrent guesses are
 * judged one after another: a right answer counts one more look-up and leaves the captcha unused
 * (its code send is still to come); a wrong one spends it. Undefined when it was already spent.
 */
export async function countCaptchaLookup(
  db: Db,
  id: string,
  answerHash: string,
  now: Date,
): Promise<{ right: boolean; lookups: number; expiresAt: Date } | undefined> {
  const right = sql`${captchas.answerHash} = ${answerHash}`;
  const [row] = await db
    .update(captchas)
    .set({
      lookups: sql`case when ${right} then ${captchas.lookups} + 1 else ${captchas.lookups} end`,
      usedAt: sql`case when ${right} then null else ${now.toISOString()}::timestamptz end`,
    })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt)))
    .returning({ right: sql<boolean>`${right}`, lookups: captchas.lookups, expiresAt: captchas.expiresAt });
  return row;
}
