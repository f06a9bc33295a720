// A file share's or elastic file's actions, on its list row and on its detail page
// (services/managed-actions.tsx): detail, renew and unsubscribe, as its status allows.
import type { FileShare, OrderDetail } from "@skyledger/contracts";
import { ManagedActions } from "../services/managed-actions";
import { FILE_SERVICES, type FileKind } from "./file-services";

type Props = {
  kind: FileKind;
  share: FileShare;
  compact?: boolean;
  onUnsubscribed?(order: OrderDetail): void;
};

export function FileShareActions({ kind, share, compact, onUnsubscribed }: Props) {
  return (
    <ManagedActions
      ns={FILE_SERVICES[kind].ns}
      resource={share}
      compact={compact}
      onUnsubscribed={onUnsubscribed}
    />
  );
}
