// Who hears of an order: the submitter's and the tenant administrators' addresses, the
// organisation's name. Read in the transaction of the change the notice tells of.
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { ROLE } from "../iam/iam.repo";
import { organizations, users } from "../iam/iam.schema";

export async function organizationName(tx: Tx, orgId: string): Promise<string | undefined> {
  const [org] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return org?.name;
}

/** The enabled tenant administrators of the organisation. */
export function tenantAdminContacts(tx: Tx, orgId: string) {
  return tx
    .select({ userId: users.id, orgId: users.orgId, email: users.email, mobile: users.mobile })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.roleId, ROLE.tenantAdmin), eq(users.status, "enabled")));
}
