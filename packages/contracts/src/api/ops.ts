import { z } from "zod";

export const invitationStatus = z.enum(["enabled", "disabled", "exhausted", "expired"]);

export const invitationCode = z.object({
  code: z.string(),
  remark: z.string(),
  maxUses: z.number().int(),
  usedCount: z.number().int(),
  expiresAt: z.string().nullable(),
  status: invitationStatus,
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** The creator's account, for people to read. */
  createdByAccount: z.string().nullable(),
});
export type InvitationCode = z.infer<typeof invitationCode>;

export const invitationCreate = z.object({
  count: z.number().int().min(1, "validation.quantity").max(100, "validation.quantityMax"),
  maxUses: z.number().int().min(1, "validation.quantity").max(10_000, "validation.quantityMax"),
  expiresAt: z.string().datetime({ offset: true }).nullable().optional(),
  remark: z.string().trim().max(256, "validation.descriptionLength").default(""),
});

export const invitationUse = z.object({
  account: z.string(),
  orgName: z.string().nullable(),
  usedAt: z.string(),
});

/**
 * Every purpose an outbox message or a notice carries: what caused it. The outbox page names each
 * in the operator's language (a test holds every one to a label in both), so a new notice must be
 * added here; the server's messaging types accept no other.
 */
export const OUTBOX_PURPOSES = [
  "code:register",
  "code:reset",
  "code:stepup",
  "code:bind",
  "code:verify",
  "code:email:verify",
  "code:email:reset",
  "password.reset",
  "password.temporary",
  "email.change",
  "email.changed",
  "mobile.changed",
  "verification.approved",
  "verification.rejected",
  "order.approval",
  "order.activation",
  "order.thirdPartyRelease",
  "order.completed",
  "order.rejected",
  "order.returned",
  "order.expired",
  "order.failed",
  "order.closed",
  "order.closedWhileRunning",
  "resource.expiring",
  "resource.autoRenewFailed",
  "resource.arrears",
  "resource.frozen",
  "resource.released",
  "hpc.pool.held",
  "hpc.pool.lifted",
  "hpc.pool.packageHeld",
  "hpc.pool.packageLifted",
  "alarm.fired",
  "alarm.recovered",
  "invoice.invoiced",
  "invoice.rejected",
  "ticket.answered",
  "ticket.replied",
  "ticket.resolved",
  "tenant.frozen",
  "tenant.unfrozen",
  "budget.threshold50",
  "budget.threshold80",
  "budget.threshold100",
  "budget.forecast",
] as const;
export type OutboxPurpose = (typeof OUTBOX_PURPOSES)[number];

/** Delivery states of an outbox message; "failed" is for good (its retries are spent). */
export const OUTBOX_STATUSES = ["pending", "sending", "recorded", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(["sms", "email"]),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  purpose: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  error: z.string().nullable(),
  /** What SMTP or the SMS provider last answered (codes, message, request id). */
  gatewayAnswer: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxQuery = z.object({
  channel: z.enum(["sms", "email"]).optional(),
  recipient: z.string().trim().max(128).optional(),
  status: z.enum(OUTBOX_STATUSES).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const platformUser = z.object({
  userSid: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  orgName: z.string().nullable(),
  roleName: z.string(),
  status: z.enum(["enabled", "disabled"]),
  lockedUntil: z.string().nullable(),
  certificationStatus: z.string(),
  createdAt: z.string(),
  lastLoginTime: z.string().nullable(),
});
export type PlatformUser = z.infer<typeof platformUser>;

export const platformUserQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  // Query strings carry text: z.coerce.boolean() would read "false" as true.
  lockedOnly: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
