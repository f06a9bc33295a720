// Queries of operator accounts (platform accounts: no organisation) and of their roles: role 301
// for a platform administrator, otherwise role 302 with the operator role sets granted directly
// (decision 0028).
import { OPERATOR_ROLE_SETS, type OperatorRoleKey } from "@skyledger/contracts";
import { and, count, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { ROLE } from "./iam.repo";
import { userPermissionSets, users } from "./iam.schema";
import { keywordAndStatus } from "./users.repo";

const setIdOf = (key: string) => `builtin:${key}`;
const ROLE_SET_IDS = OPERATOR_ROLE_SETS.map((set) => setIdOf(set.key));
const roleOfSetId = new Map(OPERATOR_ROLE_SETS.map((set) => [setIdOf(set.key), set.role]));

export type OperatorRow = typeof users.$inferSelect;

export type OperatorFilter = {
  keyword?: string | undefined;
  status?: "enabled" | "disabled" | undefined;
  role?: OperatorRoleKey | undefined;
};

function holdsRole(role: OperatorRoleKey): SQL {
  if (role === "platformAdmin") return eq(users.roleId, ROLE.platformAdmin);
  const setId = setIdOf(OPERATOR_ROLE_SETS.find((s) => s.role === role)!.key);
  return sql`exists (select 1 from user_permission_sets ups where ups.user_id = ${users.id} and ups.permission_set_id = ${setId})`;
}

function conditionOf(filter: OperatorFilter): SQL {
  const where: SQL[] = [isNull(users.orgId), ...keywordAndStatus(filter)];
  if (filter.role) where.push(holdsRole(filter.role));
  return and(...where)!;
}

/** A page of operator accounts, newest first, and the total. */
export async function operatorPage(tx: Tx, filter: OperatorFilter, limit: number, offset: number) {
  const cond = conditionOf(filter);
  const [rows, totals] = await Promise.all([
    tx
      .select()
      .from(users)
      .where(cond)
      .orderBy(desc(users.createdAt), users.account)
      .limit(limit)
      .offset(offset),
    tx.select({ n: count() }).from(users).where(cond),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The roles of each operator, in the order of OPERATOR_ROLE_KEYS. */
export async function rolesOfOperators(
  tx: Tx,
  operators: readonly Pick<OperatorRow, "id" | "roleId">[],
): Promise<Map<string, OperatorRoleKey[]>> {
  const roles = new Map<string, OperatorRoleKey[]>();
  for (const o of operators) roles.set(o.id, o.roleId === ROLE.platformAdmin ? ["platformAdmin"] : []);
  if (operators.length === 0) return roles;
  const grants = await tx
    .select()
    .from(userPermissionSets)
    .where(
      and(
        inArray(
          userPermissionSets.userId,
          operators.map((o) => o.id),
        ),
        inArray(userPermissionSets.permissionSetId, ROLE_SET_IDS),
      ),
    );
  for (const set of OPERATOR_ROLE_SETS) {
    for (const g of grants) {
      if (roleOfSetId.get(g.permissionSetId) === set.role) roles.get(g.userId)?.push(set.role);
    }
  }
  return roles;
}

/** Replaces an operator's roles: role 301 for a platform administrator, the others as granted sets. */
export async function setOperatorRoles(tx: Tx, userId: string, roles: readonly OperatorRoleKey[]) {
  await tx
    .update(users)
    .set({ roleId: roles.includes("platformAdmin") ? ROLE.platformAdmin : ROLE.operator })
    .where(eq(users.id, userId));
  await tx
    .delete(userPermissionSets)
    .where(
      and(eq(userPermissionSets.userId, userId), inArray(userPermissionSets.permissionSetId, ROLE_SET_IDS)),
    );
  const granted = OPERATOR_ROLE_SETS.filter((set) => roles.includes(set.role));
  if (granted.length)
    await tx
      .insert(userPermissionSets)
      .values(granted.map((set) => ({ userId, permissionSetId: setIdOf(set.key) })));
}

/**
 * The enabled platform administrators other than `userId`, their rows locked until `tx` ends so
 * that two administrators disabling or demoting each other at once cannot leave none.
 */
export async function otherEnabledPlatformAdmins(tx: Tx, userId: string): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNull(users.orgId),
        eq(users.roleId, ROLE.platformAdmin),
        eq(users.status, "enabled"),
        ne(users.id, userId),
      ),
    )
    .for("update");
  return rows.length;
}
