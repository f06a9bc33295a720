// An operator's freeze of a whole tenant account (organizations.frozen_at): read by every action
// that buys, renews or changes, written by the operators' tenant management (modules/tenants).
import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { organizations } from "./iam.schema";

/** Whether the organisation is frozen by an operator; false for none (operators have no organisation). */
export async function isOrgFrozen(tx: Tx, orgId: string | null): Promise<boolean> {
  if (!orgId) return false;
  const [row] = await tx
    .select({ frozenAt: organizations.frozenAt })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return Boolean(row?.frozenAt);
}

/** Sets or lifts the freeze; `frozenAt` null lifts it (the reason and who are cleared with it). */
export async function setOrgFreeze(
  tx: Tx,
  orgId: string,
  freeze: { frozenAt: Date; reason: string; by: string } | null,
): Promise<void> {
  await tx
    .update(organizations)
    .set({
      frozenAt: freeze?.frozenAt ?? null,
      freezeReason: freeze?.reason ?? null,
      frozenBy: freeze?.by ?? null,
    })
    .where(eq(organizations.id, orgId));
}
