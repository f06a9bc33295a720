// Tickets (work orders, spec §2 `workorder` CD/CD01 and `workorders` BJ, §3 ticket fields, §5
// limits): a tenant writes to the after-sales engineers; both sides chat with attachments.
// States and who moves them: docs/tickets.md.
import { z } from "zod";
import { MAX_ATTACHMENTS } from "../files";
import { v } from "../validation";
import { pageQuery } from "./common";
import { storedFile } from "./verification";

/**
 * open: nobody has taken it yet; processing: an engineer has it and owes the next answer;
 * replied: the engineer answered, the tenant's turn; resolved: the engineer considers it done (the
 * tenant rates, reopens or closes); closed: finished (the tenant may still reopen it).
 */
export const TICKET_STATUSES = ["open", "processing", "replied", "resolved", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** States in which the conversation goes on (messages, take, hand over, resolve). */
export const ACTIVE_TICKET_STATUSES = [
  "open",
  "processing",
  "replied",
] as const satisfies readonly TicketStatus[];
/** States from which the tenant may reopen a ticket, and in which it may rate the answer. */
export const FINISHED_TICKET_STATUSES = ["resolved", "closed"] as const satisfies readonly TicketStatus[];

export const TICKET_CATEGORIES = ["billing", "technical", "account", "invoice", "other"] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_SIDES = ["tenant", "engineer"] as const;
export type TicketSide = (typeof TICKET_SIDES)[number];

/** Attachments of one message (spec §5): the tenant's and the engineer's uploads of purpose ticketAttachment. */
export const MAX_TICKET_ATTACHMENTS = MAX_ATTACHMENTS;

const content = z.string().trim().min(1, "validation.required").pipe(v.freeText);
// Counted by the server too (TOO_MANY_FILES), so that the message is the business one.
const attachmentIds = z.array(z.string().trim().min(1).max(64)).max(64).default([]);

export const ticketCreateBody = z.object({
  title: z.string().trim().min(1, "validation.required").max(100, "validation.invalid"),
  category: z.enum(TICKET_CATEGORIES),
  resourceId: z.string().trim().max(64).nullable().default(null),
  orderId: z.string().trim().max(64).nullable().default(null),
  content,
  attachmentIds,
});
export type TicketCreateBody = z.input<typeof ticketCreateBody>;

export const ticketMessageBody = z.object({ content, attachmentIds });
export type TicketMessageBody = z.input<typeof ticketMessageBody>;

export const ticketRateBody = z.object({
  rating: z.number().int().min(1, "validation.invalid").max(5, "validation.invalid"),
  comment: z.string().trim().pipe(v.freeText).default(""),
});
export type TicketRateBody = z.input<typeof ticketRateBody>;

export const ticketHandoverBody = z.object({
  assigneeId: z.string().trim().min(1, "validation.required").max(64),
});

export const ticketParams = z.object({ id: z.string().min(1).max(64) });

export const ticketQuery = pageQuery.extend({
  status: z.enum(TICKET_STATUSES).optional(),
  category: z.enum(TICKET_CATEGORIES).optional(),
  keyword: z.string().trim().max(64).optional(),
});

/** The operators' queue: oldest first, by state, category and tenant (name or account). */
export const ticketQueueQuery = ticketQuery.extend({
  tenant: z.string().trim().max(64).optional(),
  mine: z.enum(["true", "false"]).optional(),
});

const person = z.object({ id: z.string(), name: z.string() }).nullable();

export const ticketRecord = z.object({
  id: z.string(),
  ticketNo: z.string(),
  title: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  /** Messages of the other side the caller's side has not opened yet. */
  unread: z.number().int(),
  orgId: z.string(),
  orgName: z.string(),
  opener: person,
  assignee: person,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketRecord = z.infer<typeof ticketRecord>;

export const ticketMessage = z.object({
  id: z.string(),
  side: z.enum(TICKET_SIDES),
  author: z.string(),
  content: z.string(),
  attachments: z.array(storedFile),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketDetail = ticketRecord.extend({
  resource: z.object({ id: z.string(), name: z.string(), kind: z.string() }).nullable(),
  order: z.object({ id: z.string(), orderNo: z.string() }).nullable(),
  rating: z.number().int().nullable(),
  ratingComment: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  messages: z.array(ticketMessage),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

/** What a tenant may link a new ticket to: its organisation's resources and orders, newest first. */
export const ticketLinkables = z.object({
  resources: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string() })),
  orders: z.array(z.object({ id: z.string(), orderNo: z.string() })),
});
export type TicketLinkables = z.infer<typeof ticketLinkables>;

export const ticketEngineers = z.array(z.object({ id: z.string(), name: z.string() }));
