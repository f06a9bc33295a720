// The message centre's rows and the organisations' notice preferences. Every query names the
// user: a message is found only through its own recipient.

import type { MessageType, NoticeType } from "@skyledger/contracts";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { inboxMessages, noticePreferences } from "./inbox.schema";

export type InboxRow = typeof inboxMessages.$inferSelect;

export async function insertInboxMessage(tx: Tx, row: typeof inboxMessages.$inferInsert): Promise<void> {
  await tx.insert(inboxMessages).values(row);
}

const visibleTo = (userId: string, type?: MessageType) =>
  and(
    eq(inboxMessages.userId, userId),
    isNull(inboxMessages.deletedAt),
    type ? eq(inboxMessages.type, type) : undefined,
  );

export function inboxPage(
  db: Db | Tx,
  userId: string,
  filter: { type?: MessageType; order: "time" | "unreadFirst" },
  limit: number,
  offset: number,
) {
  const newestFirst = [desc(inboxMessages.createdAt), desc(inboxMessages.id)];
  return db
    .select()
    .from(inboxMessages)
    .where(visibleTo(userId, filter.type))
    .orderBy(
      ...(filter.order === "unreadFirst" ? [sql`${inboxMessages.readAt} is not null`] : []),
      ...newestFirst,
    )
    .limit(limit)
    .offset(offset);
}

export async function inboxCount(db: Db | Tx, userId: string, type?: MessageType): Promise<number> {
  const [row] = await db.select({ n: count() }).from(inboxMessages).where(visibleTo(userId, type));
  return row?.n ?? 0;
}

export async function unreadInboxCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inboxMessages)
    .where(and(visibleTo(userId), isNull(inboxMessages.readAt)));
  return row?.n ?? 0;
}

export async function inboxMessage(tx: Tx, userId: string, id: string): Promise<InboxRow | undefined> {
  const [row] = await tx
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.id, id), visibleTo(userId)));
  return row;
}

export async function markInboxRead(tx: Tx, userId: string, at: Date, id?: string): Promise<void> {
  await tx
    .update(inboxMessages)
    .set({ readAt: at })
    .where(and(visibleTo(userId), isNull(inboxMessages.readAt), id ? eq(inboxMessages.id, id) : undefined));
}

export async function markInboxDeleted(tx: Tx, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(inboxMessages)
    .set({ deletedAt: at })
    .where(and(eq(inboxMessages.id, id), visibleTo(userId)))
    .returning({ id: inboxMessages.id });
  return rows.length > 0;
}

export function preferencesOf(db: Db | Tx, orgId: string) {
  return db
    .select({ type: noticePreferences.type, email: noticePreferences.email, sms: noticePreferences.sms })
    .from(noticePreferences)
    .where(eq(noticePreferences.orgId, orgId));
}

export async function preferenceOf(tx: Tx, orgId: string, type: NoticeType) {
  const [row] = await tx
    .select({ email: noticePreferences.email, sms: noticePreferences.sms })
    .from(noticePreferences)
    .where(and(eq(noticePreferences.orgId, orgId), eq(noticePreferences.type, type)));
  return row;
}

export async function savePreference(
  tx: Tx,
  row: { orgId: string; type: NoticeType; email: boolean; sms: boolean; updatedAt: Date },
): Promise<void> {
  await tx
    .insert(noticePreferences)
    .values(row)
    .onConflictDoUpdate({
      target: [noticePreferences.orgId, noticePreferences.type],
      set: { email: row.email, sms: row.sms, updatedAt: row.updatedAt },
    });
}
