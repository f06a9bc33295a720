// What a host's status allows (spec §4 resource states): which actions are offered, which states
// are still moving (lists and details poll every 5 s while one is shown), and which carry an error log.
import { type ResourceStatus, TRANSITIONAL_STATUSES } from "@skyledger/contracts";

export const POLL_MS = 5000;

/** Row and detail actions; the four host actions of the API plus unsubscribing. */
export type HostRowAction = "start" | "stop" | "reboot" | "rebuild" | "unsubscribe";
export const HOST_ROW_ACTIONS: readonly HostRowAction[] = [
  "start",
  "stop",
  "reboot",
  "rebuild",
  "unsubscribe",
];

// The contracts' list of states the provider is still working on, shared with the server.
const TRANSITIONAL: ReadonlySet<ResourceStatus> = new Set(TRANSITIONAL_STATUSES);

const FAILED: ReadonlySet<ResourceStatus> = new Set<ResourceStatus>(["create_failure", "error"]);

/** A state the provider is still working on. */
export const isTransitional = (status: ResourceStatus): boolean => TRANSITIONAL.has(status);

/** A state whose error log can be read by clicking the status. */
export const hasFailed = (status: ResourceStatus): boolean => FAILED.has(status);

/** Whether an action may be asked for now. Unsubscribing is refused by the server with its reason when blocked. */
export function actionEnabled(action: HostRowAction, status: ResourceStatus): boolean {
  switch (action) {
    case "start":
      return status === "stopped";
    case "stop":
    case "reboot":
      return status === "running";
    case "rebuild":
      return status === "running" || status === "stopped";
    case "unsubscribe":
      return !isTransitional(status) && status !== "deleted";
  }
}

/** Whether a page of hosts should be fetched again soon. */
export const anyTransitional = (rows: readonly { status: ResourceStatus }[] | undefined): boolean =>
  (rows ?? []).some((row) => isTransitional(row.status));
