// One ticket action in one transaction, for both sides: lock the ticket, check the state machine,
// add the message if any, move the state, write the audit row and queue the other side's notice.
import type { AuditAction, AuditDetail, TicketDetail, TicketSide } from "@skyledger/contracts";
import type { ActionDeps } from "../../platform/action-deps";
import type { Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { addMessage, type NewMessage } from "./ticket-messages";
import { queueTicketNotice, type TicketNotice } from "./ticket-notices";
import { assertMay, nextStatus, type TicketAction } from "./ticket-states";
import { loadDetail } from "./ticket-view";
import { lockTicket, markRead, type TicketRow, updateTicket } from "./tickets.repo";

export type TicketDeps = ActionDeps;

type TicketPatch = Partial<Pick<TicketRow, "assigneeId" | "rating" | "ratingComment">>;

export type TicketStep = {
  id: string;
  /** The caller's organisation for a tenant; null for an operator (any organisation). */
  orgId: string | null;
  side: TicketSide;
  /** The state machine's move (ticket-states.ts). */
  move: TicketAction;
  auditAction: AuditAction;
  message?: NewMessage;
  /** Changes decided from the locked ticket (the assignee, the rating); may refuse. */
  patch?: (tx: Tx, row: TicketRow) => Promise<TicketPatch> | TicketPatch;
  notice?: TicketNotice;
  detail?: AuditDetail;
};

export function createTicketActions(deps: TicketDeps) {
  const { db, clock, audit, messaging, files } = deps;

  return {
    async act(ctx: RequestContext, step: TicketStep): Promise<TicketDetail> {
      await db.transaction(async (tx) => {
        const now = clock.now();
        const row = await lockTicket(tx, step.id, step.orgId);
        if (!row) throw new DomainError("NOT_FOUND");
        assertMay(step.move, row.status);
        const patch = step.patch ? await step.patch(tx, row) : {};
        const assigneeId = patch.assigneeId !== undefined ? patch.assigneeId : row.assigneeId;
        const status = nextStatus(step.move, row.status, assigneeId !== null);
        const written = step.message
          ? await addMessage(
              tx,
              files,
              { ticketId: row.id, orgId: row.orgId, side: step.side, authorId: ctx.actor.userId, at: now },
              step.message,
            )
          : { attachments: 0 };
        await updateTicket(tx, row.id, {
          ...patch,
          status,
          updatedAt: now,
          ...(status === "resolved" ? { resolvedAt: now } : {}),
          ...(status === "closed" ? { closedAt: now } : {}),
          // A reopened ticket is neither resolved nor closed any more (the rating stays, until the next).
          ...(step.move === "reopen" ? { resolvedAt: null, closedAt: null } : {}),
        });
        await audit.record(tx, {
          action: step.auditAction,
          ...ctx.auditBy,
          target: row.id,
          detail: {
            ticketNo: row.ticketNo,
            ...(written.attachments > 0 ? { attachments: written.attachments } : {}),
            ...step.detail,
          },
        });
        if (step.notice) {
          await queueTicketNotice(tx, messaging, { ...row, assigneeId }, step.notice, step.message?.content);
        }
      });
      return loadDetail(db, files, step.id, step.orgId, step.side);
    },

    /** The ticket as `side` sees it; opening it marks the other side's messages read. */
    async open(id: string, orgId: string | null, side: TicketSide): Promise<TicketDetail> {
      const detail = await loadDetail(db, files, id, orgId, side);
      if (detail.unread > 0) await markRead(db, id, side);
      return { ...detail, unread: 0 };
    },
  };
}

export type TicketActions = ReturnType<typeof createTicketActions>;
