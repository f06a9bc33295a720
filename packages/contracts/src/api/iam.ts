// Access control of a tenant (spec §2 `user`, `usergroup`, `strategy`; §3 user, user group,
// permission; §6 roles and permissions): sub-users, user groups and permission sets, served under
// the resource API (`/api/res/subuser`, `/api/res/user_group`, `/api/res/polices`).
import { z } from "zod";
import { ALL_PERMISSION_CODES, type MenuGroup, type PermissionCode } from "../permissions";
import { v } from "../validation";
import { pageQuery } from "./common";

/** Codes a tenant may hand out: the console's C codes, never the operators' B codes. */
export type TenantPermissionCode = Extract<PermissionCode, `C${string}`>;
export const TENANT_PERMISSION_CODES = ALL_PERMISSION_CODES.filter((c): c is TenantPermissionCode =>
  c.startsWith("C"),
);

/** Chinese descriptions of the tenant codes; the English ones are PERMISSION_CODES. */
export const PERMISSION_CODE_NAMES_ZH: Record<TenantPermissionCode, string> = {
  CA: "总览",
  CB01: "云主机",
  CB0116: "快照",
  CB0117: "密钥对",
  CB011702: "密钥对详情",
  CB02: "云硬盘",
  CB04: "关系型数据库",
  CB05: "对象存储",
  CB0501: "管理桶及其对象",
  CB0502: "对象存储访问密钥",
  CB08: "裸金属服务器",
  CB09: "网络",
  CB10: "文件存储",
  CB1001: "管理文件存储及访问规则",
  CB11: "云备份",
  CB12: "容器引擎",
  CB13: "缓存服务",
  CB14: "消息队列",
  CB17: "高性能计算",
  CB1701: "高性能计算资源池的订购与成员管理",
  CB18: "专属与共享资源池",
  CB1802: "资源池续订",
  CB19: "AI资源池",
  CB1905: "AI资源池退订",
  CB1907: "AI资源池续订",
  CB1908: "AI开发平台退订",
  CB1909: "AI开发平台续订",
  CB1910: "AI共享资源池退订",
  CB20: "弹性文件服务",
  CB2001: "弹性文件服务退订",
  CB2002: "弹性文件服务续订",
  CB2003: "管理弹性文件及访问规则",
  CB2004: "配置变更",
  CC01: "充值与订单",
  CC0101: "充值与购买资源包",
  CC02: "优惠券",
  CC0201: "兑换代金券",
  CC03: "账单",
  CC04: "充值明细",
  CC05: "发票",
  CC0501: "申请发票及管理发票抬头和邮寄地址",
  CC06: "合同",
  CC07: "收支明细",
  CC08: "续订管理",
  CC0801: "续订与自动续订",
  CC09: "预算",
  CC0901: "设置预算",
  CD: "工单",
  CD01: "管理工单",
  CF: "消息中心",
  CF01: "管理消息",
  CG: "配额",
  CH01: "用户",
  CH02: "用户组",
  CH04: "项目",
  CH05: "权限与设置",
  CH0101: "管理用户",
  CH0201: "管理用户组",
  CH0401: "管理项目",
  CH0501: "管理权限集与设置",
  CH06: "访问密钥",
  CH07: "审计日志（租户）",
};

const CATEGORY_BY_PREFIX: Record<string, MenuGroup> = {
  CA: "overview",
  CB: "cloudResources",
  CC: "costCentre",
  CD: "tickets",
  CF: "messages",
  CG: "quota",
  CH: "accessControl",
};

/** The menu group a code belongs to: the permission's category of spec §3. */
export function permissionCategory(code: TenantPermissionCode): MenuGroup {
  return CATEGORY_BY_PREFIX[code.slice(0, 2)] ?? "overview";
}

const tenantCode = z.enum(TENANT_PERMISSION_CODES as [TenantPermissionCode, ...TenantPermissionCode[]]);

// Query strings carry text: z.coerce.boolean() would read "false" as true.
const queryFlag = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .optional();

/** A group or permission set as other rows refer to it; built-in ones are named by their key. */
export const iamRef = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string().nullable(),
  builtIn: z.boolean(),
});
export type IamRef = z.infer<typeof iamRef>;

// ---- users -------------------------------------------------------------------------------------

export const iamUserStatus = z.enum(["enabled", "disabled"]);

export const subUserQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  status: iamUserStatus.optional(),
  groupId: z.string().uuid().optional(),
});

