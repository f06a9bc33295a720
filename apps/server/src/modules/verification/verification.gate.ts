// Spec §5: real-name verification is required before provisioning. Ordering calls this before it
// accepts an order; sub-users act under their organisation's verification.
import type { Principal } from "../../platform/auth/principal";
import type { Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { orgCertification } from "./verification.repo";

/** Throws NOT_VERIFIED ("the account is not verified, so the operation cannot run") unless verified. */
export async function assertVerified(tx: Tx, principal: Pick<Principal, "orgId">): Promise<void> {
  const state = principal.orgId ? await orgCertification(tx, principal.orgId) : undefined;
  if (state?.status !== "authSucceed") throw new DomainError("NOT_VERIFIED");
}
