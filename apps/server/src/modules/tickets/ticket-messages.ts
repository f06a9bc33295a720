// Adding a message to a ticket's conversation: the content (required, at most 2,000 characters,
// checked by the endpoint's schema) and at most five of the author's own uploads of purpose
// ticketAttachment, which become readable by the ticket's organisation.
import { allowedExtensions, MAX_TICKET_ATTACHMENTS, type TicketSide } from "@skyledger/contracts";
import type { FileService } from "../../platform/blobs/files.service";
import type { Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import { insertMessage } from "./tickets.repo";

export type NewMessage = { content: string; attachmentIds: string[] };

/**
 * The author's own ticket attachments among `ids`, checked before anything is written. A file
 * already given to another organisation (an engineer's upload attached elsewhere) is not reused.
 */
export async function checkAttachments(
  tx: Tx,
  files: FileService,
  author: { id: string; orgId: string },
  ids: string[],
): Promise<string[]> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length > MAX_TICKET_ATTACHMENTS) {
    throw new DomainError("TOO_MANY_FILES", { max: MAX_TICKET_ATTACHMENTS });
  }
  const own = new Map((await files.ownedBy(tx, author.id, unique)).map((f) => [f.id, f]));
  for (const id of unique) {
    const file = own.get(id);
    if (!file || (file.orgId !== null && file.orgId !== author.orgId)) throw new DomainError("NOT_FOUND");
    if (file.purpose !== "ticketAttachment") {
      throw new DomainError("FILE_TYPE_INVALID", {
        name: file.name,
        allowed: allowedExtensions("ticketAttachment").join(", "),
      });
    }
  }
  return unique;
}

export async function addMessage(
  tx: Tx,
  files: FileService,
  input: { ticketId: string; orgId: string; side: TicketSide; authorId: string; at: Date },
  message: NewMessage,
): Promise<{ attachments: number }> {
  const attachmentIds = await checkAttachments(
    tx,
    files,
    { id: input.authorId, orgId: input.orgId },
    message.attachmentIds,
  );
  await insertMessage(tx, {
    id: newId(),
    ticketId: input.ticketId,
    side: input.side,
    authorId: input.authorId,
    content: message.content,
    attachmentIds,
    createdAt: input.at,
  });
  await files.bindToOrg(tx, attachmentIds, input.orgId);
  return { attachments: attachmentIds.length };
}
