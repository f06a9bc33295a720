import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const organizations = pgTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  industry: text("industry"),
  applicationScenario: text("application_scenario"),
  personnelSize: text("personnel_size"),
  address: text("address"),
  email: text("email"),
  phone: text("phone"),
  createdAt: ts("created_at").notNull(),
});

export const roles = pgTable("roles", {
  id: integer("id").primaryKey(),
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
  moduleType: text("module_type", { enum: ["sys", "console"] }).notNull(),
  billingAdmin: boolean("billing_admin").notNull().default(false),
  landing: text("landing").notNull(),
  permissionSetKeys: text("permission_set_keys").array().notNull(),
});

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    account: text("account").notNull(),
    email: text("email"),
    mobile: text("mobile"),
    passwordHash: text("password_hash").notNull(),
    realName: text("real_name"),
    sex: text("sex"),
    avatarUrl: text("avatar_url"),
    orgId: text("org_id").references(() => organizations.id),
    parentId: text("parent_id"),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id),
    status: text("status", { enum: ["enabled", "disabled"] })
      .notNull()
      .default("enabled"),
    freeze: boolean("freeze").notNull().default(false),
    loginNotFirst: boolean("login_not_first").notNull().default(false),
    agreedAgreementVersion: integer("agreed_agreement_version").notNull().default(0),
    agreedPrivacyVersion: integer("agreed_privacy_version").notNull().default(0),
    pwdChangedAt: ts("pwd_changed_at").notNull(),
    lastLoginIp: text("last_login_ip"),
    lastLoginTime: ts("last_login_time"),
    failedLogins: integer("failed_logins").notNull().default(0),
    firstFailedAt: ts("first_failed_at"),
    lockedUntil: ts("locked_until"),
    certificationStatus: text("certification_status", {
      enum: ["noAuth", "authing", "authSucceed", "authFiled"],
    })
      .notNull()
      .default("noAuth"),
    authRemark: text("auth_remark"),
    authType: text("auth_type"),
    projectId: text("project_id"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("users_account_lower").on(sql`lower(${t.account})`),
    uniqueIndex("users_email_lower").on(sql`lower(${t.email})`),
    uniqueIndex("users_mobile").on(t.mobile),
  ],
);

export const permissionSets = pgTable("permission_sets", {
  id: text("id").primaryKey(),
  key: text("key").unique(),
  name: text("name").notNull(),
  description: text("description"),
  orgId: text("org_id").references(() => organizations.id),
  builtIn: boolean("built_in").notNull().default(false),
  codes: text("codes").array().notNull(),
  createdAt: ts("created_at").notNull(),
});

export const userGroups = pgTable("user_groups", {
  id: text("id").primaryKey(),
  orgId: text("org_id")
    .notNull()
    .references(() => organizations.id),
  key: text("key"),
  name: text("name").notNull(),
  parentId: text("parent_id"),
  builtIn: boolean("built_in").notNull().default(false),
  createdAt: ts("created_at").notNull(),
});

export const userGroupMembers = pgTable(
  "user_group_members",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => userGroups.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

export const userGroupPermissionSets = pgTable(
  "user_group_permission_sets",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => userGroups.id, { onDelete: "cascade" }),
    permissionSetId: text("permission_set_id")
      .notNull()
      .references(() => permissionSets.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.permissionSetId] })],
);

export const userPermissionSets = pgTable(
  "user_permission_sets",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    permissionSetId: text("permission_set_id")
      .notNull()
      .references(() => permissionSets.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionSetId] })],
);
