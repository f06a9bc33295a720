import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { emailChangeTokens, users } from "../iam/iam.schema";

export type EmailChangeToken = typeof emailChangeTokens.$inferSelect;

/** The newest e-mail change still waiting for its link. */
export async function pendingEmailChange(tx: Tx, userId: string, now: Date) {
  const [row] = await tx
    .select({ email: emailChangeTokens.newEmail, expiresAt: emailChangeTokens.expiresAt })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.userId, userId),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChangeTokens.createdAt))
    .limit(1);
  return row;
}

/** Links sent earlier stop working: only the latest requested address may be confirmed. */
export async function retireEmailChanges(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx
    .update(emailChangeTokens)
    .set({ usedAt: now })
    .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
}

export async function insertEmailChange(tx: Tx, row: typeof emailChangeTokens.$inferInsert): Promise<void> {
  await tx.insert(emailChangeTokens).values(row);
}

export async function liveEmailChange(tx: Tx, tokenHash: string): Promise<EmailChangeToken | undefined> {
  const [row] = await tx
    .select()
    .from(emailChangeTokens)
    .where(and(eq(emailChangeTokens.tokenHash, tokenHash), isNull(emailChangeTokens.usedAt)));
  return row;
}

/** Spends a link once: of two concurrent confirmations only one gets true. */
export async function spendEmailChange(tx: Tx, tokenHash: string, now: Date): Promise<boolean> {
  const spent = await tx
    .update(emailChangeTokens)
    .set({ usedAt: now })
    .where(and(eq(emailChangeTokens.tokenHash, tokenHash), isNull(emailChangeTokens.usedAt)))
    .returning({ t: emailChangeTokens.tokenHash });
  return spent.length === 1;
}

/** Whether another account already uses the address (case-insensitive, as the unique index). */
export async function emailTakenByOther(tx: Tx, email: string, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Marks the phone confirmed, unless it was replaced meanwhile: true when it was still `mobile`. */
export async function confirmMobile(tx: Tx, userId: string, mobile: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ mobileVerifiedAt: now })
    .where(and(eq(users.id, userId), eq(users.mobile, mobile)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === "23505";
}
