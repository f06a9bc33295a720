// The message centre (`/mgt/msgs`, CF): each user reads, marks and deletes only their own messages
// (another's id answers 404). Looking at the centre first copies the announcements now due to the
// user's organisation (announcements.repo.ts). Notice preferences are the organisation's (CH05).
import {
  type EndpointBody,
  type EndpointQuery,
  type endpoints,
  type MessageDetail,
  NOTICE_TYPES,
  type NoticePreference,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import {
  type InboxRow,
  inboxCount,
  inboxMessage,
  inboxPage,
  markInboxDeleted,
  markInboxRead,
  preferencesOf,
  savePreference,
  unreadInboxCount,
} from "../../platform/outbox/inbox.repo";
import type { RequestContext } from "../../platform/request-context";
import { copyDueAnnouncements, latestAnnouncements } from "./announcements.repo";

const LATEST_ANNOUNCEMENTS = 5;

const toRecord = (row: InboxRow) => ({
  id: row.id,
  type: row.type,
  title: row.title,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export function createMessageCentre(deps: { db: Db; clock: Clock; audit: Audit }) {
  const { db, clock, audit } = deps;

  /** Runs `work` for the caller after the announcements due to them reached their centre. */
  function withAnnouncements<T>(
    ctx: RequestContext,
    work: (tx: Tx, userId: string) => Promise<T>,
  ): Promise<T> {
    const userId = ctx.actor.userId;
    return db.transaction(async (tx) => {
      if (ctx.tenantId) await copyDueAnnouncements(tx, { userId, orgId: ctx.tenantId }, clock.now());
      return work(tx, userId);
    });
  }

  async function preferences(orgId: string): Promise<{ list: NoticePreference[] }> {
    const chosen = new Map((await preferencesOf(db, orgId)).map((p) => [p.type, p]));
    return { list: NOTICE_TYPES.map((type) => chosen.get(type) ?? { type, email: true, sms: true }) };
  }

  return {
    list(ctx: RequestContext, query: EndpointQuery<typeof endpoints.messages.list>) {
      return withAnnouncements(ctx, (tx, userId) =>
        pageOf(
          query,
          (limit, offset) => inboxPage(tx, userId, query, limit, offset),
          inboxCount(tx, userId, query.type).then((n) => [{ n }]),
          toRecord,
        ),
      );
    },

    unread(ctx: RequestContext) {
      return withAnnouncements(ctx, async (tx, userId) => ({ unread: await unreadInboxCount(tx, userId) }));
    },

    /** Opening a message marks it read. */
    get(ctx: RequestContext, id: string): Promise<MessageDetail> {
      return withAnnouncements(ctx, async (tx, userId) => {
        const row = await inboxMessage(tx, userId, id);
        if (!row) throw new DomainError("NOT_FOUND");
        const readAt = row.readAt ?? clock.now();
        if (!row.readAt) await markInboxRead(tx, userId, readAt, id);
        return { ...toRecord({ ...row, readAt }), body: row.body };
      });
    },

    readAll(ctx: RequestContext) {
      return withAnnouncements(ctx, async (tx, userId) => {
        await markInboxRead(tx, userId, clock.now());
        return { unread: 0 };
      });
    },

    async remove(ctx: RequestContext, id: string) {
      const removed = await db.transaction((tx) => markInboxDeleted(tx, ctx.actor.userId, id, clock.now()));
      if (!removed) throw new DomainError("NOT_FOUND");
      return { ok: true as const };
    },

    latestAnnouncements(ctx: RequestContext) {
      return withAnnouncements(ctx, async (tx, userId) => ({
        list: (await latestAnnouncements(tx, userId, LATEST_ANNOUNCEMENTS)).map((a) => ({
          ...a,
          publishAt: a.publishAt.toISOString(),
          readAt: a.readAt?.toISOString() ?? null,
        })),
      }));
    },

    preferences: (ctx: RequestContext) => preferences(ctx.ownTenant()),

    async savePreferences(
      ctx: RequestContext,
      body: EndpointBody<typeof endpoints.messages.savePreferences>,
    ) {
      const orgId = ctx.ownTenant();
      await db.transaction(async (tx) => {
        for (const p of body.list) await savePreference(tx, { orgId, ...p, updatedAt: clock.now() });
        await audit.record(tx, { action: "notice.preferencesChanged", ...ctx.auditBy, target: orgId });
      });
      return preferences(orgId);
    },
  };
}
export type MessageCentre = ReturnType<typeof createMessageCentre>;
