// The one rule every second-person approval shares (manual recharges, voucher issues, money-control
// settings): only a request still waiting can be decided, and never by the operator who asked.
import { DomainError } from "./http/errors";

export function assertDecidableBy(
  request: { status: string; requestedBy: string } | undefined,
  actorId: string,
): asserts request is { status: "pending_approval"; requestedBy: string } {
  if (!request) throw new DomainError("NOT_FOUND");
  if (request.status !== "pending_approval") throw new DomainError("FOUR_EYES_NOT_PENDING");
  if (request.requestedBy === actorId) throw new DomainError("FOUR_EYES_SELF_APPROVAL");
}
