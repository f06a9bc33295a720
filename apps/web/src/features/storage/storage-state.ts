// What a disk's or an elastic IP's status allows on its list row (the server decides; this only
// greys out what it would refuse).
import { ATTACHABLE_AT_REST_STATUSES, isOneOf, type ResourceStatus } from "@skyledger/contracts";
import { actionEnabled } from "../services/host-state";

export type AttachableAction = "attach" | "detach" | "resize" | "unsubscribe";

export function attachableActionEnabled(action: AttachableAction, status: ResourceStatus): boolean {
  if (action === "attach") return status === "available";
  if (action === "detach") return status === "using";
  // A disk grows and an IP changes bandwidth attached or not, but only once settled.
  if (action === "resize") return isOneOf(ATTACHABLE_AT_REST_STATUSES, status);
  // An attached disk or IP is refused by the server too: detach it first.
  return status !== "using" && actionEnabled("unsubscribe", status);
}
