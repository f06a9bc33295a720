// Announcements and their copies in the message centres. A user's centre receives the published
// announcements addressed to their organisation when they next look (copyDueAnnouncements): a
// scheduled one appears once its time has come, with no job to run, and the read and deleted marks
// stay the user's own.
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { inboxMessages } from "../../platform/outbox/inbox.schema";
import { products } from "../catalog/catalog.schema";
import { announcements } from "./announcements.schema";

export type AnnouncementRow = typeof announcements.$inferSelect;

export async function insertAnnouncement(tx: Tx, row: typeof announcements.$inferInsert) {
  const [created] = await tx.insert(announcements).values(row).returning();
  return created!;
}

export async function announcementById(tx: Tx, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for("update");
  return row;
}

export async function markWithdrawn(tx: Tx, id: string, at: Date) {
  const [row] = await tx
    .update(announcements)
    .set({ withdrawnAt: at })
    .where(eq(announcements.id, id))
    .returning();
  // Gone from every centre, read or not.
  await tx.delete(inboxMessages).where(eq(inboxMessages.announcementId, id));
  return row!;
}

export function announcementPage(db: Db, limit: number, offset: number) {
  return db
    .select()
    .from(announcements)
    .orderBy(desc(announcements.publishAt), desc(announcements.id))
    .limit(limit)
    .offset(offset);
}

export function announcementTotal(db: Db) {
  return db.select({ n: count() }).from(announcements);
}

export function productNames(db: Db | Tx) {
  return db
    .select({ id: products.id, nameZh: products.nameZh, nameEn: products.nameEn })
    .from(products)
    .orderBy(products.code);
}

/** The announcements due by `now` and addressed to `orgId`: everyone's, and its products'. */
const dueFor = (orgId: string, now: Date) => sql`
  a.withdrawn_at is null and a.publish_at <= ${now} and (
    a.product_id is null
    or exists (select 1 from orders o where o.org_id = ${orgId} and o.product_id = a.product_id))`;

/** Copies to the user's centre each due announcement not already there (or deleted from it). */
export async function copyDueAnnouncements(tx: Tx, user: { userId: string; orgId: string }, now: Date) {
  await tx.execute(sql`
    insert into inbox_messages (id, user_id, org_id, type, purpose, title, body, announcement_id, created_at)
    select gen_random_uuid()::text, ${user.userId}, ${user.orgId}, 'announcement', 'announcement', a.title,
      a.body, a.id, a.publish_at
    from announcements a
    where ${dueFor(user.orgId, now)}
    on conflict (user_id, announcement_id) do nothing`);
}

/** The latest announcements in the user's centre (copied first), for the overview's card. */
export function latestAnnouncements(tx: Tx, userId: string, limit: number) {
  return tx
    .select({
      id: announcements.id,
      messageId: inboxMessages.id,
      title: announcements.title,
      type: announcements.type,
      publishAt: announcements.publishAt,
      readAt: inboxMessages.readAt,
    })
    .from(inboxMessages)
    .innerJoin(announcements, eq(announcements.id, inboxMessages.announcementId))
    .where(
      and(
        eq(inboxMessages.userId, userId),
        isNull(inboxMessages.deletedAt),
        isNotNull(inboxMessages.announcementId),
      ),
    )
    .orderBy(desc(announcements.publishAt))
    .limit(limit);
}
