// A message-queue instance's actions, on its list row and on its detail page
// (services/managed-actions.tsx): detail, renew, reset password and unsubscribe, as its status allows.
import type { OrderDetail, QueueInstance } from "@skyledger/contracts";
import { ManagedActions } from "../services/managed-actions";
import { dmsApi } from "./dms-api";

type Props = { queue: QueueInstance; compact?: boolean; onUnsubscribed?(order: OrderDetail): void };

export function DmsActions({ queue, compact, onUnsubscribed }: Props) {
  return (
    <ManagedActions
      ns="dms"
      resource={queue}
      resetEnabled={queue.status === "available" && queue.connection !== null}
      reset={() => dmsApi.resetPassword(queue.id)}
      compact={compact}
      onUnsubscribed={onUnsubscribed}
    />
  );
}
