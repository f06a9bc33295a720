// Notices (message centre and e-mail) of a ticket's conversation, queued in the transaction of the message or state change
// that causes them. The reader's language is not known here: each notice carries both.
import type { Tx } from "../../platform/db/client";
import type { Messaging } from "../../platform/outbox/messaging";
import { peopleByIds, type TicketRow } from "./tickets.repo";

export type TicketNotice = "answered" | "replied" | "resolved";

const TEXTS: Record<TicketNotice, { zh: string; en: string }> = {
  answered: { zh: "售后工程师回复了您的工单", en: "The after-sales engineer answered your ticket" },
  replied: { zh: "租户回复了您负责的工单", en: "The tenant replied on a ticket you handle" },
  resolved: {
    zh: "您的工单已标记为已解决，欢迎评价；如仍有问题可重新打开",
    en: "Your ticket was marked resolved: rate the answer, or reopen it if the problem remains",
  },
};

/**
 * Queues the notice to the other side: the tenant's notices go to the ticket's opener, the
 * engineer's to its assignee (none when nobody has the ticket; no e-mail when the person has no address).
 */
export async function queueTicketNotice(
  tx: Tx,
  messaging: Messaging,
  ticket: Pick<TicketRow, "ticketNo" | "title" | "openerId" | "assigneeId">,
  notice: TicketNotice,
  excerpt = "",
): Promise<void> {
  const recipientId = notice === "replied" ? ticket.assigneeId : ticket.openerId;
  if (!recipientId) return;
  const [person] = await peopleByIds(tx, [recipientId]);
  if (!person) return;
  const text = TEXTS[notice];
  const quote = excerpt ? `\n\n${excerpt.length > 200 ? `${excerpt.slice(0, 200)}…` : excerpt}` : "";
  await messaging.notify(tx, {
    to: { userId: recipientId, orgId: person.orgId, email: person.email, mobile: null },
    type: "ticket",
    purpose: `ticket.${notice}`,
    channels: ["email"],
    title: `${text.zh} / ${text.en}: ${ticket.ticketNo}`,
    body: `${text.zh}：${ticket.ticketNo}「${ticket.title}」\n${text.en}: ${ticket.ticketNo} "${ticket.title}"${quote}`,
  });
}
