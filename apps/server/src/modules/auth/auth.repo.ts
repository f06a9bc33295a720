// Sign-in, sessions, one-time codes, captchas and reset links: every function takes the caller's
// transaction (or the database handle outside one) first.
import { and, desc, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { organizations, roles, users } from "../iam/iam.schema";
import {
  captchas,
  passwordResetTokens,
  sessions,
  unknownLoginFailures,
  verificationCodes,
} from "./auth.schema";

export type UserRow = typeof users.$inferSelect;

export async function findUserByLogin(tx: Tx, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [row] = await tx
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

export { findUserById } from "../iam/users.repo";

export async function findUserByMobile(tx: Tx, mobile: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.mobile, mobile));
  return row;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function organizationOf(tx: Tx, orgId: string | null) {
  if (!orgId) return undefined;
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, orgId));
  return org;
}

export async function updateUser(tx: Tx, id: string, values: Partial<UserRow>): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, id));
}

/** The user with their role and organisation in one query (the current-user document needs all three). */
export async function userWithRoleAndOrg(tx: Tx, id: string) {
  const [row] = await tx
    .select({ user: users, role: roles, org: organizations })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, id));
  return row;
}

/** The lock on a login text that names no account, if any. */
export async function unknownLoginLock(tx: Tx, loginHash: string): Promise<Date | null> {
  const [row] = await tx
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
  tx: Tx,
  loginHash: string,
  now: Date,
  windowStart: Date,
): Promise<number> {
  const windowOpen = sql`${unknownLoginFailures.firstFailedAt} > ${windowStart.toISOString()}::timestamptz`;
  const [row] = await tx
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

export async function lockUnknownLogin(tx: Tx, loginHash: string, until: Date): Promise<void> {
  await tx
    .update(unknownLoginFailures)
    .set({ failedLogins: 0, firstFailedAt: null, lockedUntil: until })
    .where(eq(unknownLoginFailures.loginHash, loginHash));
}

/** Forgets unknown login texts whose count (if any) started before `before` and whose lock (if any) is over. */
export async function sweepUnknownLogins(tx: Tx, before: Date, now: Date): Promise<void> {
  await tx
    .delete(unknownLoginFailures)
    .where(
      and(
        or(isNull(unknownLoginFailures.firstFailedAt), lt(unknownLoginFailures.firstFailedAt, before)),
        or(isNull(unknownLoginFailures.lockedUntil), lt(unknownLoginFailures.lockedUntil, now)),
      ),
    );
}

export type CaptchaRow = typeof captchas.$inferSelect;

export async function insertCaptcha(tx: Tx, row: { id: string; answerHash: string; expiresAt: Date }) {
  await tx.insert(captchas).values(row);
}

/** Spends an unused captcha for a code send, whatever its answer; undefined when already spent. */
export async function spendCaptcha(tx: Tx, id: string, now: Date): Promise<CaptchaRow | undefined> {
  const [row] = await tx
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
  tx: Tx,
  id: string,
  answerHash: string,
  now: Date,
): Promise<{ right: boolean; lookups: number; expiresAt: Date } | undefined> {
  const right = sql`${captchas.answerHash} = ${answerHash}`;
  const [row] = await tx
    .update(captchas)
    .set({
      lookups: sql`case when ${right} then ${captchas.lookups} + 1 else ${captchas.lookups} end`,
      usedAt: sql`case when ${right} then null else ${now.toISOString()}::timestamptz end`,
    })
    .where(and(eq(captchas.id, id), isNull(captchas.usedAt)))
    .returning({ right: sql<boolean>`${right}`, lookups: captchas.lookups, expiresAt: captchas.expiresAt });
  return row;
}

/** Counts one failed sign-in of the user in one statement (see login.service.ts for why). */
export async function countLoginFailure(
  tx: Tx,
  userId: string,
  now: Date,
  windowStart: Date,
): Promise<number> {
  const windowOpen = sql`${users.firstFailedAt} > ${windowStart.toISOString()}::timestamptz`;
  const [counted] = await tx
    .update(users)
    .set({
      failedLogins: sql`case when ${windowOpen} then ${users.failedLogins} + 1 else 1 end`,
      firstFailedAt: sql`case when ${windowOpen} then ${users.firstFailedAt} else ${now.toISOString()}::timestamptz end`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: users.failedLogins });
  return counted?.failures ?? 1;
}

export type CodeRow = typeof verificationCodes.$inferSelect;

/** The latest code sent to `target` for `purpose`, spent or not. */
export async function latestCode(tx: Tx, target: string, purpose: string): Promise<CodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

/** The latest code sent to `target` for `purpose` that is not spent yet. */
export async function latestUnspentCode(
  tx: Tx,
  target: string,
  purpose: string,
): Promise<CodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.target, target),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

export async function insertCode(tx: Tx, row: typeof verificationCodes.$inferInsert): Promise<void> {
  await tx.insert(verificationCodes).values(row);
}

/**
 * Counts a wrong guess in the database, not from a row read before: concurrent wrong guesses all
 * read the same count, and writing row.attempts + 1 would let a burst of them count as one attempt.
 */
export async function countWrongGuess(tx: Tx, codeId: string): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, codeId));
}

/**
 * Spends the code unless it is spent already or its attempts ran out (wrong guesses running
 * alongside may have used them up); whether this call spent it.
 */
export async function spendCode(tx: Tx, codeId: string, now: Date, maxAttempts: number): Promise<boolean> {
  const spent = await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.id, codeId),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning({ id: verificationCodes.id });
  return spent.length === 1;
}

export type SessionRow = typeof sessions.$inferSelect;

/** A session not revoked, with its user. */
export async function liveSessionWithUser(
  tx: Tx,
  sessionId: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await tx
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  return row;
}

export async function insertSession(tx: Tx, row: typeof sessions.$inferInsert): Promise<void> {
  await tx.insert(sessions).values(row);
}

export async function extendSession(tx: Tx, sessionId: string, lastSeenAt: Date, expiresAt: Date) {
  await tx.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, sessionId));
}

export async function stepUpUntilOf(tx: Tx, sessionId: string): Promise<Date | null> {
  const [row] = await tx.select({ s: sessions.stepUpUntil }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.s ?? null;
}

export async function setStepUpUntil(tx: Tx, sessionId: string, until: Date): Promise<void> {
  await tx.update(sessions).set({ stepUpUntil: until }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(tx: Tx, sessionId: string, now: Date): Promise<void> {
  await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/**
 * Revokes every live session of the user except `keep`, and the support sessions they opened as
 * someone else (a disabled operator's support views end with their own sessions for good).
 */
export async function revokeSessionsOf(tx: Tx, userId: string, now: Date, keep?: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.supportOperatorId, userId)),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    );
}

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

export async function insertResetToken(tx: Tx, row: typeof passwordResetTokens.$inferInsert): Promise<void> {
  await tx.insert(passwordResetTokens).values(row);
}

/** A reset link not used yet (expired or not). */
export async function unusedResetToken(tx: Tx, tokenHash: string): Promise<ResetTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)));
  return row;
}

/** Uses the link unless another request used it first; whether this call did. */
export async function spendResetToken(tx: Tx, tokenHash: string, now: Date): Promise<boolean> {
  const spent = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)))
    .returning({ t: passwordResetTokens.tokenHash });
  return spent.length === 1;
}

/** Ends every unused reset link of the user. */
export async function spendResetTokensOf(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