export const subUserRow = z.object({
  userSid: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** Whether the user confirmed the phone with a code; until then SMS step-up cannot use it. */
  mobileVerified: z.boolean(),
  /** The tenant administrator (role 201) or a sub-user (role 202). */
  roleType: z.enum(["tenantAdmin", "subUser"]),
  status: iamUserStatus,
  locked: z.boolean(),
  lockedUntil: z.string().nullable(),
  groups: z.array(iamRef),
  createdAt: z.string(),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type SubUserRow = z.infer<typeof subUserRow>;

export const permissionSetGrant = iamRef.extend({ codes: z.array(z.string()) });

export const subUserDetail = subUserRow.extend({
  /** The user must set a new password at the next sign-in. */
  mustChangePassword: z.boolean(),
  directSets: z.array(permissionSetGrant),
  /** Sets held through groups (or the tenant administrator's role); they cannot be removed here. */
  inheritedSets: z.array(permissionSetGrant.extend({ viaGroups: z.array(iamRef), viaRole: z.boolean() })),
  permissions: z.array(z.string()),
  projects: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SubUserDetail = z.infer<typeof subUserDetail>;

export const subUserProfile = z.object({
  realName: v.formName,
  email: v.email,
  mobile: v.phone,
});

export const subUserCreate = subUserProfile
  .extend({
    account: v.username,
    groupIds: z.array(z.string().uuid()).min(1, "validation.required").max(50),
    /** "generated": the server makes a password and answers it once; "chosen": `password` is used. */
    passwordMode: z.enum(["generated", "chosen"]),
    password: v.password.optional(),
    resetOnFirstLogin: z.boolean().default(true),
  })
  .refine((body) => body.passwordMode === "generated" || !!body.password, {
    message: "validation.required",
    path: ["password"],
  });
export type SubUserCreate = z.input<typeof subUserCreate>;

export const subUserCreated = z.object({
  userSid: z.string(),
  /** The generated password, shown once; null when the administrator chose it. */
  password: z.string().nullable(),
});

export const temporaryPasswordResult = z.object({
  password: z.string(),
  /** Whether the password also went to the user's phone. */
  smsSent: z.boolean(),
});

export const subUserGroupsBody = z.object({
  groupIds: z.array(z.string().uuid()).max(50),
  /** Removing every group ends the user's platform access: the client confirms it explicitly. */
  confirmLastGroup: z.boolean().optional(),
});

export const permissionSetIdBody = z.object({ permissionSetId: z.string().min(1).max(64) });

// ---- user groups -------------------------------------------------------------------------------

export const userGroupQuery = pageQuery.extend({ keyword: z.string().trim().max(64).optional() });

export const userGroupRow = iamRef.extend({
  description: z.string(),
  parent: iamRef.nullable(),
  memberCount: z.number().int(),
  permissionSets: z.array(iamRef),
  createdAt: z.string(),
});
export type UserGroupRow = z.infer<typeof userGroupRow>;

export const userGroupMember = z.object({
  userSid: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  status: iamUserStatus,
  roleType: z.enum(["tenantAdmin", "subUser"]),
  /** How many groups the user is in: 1 means removing them here ends their platform access. */
  groupCount: z.number().int(),
});
export type UserGroupMember = z.infer<typeof userGroupMember>;

export const userGroupDetail = userGroupRow.extend({
  members: z.array(userGroupMember),
  children: z.array(iamRef),
});
export type UserGroupDetail = z.infer<typeof userGroupDetail>;

export const userGroupBody = z.object({
  name: v.formName,
  description: v.description.default(""),
  parentId: z.string().uuid().nullable().default(null),
});
export type UserGroupBody = z.input<typeof userGroupBody>;

export const userGroupCreate = userGroupBody.extend({
  permissionSetIds: z.array(z.string().min(1).max(64)).max(50).default([]),
});

export const groupMembersBody = z.object({
  userIds: z.array(z.string().uuid()).min(1, "validation.required").max(100),
});
export const groupSetsBody = z.object({ permissionSetIds: z.array(z.string().min(1).max(64)).max(50) });
export const confirmLastGroupQuery = z.object({ confirmLastGroup: queryFlag });

// ---- permission sets ---------------------------------------------------------------------------

export const permissionSetSource = z.enum(["builtIn", "custom"]);

export const permissionSetQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  source: permissionSetSource.optional(),
});

export const permissionSetRow = iamRef.extend({
  description: z.string(),
  source: permissionSetSource,
  codes: z.array(z.string()),
  shared: z.boolean(),
  createdBy: z.string().nullable(),
  createdByAccount: z.string().nullable(),
  /** Whether the caller may change or delete it (built-in sets and others' shared sets: no). */
  mayChange: z.boolean(),
  /** Groups and users holding it directly: what a change or deletion affects. */
  groupCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type PermissionSetRow = z.infer<typeof permissionSetRow>;

export const permissionSetBody = z.object({
  name: v.formName,
  description: v.description.default(""),
  codes: z.array(tenantCode).min(1, "validation.required").max(TENANT_PERMISSION_CODES.length),
  shared: z.boolean().default(false),
});
export type PermissionSetBody = z.input<typeof permissionSetBody>;

export const permissionCatalogueItem = z.object({
  code: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  category: z.string(),
  source: z.literal("builtIn"),
});
export type PermissionCatalogueItem = z.infer<typeof permissionCatalogueItem>;
