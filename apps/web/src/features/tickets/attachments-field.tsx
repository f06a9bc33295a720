// A message's attachments: up to five files of purpose ticketAttachment, checked in the browser as
// the server checks them (size, type by content, name) and uploaded at once.
import { MAX_TICKET_ATTACHMENTS } from "@skyledger/contracts";
import { type UploadedFile, UploadField } from "../verification/upload-field";

export type { UploadedFile };

type Props = {
  testId: string;
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  id?: string;
};

export function AttachmentsField(props: Props) {
  return <UploadField purpose="ticketAttachment" max={MAX_TICKET_ATTACHMENTS} {...props} />;
}
