// The message centre (`/mgt/msgs`, CF/CF01), notice preferences and operators' announcements
// (`/sys/announcements`, BA13) — issue 17 item 4. What goes to the centre and what never does:
// docs/messages.md.
import { z } from "zod";
import { v } from "../validation";
import { pageQuery } from "./common";

/** Kinds of message in the centre (filterable); every notice has one, announcements their own. */
export const MESSAGE_TYPES = [
  "system",
  "billing",
  "order",
  "resource",
  "ticket",
  "budget",
  "announcement",
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** The notice types a tenant administrator may send by e-mail and SMS too (in-app always). */
export const NOTICE_TYPES = ["system", "billing", "order", "resource", "ticket", "budget"] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export const ANNOUNCEMENT_TYPES = ["notice", "maintenance", "product", "promotion"] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
/** scheduled: published with a time still to come; published: visible; withdrawn: taken back. */
export const ANNOUNCEMENT_STATES = ["scheduled", "published", "withdrawn"] as const;
export const ANNOUNCEMENT_BODY_MAX = 2000;

export const messageQuery = pageQuery.extend({
  type: z.enum(MESSAGE_TYPES).optional(),
  /** unreadFirst: the unread ones on top, each part newest first; time: newest first. */
  order: z.enum(["time", "unreadFirst"]).default("time"),
});
export type MessageQuery = z.input<typeof messageQuery>;

export const messageParams = z.object({ id: z.string().min(1).max(64) });

export const messageRecord = z.object({
  id: z.string(),
  type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type MessageRecord = z.infer<typeof messageRecord>;
export const messageDetail = messageRecord.extend({ body: z.string() });
export type MessageDetail = z.infer<typeof messageDetail>;

export const unreadCount = z.object({ unread: z.number().int() });

export const noticePreference = z.object({
  type: z.enum(NOTICE_TYPES),
  email: z.boolean(),
  sms: z.boolean(),
});
export type NoticePreference = z.infer<typeof noticePreference>;
export const noticePreferences = z.object({ list: z.array(noticePreference) });
export const noticePreferencesBody = z.object({
  list: z
    .array(noticePreference)
    .min(1, "validation.required")
    .refine((l) => new Set(l.map((p) => p.type)).size === l.length, "validation.invalid"),
});
export type NoticePreferencesBody = z.input<typeof noticePreferencesBody>;

const announcementText = z.string().trim().min(1, "validation.required");

export const announcementBody = z.object({
  title: announcementText.pipe(z.string().max(100, "validation.announcementTitle")),
  type: z.enum(ANNOUNCEMENT_TYPES),
  body: announcementText.pipe(v.freeText),
  /** Absent or null: now. A time to come: shown from then on (the server refuses a past one). */
  publishAt: z.string().datetime({ offset: true }).nullable().default(null),
  /** Absent or null: everyone; a product id: the tenants that have or had an order of it. */
  productId: z.string().trim().max(64).nullable().default(null),
});
export type AnnouncementBody = z.input<typeof announcementBody>;

export const announcementParams = messageParams;
export const announcementQuery = pageQuery;

export const announcementRecord = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  body: z.string(),
  publishAt: z.string(),
  state: z.enum(ANNOUNCEMENT_STATES),
  product: z.object({ id: z.string(), nameZh: z.string(), nameEn: z.string() }).nullable(),
  createdAt: z.string(),
  withdrawnAt: z.string().nullable(),
});
export type AnnouncementRecord = z.infer<typeof announcementRecord>;

/** A tenant's view of one announcement (the overview's card). */
export const tenantAnnouncement = z.object({
  id: z.string(),
  messageId: z.string(),
  title: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  publishAt: z.string(),
  readAt: z.string().nullable(),
});
export type TenantAnnouncement = z.infer<typeof tenantAnnouncement>;

export const audienceProducts = z.object({
  list: z.array(z.object({ id: z.string(), nameZh: z.string(), nameEn: z.string() })),
});
