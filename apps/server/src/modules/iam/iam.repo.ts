import {
  ALL_BUILT_IN_SETS,
  BUILT_IN_USER_GROUPS,
  OPERATOR_ROLE_ID,
  PLATFORM_ADMIN_ROLE_ID,
} from "@skyledger/contracts";
import { eq, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/client";
import { newId } from "../../platform/ids";
import {
  organizations,
  permissionSets,
  roles,
  userGroupMembers,
  userGroupPermissionSets,
  userGroups,
} from "./iam.schema";

export const ROLE = {
  platformAdmin: PLATFORM_ADMIN_ROLE_ID,
  operator: OPERATOR_ROLE_ID,
  tenantAdmin: 201,
  subUser: 202,
} as const;

const ROLE_ROWS = [
  {
    id: ROLE.platformAdmin,
    key: "platformAdmin",
    name: "Platform administrator",
    moduleType: "sys" as const,
    billingAdmin: true,
    landing: "/sys/overview",
    permissionSetKeys: ["platformAdmin"],
  },
  // Operators who are not platform administrators: their codes come from the operator role sets
  // granted to them directly (decision 0028), none from the role itself.
  {
    id: ROLE.operator,
    key: "operator",
    name: "Operator",
    moduleType: "sys" as const,
    billingAdmin: false,
    landing: "/sys/overview",
    permissionSetKeys: [],
  },
  {
    id: ROLE.tenantAdmin,
    key: "tenantAdmin",
    name: "Tenant administrator",
    moduleType: "console" as const,
    billingAdmin: false,
    landing: "/mgt/dashboard",
    permissionSetKeys: ["tenantAdmin"],
  },
  {
    id: ROLE.subUser,
    key: "subUser",
    name: "Sub-user",
    moduleType: "console" as const,
    billingAdmin: false,
    landing: "/mgt/dashboard",
    permissionSetKeys: [],
  },
];

/** Built-in roles and permission sets; codes are refreshed so a new release's sets take effect. */
export async function seedBuiltIns(tx: Tx, now: Date): Promise<void> {
  for (const role of ROLE_ROWS) {
    await tx
      .insert(roles)
      .values(role)
      .onConflictDoUpdate({
        target: roles.id,
        set: { permissionSetKeys: role.permissionSetKeys, landing: role.landing },
      });
  }
  for (const set of ALL_BUILT_IN_SETS()) {
    await tx
      .insert(permissionSets)
      .values({
        id: `builtin:${set.key}`,
        key: set.key,
        name: set.key,
        builtIn: true,
        codes: [...set.codes],
        createdAt: now,
      })
      .onConflictDoUpdate({ target: permissionSets.id, set: { codes: [...set.codes] } });
  }
}

/** Every tenant organisation gets its own copy of the built-in groups of spec §6. */
export async function createTenantGroups(tx: Tx, orgId: string, now: Date): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const group of BUILT_IN_USER_GROUPS) {
    const id = newId();
    ids.set(group.key, id);
    await tx
      .insert(userGroups)
      .values({ id, orgId, key: group.key, name: group.key, builtIn: true, createdAt: now });
    for (const setKey of group.permissionSets) {
      await tx.insert(userGroupPermissionSets).values({ groupId: id, permissionSetId: `builtin:${setKey}` });
    }
  }
  return ids;
}

export async function addToGroup(tx: Tx, groupId: string, userId: string): Promise<void> {
  await tx.insert(userGroupMembers).values({ groupId, userId }).onConflictDoNothing();
}

/** The union of the codes a user holds through their role, their groups and direct grants (spec §6). */
export async function permissionsOf(tx: Tx, userId: string): Promise<string[]> {
  const result = await tx.execute(sql`
    select distinct unnest(ps.codes) as code from permission_sets ps
      where ps.key = any (select unnest(r.permission_set_keys) from users u join roles r on r.id = u.role_id where u.id = ${userId})
    union
    select distinct unnest(ps.codes) from permission_sets ps
      join user_group_permission_sets gps on gps.permission_set_id = ps.id
      join user_group_members m on m.group_id = gps.group_id
      where m.user_id = ${userId}
    union
    select distinct unnest(ps.codes) from permission_sets ps
      join user_permission_sets ups on ups.permission_set_id = ps.id
      where ups.user_id = ${userId}
  `);
  return rowsOf<{ code: string }>(result)
    .map((r) => r.code)
    .sort();
}

/**
 * Enabled platform accounts (no organisation) holding `code` through their role, their groups or a
 * set granted to them directly — the same union as `permissionsOf`, asked the other way round.
 */
export function platformHoldersOf(tx: Tx, code: string): Promise<{ id: string; email: string | null }[]> {
  return holdersOf(tx, code, null);
}

/** Enabled users of one organisation holding `code`, as `platformHoldersOf` asks it, by account. */
export async function orgHoldersOf(
  tx: Tx,
  orgId: string,
  code: string,
): Promise<{ id: string; account: string; email: string | null }[]> {
  return holdersOf(tx, code, orgId);
}

async function holdersOf(tx: Tx, code: string, orgId: string | null) {
  const result = await tx.execute(sql`
    select u.id, u.account, u.email from users u
    where ${orgId === null ? sql`u.org_id is null` : sql`u.org_id = ${orgId}`} and u.status = 'enabled' and (
      exists (
        select 1 from roles r join permission_sets ps on ps.key = any (r.permission_set_keys)
        where r.id = u.role_id and ${code} = any (ps.codes))
      or exists (
        select 1 from user_group_members m
          join user_group_permission_sets gps on gps.group_id = m.group_id
          join permission_sets ps on ps.id = gps.permission_set_id
        where m.user_id = u.id and ${code} = any (ps.codes))
      or exists (
        select 1 from user_permission_sets ups join permission_sets ps on ps.id = ups.permission_set_id
        where ups.user_id = u.id and ${code} = any (ps.codes))
    )
    order by u.account
  `);
  return rowsOf<{ id: string; account: string; email: string | null }>(result);
}

export async function roleById(tx: Tx, id: number) {
  const [role] = await tx.select().from(roles).where(eq(roles.id, id));
  return role;
}

export async function insertOrganization(tx: Tx, row: typeof organizations.$inferInsert): Promise<void> {
  await tx.insert(organizations).values(row);
}
