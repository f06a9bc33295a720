// How a ticket is answered: its list line and its detail with the conversation, as the caller's
// side sees it (the unread count is that side's).
import type { StoredFile, TicketDetail, TicketRecord, TicketSide } from "@skyledger/contracts";
import type { FileService } from "../../platform/blobs/files.service";
import type { Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { findTicket, messagesOf, orgOrder, orgResource, type TicketListRow } from "./tickets.repo";

export function toRecord(row: TicketListRow, side: TicketSide): TicketRecord {
  const t = row.ticket;
  return {
    id: t.id,
    ticketNo: t.ticketNo,
    title: t.title,
    category: t.category,
    status: t.status,
    unread: side === "tenant" ? t.tenantUnread : t.engineerUnread,
    orgId: t.orgId,
    orgName: row.orgName,
    opener: { id: t.openerId, name: row.openerName },
    assignee: t.assigneeId ? { id: t.assigneeId, name: row.assigneeName ?? "" } : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** The ticket of `orgId` (null: any organisation) with its conversation; NOT_FOUND otherwise. */
export async function loadDetail(
  tx: Tx,
  files: FileService,
  id: string,
  orgId: string | null,
  side: TicketSide,
): Promise<TicketDetail> {
  const row = await findTicket(tx, id, orgId);
  if (!row) throw new DomainError("NOT_FOUND");
  const t = row.ticket;
  const messages = await messagesOf(tx, t.id);
  const stored = await files.byIds(
    tx,
    messages.flatMap((m) => m.attachmentIds),
  );
  const byId = new Map<string, StoredFile>(
    stored.map((f) => [f.id, { id: f.id, name: f.name, contentType: f.contentType, size: f.size }]),
  );
  return {
    ...toRecord(row, side),
    resource: t.resourceId ? ((await orgResource(tx, t.orgId, t.resourceId)) ?? null) : null,
    order: t.orderId ? ((await orgOrder(tx, t.orgId, t.orderId)) ?? null) : null,
    rating: t.rating,
    ratingComment: t.ratingComment,
    resolvedAt: t.resolvedAt?.toISOString() ?? null,
    closedAt: t.closedAt?.toISOString() ?? null,
    messages: messages.map((m) => ({
      id: m.id,
      side: m.side,
      author: m.author,
      content: m.content,
      attachments: m.attachmentIds.flatMap((fid) => byId.get(fid) ?? []),
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
