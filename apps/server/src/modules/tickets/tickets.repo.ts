// The tickets' SQL. A tenant's reads pass its organisation (another organisation's ticket is not
// found); an operator's pass null (every organisation). Each function takes the caller's transaction.
import type { TicketCategory, TicketSide, TicketStatus } from "@skyledger/contracts";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { organizations, users } from "../iam/iam.schema";
import { orders } from "../orders/orders.schema";
import { resources } from "../resources/resources.schema";
import { ticketMessages, tickets } from "./tickets.schema";

export type TicketRow = typeof tickets.$inferSelect;
export type TicketMessageRow = typeof ticketMessages.$inferSelect;

const opener = alias(users, "opener");
const assignee = alias(users, "assignee");
const personName = (u: { realName: AnyPgColumn; account: AnyPgColumn }) =>
  sql<string>`coalesce(nullif(${u.realName}, ''), ${u.account})`;

const listColumns = {
  ticket: tickets,
  orgName: organizations.name,
  openerName: personName(opener),
  assigneeName: sql<string | null>`${personName(assignee)}`,
};

export type TicketListRow = {
  ticket: TicketRow;
  orgName: string;
  openerName: string;
  assigneeName: string | null;
};

export type TicketFilter = {
  orgId: string | null;
  status?: TicketStatus | undefined;
  category?: TicketCategory | undefined;
  /** Ticket number or title. */
  keyword?: string | undefined;
  /** Organisation name or the opener's account (operators). */
  tenant?: string | undefined;
  assigneeId?: string | undefined;
};

function whereOf(f: TicketFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.orgId !== null) parts.push(eq(tickets.orgId, f.orgId));
  if (f.status) parts.push(eq(tickets.status, f.status));
  if (f.category) parts.push(eq(tickets.category, f.category));
  if (f.assigneeId) parts.push(eq(tickets.assigneeId, f.assigneeId));
  if (f.keyword) {
    const p = containsPattern(f.keyword);
    parts.push(or(ilike(tickets.ticketNo, p), ilike(tickets.title, p)));
  }
  if (f.tenant) {
    const p = containsPattern(f.tenant);
    parts.push(or(ilike(organizations.name, p), ilike(opener.account, p)));
  }
  return and(...parts);
}

function joinedList(tx: Tx) {
  return tx
    .select(listColumns)
    .from(tickets)
    .innerJoin(organizations, eq(organizations.id, tickets.orgId))
    .innerJoin(opener, eq(opener.id, tickets.openerId))
    .leftJoin(assignee, eq(assignee.id, tickets.assigneeId));
}

/** Tenants see the newest first; the operators' queue the oldest first (who has waited longest). */
export function listTickets(
  tx: Tx,
  filter: TicketFilter,
  order: "newest" | "oldest",
  limit: number,
  offset: number,
): Promise<TicketListRow[]> {
  const by = order === "newest" ? desc(tickets.createdAt) : asc(tickets.createdAt);
  return joinedList(tx).where(whereOf(filter)).orderBy(by, tickets.id).limit(limit).offset(offset);
}

export function countTickets(tx: Tx, filter: TicketFilter) {
  // The tenant filter needs the organisation and the opener; the assignee is not filtered on.
  return tx
    .select({ n: count() })
    .from(tickets)
    .innerJoin(organizations, eq(organizations.id, tickets.orgId))
    .innerJoin(opener, eq(opener.id, tickets.openerId))
    .where(whereOf(filter));
}

export async function findTicket(
  tx: Tx,
  id: string,
  orgId: string | null,
): Promise<TicketListRow | undefined> {
  const [row] = await joinedList(tx).where(and(eq(tickets.id, id), whereOf({ orgId })));
  return row;
}

/** The ticket locked for a change (two actions on one ticket run one after the other). */
export async function lockTicket(tx: Tx, id: string, orgId: string | null): Promise<TicketRow | undefined> {
  const where = orgId === null ? eq(tickets.id, id) : and(eq(tickets.id, id), eq(tickets.orgId, orgId));
  const [row] = await tx.select().from(tickets).where(where).for("update");
  return row;
}

export async function insertTicket(tx: Tx, row: typeof tickets.$inferInsert): Promise<void> {
  await tx.insert(tickets).values(row);
}

export async function updateTicket(tx: Tx, id: string, patch: Partial<typeof tickets.$inferInsert>) {
  await tx.update(tickets).set(patch).where(eq(tickets.id, id));
}

/** A message by `side` raises the other side's unread count. */
export async function insertMessage(tx: Tx, row: Omit<typeof ticketMessages.$inferInsert, "seq">) {
  await tx.insert(ticketMessages).values(row);
  const unread = row.side === "tenant" ? tickets.engineerUnread : tickets.tenantUnread;
  const column = row.side === "tenant" ? "engineerUnread" : "tenantUnread";
  await tx
    .update(tickets)
    .set({ [column]: sql`${unread} + 1` })
    .where(eq(tickets.id, row.ticketId));
}

export async function markRead(tx: Tx, id: string, side: TicketSide): Promise<void> {
  const patch = side === "tenant" ? { tenantUnread: 0 } : { engineerUnread: 0 };
  await tx.update(tickets).set(patch).where(eq(tickets.id, id));
}

export function messagesOf(tx: Tx, ticketId: string): Promise<(TicketMessageRow & { author: string })[]> {
  return tx
    .select({
      seq: ticketMessages.seq,
      id: ticketMessages.id,
      ticketId: ticketMessages.ticketId,
      side: ticketMessages.side,
      authorId: ticketMessages.authorId,
      content: ticketMessages.content,
      attachmentIds: ticketMessages.attachmentIds,
      createdAt: ticketMessages.createdAt,
      author: personName(users),
    })
    .from(ticketMessages)
    .innerJoin(users, eq(users.id, ticketMessages.authorId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.seq));
}

export async function orgResource(tx: Tx, orgId: string | null, id: string) {
  const where = orgId === null ? eq(resources.id, id) : and(eq(resources.id, id), eq(resources.orgId, orgId));
  const [row] = await tx
    .select({ id: resources.id, name: resources.name, kind: resources.kind })
    .from(resources)
    .where(where);
  return row;
}

export async function orgOrder(tx: Tx, orgId: string | null, id: string) {
  const where = orgId === null ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.orgId, orgId));
  const [row] = await tx.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(where);
  return row;
}

/** The organisation's latest resources and orders, for the new ticket's link pickers. */
export async function linkablesOf(tx: Tx, orgId: string, limit: number) {
  const [resourceRows, orderRows] = await Promise.all([
    tx
      .select({ id: resources.id, name: resources.name, kind: resources.kind })
      .from(resources)
      .where(and(eq(resources.orgId, orgId), sql`${resources.status} <> 'deleted'`))
      .orderBy(desc(resources.createdAt))
      .limit(limit),
    tx
      .select({ id: orders.id, orderNo: orders.orderNo })
      .from(orders)
      .where(eq(orders.orgId, orgId))
      .orderBy(desc(orders.createdAt))
      .limit(limit),
  ]);
  return { resources: resourceRows, orders: orderRows };
}

/** Display names and e-mail addresses of users. */
export async function peopleByIds(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: users.id,
      account: users.account,
      name: personName(users),
      email: users.email,
      orgId: users.orgId,
    })
    .from(users)
    .where(inArray(users.id, ids));
}
