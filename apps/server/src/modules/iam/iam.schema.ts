import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

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
  /**
   * An operator's freeze of the whole tenant account (docs/operations/operators.md, "Managing
   * tenants"): set, the tenant reads but buys, renews and changes nothing. Not the lifecycle's
   * freeze of a resource in arrears or expired (resources.status `frozen`).
   */
  frozenAt: ts("frozen_at"),
  freezeReason: text("freeze_reason"),
  frozenBy: text("frozen_by"),
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
    /**
     * When the user confirmed `mobile` with a code sent to it (sign-up, their own phone change or
     * verification); null while a phone an administrator typed in is unconfirmed. Step-up and
     * password-reset codes go only to a verified phone.
     */
    mobileVerifiedAt: ts("mobile_verified_at"),
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
  // A shared object may be used by every administrator of the tenant but changed only by its creator.
  shared: boolean("shared").notNull().default(false),
  createdBy: text("created_by"),
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
  description: text("description"),
  builtIn: boolean("built_in").notNull().default(false),
  createdBy: text("created_by"),
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

export const projects = pgTable(
  "projects",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    description: text("description"),
    contact: text("contact"),
    phone: text("phone"),
    createdBy: text("created_by"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("projects_org_name").on(t.orgId, sql`lower(${t.name})`)],
);

export const projectMembers = pgTable(
  "project_members",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

/**
 * A tenant's own security settings (page `set`). A null column falls back to the platform's
 * configuration entry of the same meaning.
 */
export const orgSecuritySettings = pgTable("org_security_settings", {
  orgId: text("org_id")
    .primaryKey()
    .references(() => organizations.id),
  passwordPolicy: jsonb("password_policy").$type<Record<string, unknown>>(),
  lockoutPolicy: jsonb("lockout_policy").$type<Record<string, unknown>>(),
  sessionTtlMinutes: integer("session_ttl_minutes"),
  stepUpEnabled: boolean("step_up_enabled"),
  updatedBy: text("updated_by"),
  updatedAt: ts("updated_at").notNull(),
});

/** API credentials: the id travels with each request, the secret signs it (HMAC needs it kept). */
export const accessKeys = pgTable(
  "access_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orgId: text("org_id").references(() => organizations.id),
    secret: text("secret").notNull(),
    description: text("description"),
    status: text("status", { enum: ["enabled", "disabled"] })
      .notNull()
      .default("enabled"),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at"),
    lastUsedIp: text("last_used_ip"),
  },
  (t) => [index("access_keys_user").on(t.userId)],
);

/** A requested e-mail change, confirmed by the link sent to the new address. */
export const emailChangeTokens = pgTable("email_change_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  newEmail: text("new_email").notNull(),
  createdAt: ts("created_at").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});
