// Invitation codes and their uses: every function takes the caller's transaction (or the handle) first.
import { and, count, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { organizations, users } from "../iam/iam.schema";
import { invitationCodes, invitationCodeUses } from "./invitations.schema";

export type InvitationRow = typeof invitationCodes.$inferSelect;

export async function findInvitation(tx: Tx, code: string): Promise<InvitationRow | undefined> {
  const [row] = await tx.select().from(invitationCodes).where(eq(invitationCodes.code, code));
  return row;
}

/** Counts one use of a usable code in one statement, so concurrent sign-ups cannot exceed its limit. */
export async function countInvitationUse(tx: Tx, code: string, now: Date): Promise<boolean> {
  const spent = await tx
    .update(invitationCodes)
    .set({ usedCount: sql`${invitationCodes.usedCount} + 1` })
    .where(
      and(
        eq(invitationCodes.code, code),
        isNull(invitationCodes.disabledAt),
        or(isNull(invitationCodes.expiresAt), gt(invitationCodes.expiresAt, now)),
        lt(invitationCodes.usedCount, invitationCodes.maxUses),
      ),
    )
    .returning({ code: invitationCodes.code });
  return spent.length === 1;
}

export async function insertInvitationUse(
  tx: Tx,
  row: typeof invitationCodeUses.$inferInsert,
): Promise<void> {
  await tx.insert(invitationCodeUses).values(row);
}

/** A page of codes, newest first, each with its creator's account (operators read names, not ids). */
export function invitationPage(tx: Tx, limit: number, offset: number) {
  return tx
    .select({ code: invitationCodes, createdByAccount: users.account })
    .from(invitationCodes)
    .leftJoin(users, eq(users.id, invitationCodes.createdBy))
    .orderBy(desc(invitationCodes.createdAt), invitationCodes.code)
    .limit(limit)
    .offset(offset);
}

export function invitationCount(tx: Tx) {
  return tx.select({ n: count() }).from(invitationCodes);
}

export async function insertInvitations(
  tx: Tx,
  rows: (typeof invitationCodes.$inferInsert)[],
): Promise<InvitationRow[]> {
  return tx.insert(invitationCodes).values(rows).returning();
}

/** Disables a code not disabled yet; whether it did. */
export async function disableInvitation(tx: Tx, code: string, now: Date): Promise<boolean> {
  const done = await tx
    .update(invitationCodes)
    .set({ disabledAt: now })
    .where(and(eq(invitationCodes.code, code), isNull(invitationCodes.disabledAt)))
    .returning({ code: invitationCodes.code });
  return done.length > 0;
}

/** Who signed up with the code, newest first. */
export function usesOfInvitation(tx: Tx, code: string) {
  return tx
    .select({ account: users.account, orgName: organizations.name, usedAt: invitationCodeUses.usedAt })
    .from(invitationCodeUses)
    .innerJoin(users, eq(users.id, invitationCodeUses.userId))
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(invitationCodeUses.code, code))
    .orderBy(desc(invitationCodeUses.usedAt));
}

/** Inserts the code unless it exists. */
export async function insertInvitationIfNew(tx: Tx, row: typeof invitationCodes.$inferInsert): Promise<void> {
  await tx.insert(invitationCodes).values(row).onConflictDoNothing();
}
