// The ticket's state machine (docs/tickets.md): which action each state allows and where it leads.
// Pure rules, so the server and the tests read one table.
import { ACTIVE_TICKET_STATUSES, FINISHED_TICKET_STATUSES, type TicketStatus } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";

export type TicketAction = "reply" | "answer" | "take" | "handover" | "resolve" | "close" | "reopen" | "rate";

const ALLOWED: Record<TicketAction, readonly TicketStatus[]> = {
  reply: ACTIVE_TICKET_STATUSES,
  answer: ACTIVE_TICKET_STATUSES,
  take: ACTIVE_TICKET_STATUSES,
  handover: ACTIVE_TICKET_STATUSES,
  resolve: ACTIVE_TICKET_STATUSES,
  close: [...ACTIVE_TICKET_STATUSES, "resolved"],
  reopen: FINISHED_TICKET_STATUSES,
  rate: FINISHED_TICKET_STATUSES,
};

const STATUS_WORDS: Record<TicketStatus, { zh: string; en: string }> = {
  open: { zh: "待受理", en: "open" },
  processing: { zh: "处理中", en: "processing" },
  replied: { zh: "待您回复", en: "replied" },
  resolved: { zh: "已解决", en: "resolved" },
  closed: { zh: "已关闭", en: "closed" },
};

const ACTION_WORDS: Record<TicketAction, { zh: string; en: string }> = {
  reply: { zh: "回复", en: "replied to" },
  answer: { zh: "回复", en: "answered" },
  take: { zh: "受理", en: "taken" },
  handover: { zh: "转交", en: "handed over" },
  resolve: { zh: "标记为已解决", en: "resolved" },
  close: { zh: "关闭", en: "closed" },
  reopen: { zh: "重新打开", en: "reopened" },
  rate: { zh: "评价", en: "rated" },
};

/** Refuses an action the ticket's state does not allow, naming both in the caller's language. */
export function assertMay(action: TicketAction, status: TicketStatus): void {
  if (!ALLOWED[action].includes(status)) {
    throw new DomainError("TICKET_STATE_INVALID", {
      status: STATUS_WORDS[status],
      action: ACTION_WORDS[action],
    });
  }
}

/**
 * The state after `action`: the tenant's message or a reopening waits for the engineer (open when
 * nobody has the ticket yet, processing otherwise); the engineer's answer waits for the tenant.
 */
export function nextStatus(action: TicketAction, status: TicketStatus, assigned: boolean): TicketStatus {
  const waitingForEngineer: TicketStatus = assigned ? "processing" : "open";
  switch (action) {
    case "reply":
    case "reopen":
      return waitingForEngineer;
    case "answer":
      return "replied";
    case "take":
    case "handover":
      return status === "open" ? "processing" : status;
    case "resolve":
      return "resolved";
    case "close":
      return "closed";
    case "rate":
      return status;
  }
}
