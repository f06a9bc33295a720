// The tenant's side of tickets (CD reads, CD01 writes): its organisation's tickets only — another
// organisation's ticket, resource or order is answered as not found or refused.
import type { EndpointBody, EndpointQuery, endpoints, TicketDetail } from "@skyledger/contracts";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId, randomDigits } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { localParts } from "../../platform/time-zone";
import { createTicketActions, type TicketDeps } from "./ticket-actions";
import { addMessage } from "./ticket-messages";
import { loadDetail, toRecord } from "./ticket-view";
import { countTickets, insertTicket, linkablesOf, listTickets, orgOrder, orgResource } from "./tickets.repo";

/** How many of the organisation's latest resources and orders the link pickers offer. */
const LINKABLE_LIMIT = 200;

function newTicketNo(now: Date, timeZone: string): string {
  const p = localParts(now, timeZone);
  return `WO${p.year}${p.month}${p.day}${randomDigits(6)}`;
}

export function createTicketService(deps: TicketDeps & { timeZone: string }) {
  const { db, clock, audit, files, timeZone } = deps;
  const actions = createTicketActions(deps);
  const step = (ctx: RequestContext, id: string) => ({ id, orgId: ctx.ownTenant(), side: "tenant" as const });

  return {
    list(ctx: RequestContext, query: EndpointQuery<typeof endpoints.tickets.list>) {
      const filter = { ...query, orgId: ctx.ownTenant(), keyword: query.keyword || undefined };
      return pageOf(
        query,
        (limit, offset) => listTickets(db, filter, "newest", limit, offset),
        countTickets(db, filter),
        (row) => toRecord(row, "tenant"),
      );
    },

    detail: (ctx: RequestContext, id: string) => actions.open(id, ctx.ownTenant(), "tenant"),

    linkables: (ctx: RequestContext) => linkablesOf(db, ctx.ownTenant(), LINKABLE_LIMIT),

    async create(
      ctx: RequestContext,
      body: EndpointBody<typeof endpoints.tickets.create>,
    ): Promise<TicketDetail> {
      const orgId = ctx.ownTenant();
      const id = newId();
      await db.transaction(async (tx) => {
        if (body.resourceId && !(await orgResource(tx, orgId, body.resourceId))) {
          throw new DomainError("TICKET_LINK_INVALID");
        }
        if (body.orderId && !(await orgOrder(tx, orgId, body.orderId))) {
          throw new DomainError("TICKET_LINK_INVALID");
        }
        const now = clock.now();
        const ticketNo = newTicketNo(now, timeZone);
        await insertTicket(tx, {
          id,
          ticketNo,
          orgId,
          openerId: ctx.actor.userId,
          title: body.title,
          category: body.category,
          resourceId: body.resourceId || null,
          orderId: body.orderId || null,
          status: "open",
          createdAt: now,
          updatedAt: now,
        });
        const written = await addMessage(
          tx,
          files,
          { ticketId: id, orgId, side: "tenant", authorId: ctx.actor.userId, at: now },
          body,
        );
        await audit.record(tx, {
          action: "ticket.opened",
          ...ctx.auditBy,
          target: id,
          detail: {
            ticketNo,
            name: body.title,
            ...(written.attachments > 0 ? { attachments: written.attachments } : {}),
          },
        });
      });
      return loadDetail(db, files, id, orgId, "tenant");
    },

    reply: (ctx: RequestContext, id: string, body: EndpointBody<typeof endpoints.tickets.reply>) =>
      actions.act(ctx, {
        ...step(ctx, id),
        move: "reply",
        auditAction: "ticket.replied",
        message: body,
        notice: "replied",
      }),

    close: (ctx: RequestContext, id: string) =>
      actions.act(ctx, { ...step(ctx, id), move: "close", auditAction: "ticket.closed" }),

    reopen: (ctx: RequestContext, id: string) =>
      actions.act(ctx, { ...step(ctx, id), move: "reopen", auditAction: "ticket.reopened" }),

    rate: (ctx: RequestContext, id: string, body: EndpointBody<typeof endpoints.tickets.rate>) =>
      actions.act(ctx, {
        ...step(ctx, id),
        move: "rate",
        auditAction: "ticket.rated",
        patch: () => ({ rating: body.rating, ratingComment: body.comment || null }),
        detail: { rating: body.rating, ...(body.comment ? { remark: body.comment } : {}) },
      }),
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
