// The rule of an operator's account freeze (docs/operations/operators.md, "Managing tenants"): a
// frozen tenant reads everything and may top up (so it can pay what it owes), but orders, renews
// and changes nothing. Not the lifecycle's freeze of one resource in arrears or expired.
import type { Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { isOrgFrozen } from "./tenant-freeze.repo";

/** Refuses an action that spends money or creates resources for a frozen organisation (TENANT_FROZEN). */
export async function assertNotFrozen(tx: Tx, orgId: string): Promise<void> {
  if (await isOrgFrozen(tx, orgId)) throw new DomainError("TENANT_FROZEN");
}
