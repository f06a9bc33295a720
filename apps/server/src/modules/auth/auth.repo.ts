import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { organizations, roles, users } from "../iam/iam.schema";

export type UserRow = typeof users.$inferSelect;

export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.account}) = ${value}`,
        sql`lower(${users.email}) = ${value}`,
        eq(users.mobile, value),
      ),
    )
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function valueInUse(
  db: Db,
  field: "account" | "email" | "mobile",
  value: string,
): Promise<boolean> {
  const v = value.trim();
  const column =
    field === "account"
      ? sql`lower(${users.account}) = ${v.toLowerCase()}`
      : field === "email"
        ? sql`lower(${users.email}) = ${v.toLowerCase()}`
        : eq(users.mobile, v);
  const rows = await db.select({ id: users.id }).from(users).where(column).limit(1);
  return rows.length > 0;
}

export async function organizationOf(db: Db, orgId: string | null) {
  if (!orgId) return undefined;
  const [org] = await db.select().from(organizations).where(eq(organizations.id, orgId));
  return org;
}

export async function updateUser(db: Db, id: string, values: Partial<UserRow>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** The user with their role and organisation in one query (the current-user document needs all three). */
export async function userWithRoleAndOrg(db: Db, id: string) {
  const [row] = await db
    .select({ user: users, role: roles, org: organizations })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.id, id));
  return row;
}
