// A change to a security group, its rules or its hosts, in the network's house pattern
// (../cloud-change.ts): claimed with its audit row, asked of the cloud, then recorded — or undone
// with a `failedAction` audit row naming the cloud's reason.
import type { Audit, AuditEvent } from "../../../platform/audit/audit";
import type { Db, Tx } from "../../../platform/db/client";
import { runClaimedChange } from "../cloud-change";

export type CloudChange<T> = {
  /** Marks our row busy (or inserts it busy) in `tx`; throws the refusal when it cannot start. */
  claim(tx: Tx): Promise<void>;
  /** The change's audit row, written with the claim. */
  event: AuditEvent;
  /** The audit action recorded when the cloud refuses. */
  failedAction: string;
  /** Asks the cloud. */
  ask(): Promise<T>;
  /** Records what the cloud made or removed. */
  record(tx: Tx, result: T): Promise<void>;
  /** Puts our rows back as they were before the claim. */
  undo(tx: Tx): Promise<void>;
};

export function runCloudChange<T>(deps: { db: Db; audit: Audit }, change: CloudChange<T>): Promise<T> {
  return runClaimedChange(deps, {
    claim: async (tx) => {
      await change.claim(tx);
      return change.event;
    },
    failure: (event, reason) => ({
      ...event,
      action: change.failedAction,
      detail: { ...event.detail, reason },
    }),
    ask: change.ask,
    record: change.record,
    undo: change.undo,
  });
}
