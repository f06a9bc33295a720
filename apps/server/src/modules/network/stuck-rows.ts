// A change runs between two transactions (cloud-change.ts): a stop between the claim and the record
// leaves our row `creating` or `deleting` with nothing left to finish it, and every later change
// refused as busy. A row in that state for longer than any change takes is taken for one a stop
// left behind, and its delete is let through: the cloud's creates are idempotent per client token
// (our row's id) and its deletes of what is gone succeed, so that delete asks the create again to
// learn the cloud's ref, deletes the object, and removes our row. One rule for every network row.
import type { NetworkStatus } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";

/** How long a change may be in flight before a row still `creating` or `deleting` is taken for a stopped one. */
export const STUCK_AFTER_MS = 10 * 60_000;

type InFlight = { status: NetworkStatus; createdAt: Date; deletingSince?: Date | null };

/** Whether the row's create or delete started so long ago that the process running it must have stopped. */
export function stuck(row: InFlight, now: Date): boolean {
  // A row claimed `deleting` before its table kept `deleting_since` has no better start than its birth.
  const since =
    row.status === "creating"
      ? row.createdAt
      : row.status === "deleting"
        ? (row.deletingSince ?? row.createdAt)
        : null;
  return since !== null && now.getTime() - since.getTime() > STUCK_AFTER_MS;
}

/**
 * The status a delete takes the row from: `active`, or a `creating`/`deleting` a stop left behind.
 * Refuses (NETWORK_BUSY) a row whose create or delete may still be running.
 */
export function deletableFrom(row: InFlight & { name: string }, now: Date): NetworkStatus {
  if (row.status !== "active" && !stuck(row, now)) throw new DomainError("NETWORK_BUSY", { name: row.name });
  return row.status;
}
