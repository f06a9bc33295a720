// The audit log of security and access events (issue 4 §5): who, what, when and from where.
import { z } from "zod";

/**
 * Every action the server records. The console translates each one (i18n `audit.action.*`, with the
 * dots written as underscores); an action missing here is shown as its raw string.
 */
export const AUDIT_ACTIONS = [
  "register",
  "login",
  "login.failed",
  "logout",
  "account.locked",
  "account.unlocked",
  "password.change",
  "password.firstLogin",
  "password.reset.sms",
  "password.reset.email",
  "password.resetByOperator",
  "operator.created",
  "operator.enabled",
  "operator.disabled",
  "operator.rolesChanged",
  "operator.passwordReset",
  "email.changed",
  "mobile.changed",
  "mobile.verified",
  "profile.updated",
  "accessKey.created",
  "accessKey.enabled",
  "accessKey.disabled",
  "accessKey.deleted",
  "user.created",
  "user.updated",
  "user.enabled",
  "user.disabled",
  "user.unlocked",
  "user.passwordReset",
  "user.deleted",
  "user.groupsChanged",
  "user.permissionsChanged",
  "group.created",
  "group.updated",
  "group.deleted",
  "group.membersChanged",
  "group.permissionsChanged",
  "permissionSet.created",
  "permissionSet.updated",
  "permissionSet.deleted",
  "project.created",
  "project.updated",
  "project.deleted",
  "project.membersChanged",
  "settings.updated",
  "verification.submitted",
  "verification.approved",
  "verification.rejected",
  "adjustment.requested",
  "adjustment.applied",
  "adjustment.approved",
  "adjustment.rejected",
  "topup.credited",
  "topup.notification.refused",
  "manualRecharge.requested",
  "manualRecharge.applied",
  "manualRecharge.approved",
  "manualRecharge.rejected",
  "voucherIssue.requested",
  "voucherIssue.applied",
  "voucherIssue.approved",
  "voucherIssue.rejected",
  "cashVoucher.voided",
  "coupon.issued",
  "coupon.distributed",
  "coupon.voided",
  "creditLimit.set",
  "invitation.created",
  "invitation.disabled",
  "config.updated",
  "configChange.proposed",
  "configChange.approved",
  "configChange.rejected",
  "paymentFailure.retried",
  "paymentFailure.resolved",
  "productCategory.created",
  "productCategory.updated",
  "productCategory.deleted",
  "billingPolicy.created",
  "billingPolicy.updated",
  "billingPolicy.deleted",
  "product.created",
  "product.updated",
  "product.listed",
  "product.delisted",
  "product.pendingListing",
  "product.pricingChanged",
  "keypair.created",
  "keypair.imported",
  "keypair.deleted",
  "securityGroup.created",
  "securityGroup.createFailed",
  "securityGroup.defaultCreated",
  "securityGroup.deleted",
  "securityGroup.deleteFailed",
  "securityGroup.ruleAdded",
  "securityGroup.ruleAddFailed",
  "securityGroup.ruleDeleted",
  "securityGroup.ruleDeleteFailed",
  "securityGroup.hostBound",
  "securityGroup.hostBindFailed",
  "securityGroup.hostUnbound",
  "securityGroup.hostUnbindFailed",
  "quota.update",
  "order.submitted",
  "order.approved",
  "order.rejected",
  "order.returned",
  "order.resubmitted",
  "order.withdrawn",
  "order.expired",
  "order.activated",
  "order.closed",
  "resource.action",
  "resource.actionFailed",
  "resource.renamed",
  "resource.unsubscribed",
  "resource.renewed",
  "resource.resized",
  "resource.autoRenewChanged",
  "rds.passwordReset",
  "cache.passwordReset",
  "queue.passwordReset",
  "fileShare.ruleAdded",
  "fileShare.ruleUpdated",
  "fileShare.ruleRemoved",
  "obs.aclChanged",
  "obs.objectsDeleted",
  "obs.keyCreated",
  "obs.keyDeleted",
  "simulator.faultArmed",
  "package.offerCreated",
  "package.offerUpdated",
  "package.offerDeleted",
  "package.offerListing",
  "package.bought",
  "package.renewed",
  "package.autoRenewChanged",
  "hpc.clusterRegistered",
  "hpc.clusterUpdated",
  "hpc.clusterDisabled",
  "hpc.clusterHostKeyRecorded",
  "hpc.memberAdded",
  "hpc.memberRemoved",
  "hpc.jobSubmitted",
  "hpc.jobCancelled",
  "hpc.terminalOpened",
  "webssh.opened",
  "webssh.ended",
  "webssh.hostKeyForgotten",
  "hpc.trainingSubmitted",
  "hpc.trainingStopped",
  "hpc.poolHeld",
  "hpc.poolLifted",
  "hpc.packagesOnlyChanged",
  "hpc.dedicatedClosed",
  "alarmRule.created",
  "alarmRule.updated",
  "alarmRule.enabled",
  "alarmRule.disabled",
  "alarmRule.deleted",
  "alarm.fired",
  "alarm.acknowledged",
  "alarm.resolved",
  "network.vpcCreated",
  "network.vpcUpdated",
  "network.vpcDeleted",
  "network.subnetCreated",
  "network.subnetUpdated",
  "network.subnetDeleted",
  "network.routerCreated",
  "network.routerDeleted",
  "network.interfaceAdded",
  "network.interfaceRemoved",
  "network.routeAdded",
  "network.routeRemoved",
  "network.failed",
  "ticket.opened",
  "ticket.replied",
  "ticket.answered",
  "ticket.taken",
  "ticket.handedOver",
  "ticket.resolved",
  "ticket.closed",
  "ticket.reopened",
  "ticket.rated",
  "announcement.published",
  "announcement.withdrawn",
  "notice.preferencesChanged",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Categories are the first segment of an action; the action filter matches one or the other. */
export const AUDIT_CATEGORIES = [...new Set(AUDIT_ACTIONS.map((a) => a.split(".")[0]!))];

/** The i18n key of an action's label: i18next reads dots as nesting, so they become underscores. */
export const auditActionKey = (action: string): string => `audit.action.${action.replaceAll(".", "_")}`;

const isoInstant = z.iso.datetime({ offset: true, message: "validation.invalid" });

const auditFilters = z.object({
  /** An exact action ("login.failed") or a category ("login", "accessKey"): the action and its sub-actions. */
  action: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z.]*$/, "validation.invalid")
    .optional(),
  /** Part of the acting account's name. */
  actor: z.string().trim().max(64).optional(),
  /** Part of the target: its raw value or, when it is a user, the account. */
  target: z.string().trim().max(128).optional(),
  from: isoInstant.optional(),
  to: isoInstant.optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

const rangeInOrder = (q: { from?: string; to?: string }) =>
  !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);

export const auditQuery = auditFilters.refine(rangeInOrder, {
  message: "validation.dateOrder",
  path: ["to"],
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** Operators see every organisation and may narrow to one. */
export const opsAuditQuery = auditFilters
  .extend({ orgId: z.string().uuid().optional() })
  .refine(rangeInOrder, { message: "validation.dateOrder", path: ["to"] });
export type OpsAuditQuery = z.infer<typeof opsAuditQuery>;

export const auditLogRow = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorAccount: z.string().nullable(),
  actorName: z.string().nullable(),
  orgId: z.string().nullable(),
  orgName: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** The target's account when the target is a user id. */
  targetAccount: z.string().nullable(),
  /**
   * What a target that is an id is called: a group's or project's name, an adjustment's number, a
   * product's name in the reader's language… (built-in groups and sets as `builtin-group:<key>` /
   * `builtin:<key>`, which the console translates). Null when the target reads as it is.
   */
  targetName: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogRow = z.infer<typeof auditLogRow>;
