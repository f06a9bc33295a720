// The after-sales engineers' side (BJ): every tenant's tickets, oldest first; take, answer, hand
// over to another operator holding BJ, resolve.
import type { EndpointBody, EndpointQuery, endpoints } from "@skyledger/contracts";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { platformHoldersOf } from "../iam/iam.repo";
import { createTicketActions, type TicketDeps } from "./ticket-actions";
import { toRecord } from "./ticket-view";
import { countTickets, listTickets, peopleByIds } from "./tickets.repo";

const ENGINEER_CODE = "BJ";

export function createTicketDeskService(deps: TicketDeps) {
  const { db } = deps;
  const actions = createTicketActions(deps);
  const step = (id: string) => ({ id, orgId: null, side: "engineer" as const });

  async function engineers() {
    const holders = await platformHoldersOf(db, ENGINEER_CODE);
    const people = await peopleByIds(
      db,
      holders.map((h) => h.id),
    );
    return people.map((p) => ({ id: p.id, name: p.name })).sort((a, b) => a.name.localeCompare(b.name));
  }

  return {
    queue(ctx: RequestContext, query: EndpointQuery<typeof endpoints.tickets.queue>) {
      const filter = {
        orgId: null,
        status: query.status,
        category: query.category,
        keyword: query.keyword || undefined,
        tenant: query.tenant || undefined,
        assigneeId: query.mine === "true" ? ctx.actor.userId : undefined,
      };
      return pageOf(
        query,
        (limit, offset) => listTickets(db, filter, "oldest", limit, offset),
        countTickets(db, filter),
        (row) => toRecord(row, "engineer"),
      );
    },

    engineers,

    detail: (id: string) => actions.open(id, null, "engineer"),

    take: (ctx: RequestContext, id: string) =>
      actions.act(ctx, {
        ...step(id),
        move: "take",
        auditAction: "ticket.taken",
        patch: () => ({ assigneeId: ctx.actor.userId }),
      }),

    answer: (ctx: RequestContext, id: string, body: EndpointBody<typeof endpoints.tickets.answer>) =>
      actions.act(ctx, {
        ...step(id),
        move: "answer",
        auditAction: "ticket.answered",
        message: body,
        // Whoever answers a ticket nobody has takes it.
        patch: (_tx, row) => (row.assigneeId ? {} : { assigneeId: ctx.actor.userId }),
        notice: "answered",
      }),

    async handover(ctx: RequestContext, id: string, body: EndpointBody<typeof endpoints.tickets.handover>) {
      const holders = await platformHoldersOf(db, ENGINEER_CODE);
      const [target] = holders.some((h) => h.id === body.assigneeId)
        ? await peopleByIds(db, [body.assigneeId])
        : [];
      if (!target) throw new DomainError("TICKET_ASSIGNEE_INVALID");
      return actions.act(ctx, {
        ...step(id),
        move: "handover",
        auditAction: "ticket.handedOver",
        patch: (_tx, row) => {
          if (row.assigneeId === target.id) throw new DomainError("TICKET_ASSIGNEE_INVALID");
          return { assigneeId: target.id };
        },
        detail: { account: target.account },
      });
    },

    resolve: (ctx: RequestContext, id: string) =>
      actions.act(ctx, {
        ...step(id),
        move: "resolve",
        auditAction: "ticket.resolved",
        notice: "resolved",
      }),
  };
}

export type TicketDeskService = ReturnType<typeof createTicketDeskService>;
