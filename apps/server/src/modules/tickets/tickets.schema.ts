// Tickets (work orders) and their conversation. Unread marks are two counters on the ticket, one a
// side: a message raises the other side's counter and opening the ticket clears one's own.

import { TICKET_CATEGORIES, TICKET_SIDES, TICKET_STATUSES } from "@skyledger/contracts";
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations, users } from "../iam/iam.schema";

export const tickets = pgTable(
  "tickets",
  {
    id: text("id").primaryKey(),
    /** `WO` + the local date + random digits: readable and unique. */
    ticketNo: text("ticket_no").notNull().unique(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    openerId: text("opener_id")
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    category: text("category", { enum: TICKET_CATEGORIES }).notNull(),
    /** The organisation's resource or order the ticket is about (checked on creation). */
    resourceId: text("resource_id"),
    orderId: text("order_id"),
    status: text("status", { enum: TICKET_STATUSES }).notNull(),
    /** The operator (BJ) who has the ticket; null until someone takes or answers it. */
    assigneeId: text("assignee_id").references(() => users.id),
    tenantUnread: integer("tenant_unread").notNull().default(0),
    engineerUnread: integer("engineer_unread").notNull().default(0),
    rating: integer("rating"),
    ratingComment: text("rating_comment"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("tickets_org_created").on(t.orgId, t.createdAt),
    index("tickets_status_created").on(t.status, t.createdAt),
    check("tickets_rating_range", sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const ticketMessages = pgTable(
  "ticket_messages",
  {
    /** The order of the conversation (two messages may share a timestamp). */
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    id: text("id").notNull().unique(),
    ticketId: text("ticket_id")
      .notNull()
      .references(() => tickets.id),
    side: text("side", { enum: TICKET_SIDES }).notNull(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id),
    content: text("content").notNull(),
    /** Ids of `stored_files` of purpose ticketAttachment, in the order they were attached. */
    attachmentIds: jsonb("attachment_ids").$type<string[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("ticket_messages_ticket").on(t.ticketId, t.seq)],
);
