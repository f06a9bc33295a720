// A tenant's own security settings (page `set`).
import { eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { orgSecuritySettings } from "./iam.schema";

export type OrgSecurityRow = typeof orgSecuritySettings.$inferSelect;

export async function orgSecurityRow(tx: Tx, orgId: string): Promise<OrgSecurityRow | undefined> {
  const [row] = await tx.select().from(orgSecuritySettings).where(eq(orgSecuritySettings.orgId, orgId));
  return row;
}

/** Writes the given columns of the organisation's row (creating it) and returns the row as it now is. */
export async function saveOrgSecurity(
  tx: Tx,
  orgId: string,
  values: Partial<Omit<OrgSecurityRow, "orgId" | "updatedBy" | "updatedAt">>,
  stamp: { updatedBy: string; updatedAt: Date },
): Promise<OrgSecurityRow> {
  const [row] = await tx
    .insert(orgSecuritySettings)
    .values({ orgId, ...values, ...stamp })
    .onConflictDoUpdate({ target: orgSecuritySettings.orgId, set: { ...values, ...stamp } })
    .returning();
  return row!;
}
