// Orders and approvals (spec §3 "Order", §4 order states, §7 /service/apply, /audit/approval):
// a tenant's application for a service, paid at submission when prepaid, approved by operators
// as the product's flow says, then provisioned.
import { z } from "zod";
import { ORDER_STATUSES } from "../statuses";
import { v } from "../validation";
import { specChoice } from "./catalog";
import { pageQuery } from "./common";
import { RESOURCE_KINDS } from "./resources";

/**
 * order: a purchase; change: a configuration change; unsubscribe (退订): a prepaid resource given
 * back; release (释放): a postpaid resource given back by its owner, or any resource released by the
 * platform after the retention period (submitted by the system); thirdParty: a purchase of a
 * product delivered at a partner's cloud by an operator (always manually activated); renewal (续费):
 * a prepaid resource renewed, by its tenant or automatically (submitted by the system).
 */
export const ORDER_TYPES = ["order", "change", "unsubscribe", "release", "thirdParty", "renewal"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const APPROVAL_LEVELS = [
  "lev1_passed",
  "lev1_rejected",
  "lev1_refused",
  "lev2_rejected",
  "lev2_refused",
  "audit_executing",
  "audited",
] as const;
export type ApprovalLevel = (typeof APPROVAL_LEVELS)[number];

const optionalId = z.string().trim().min(1).max(64).nullable().default(null);

/** `POST /service/apply`: buy `quantity` resources of one product. */
export const serviceApplyBody = z
  .object({
    productCode: z.string().trim().min(1, "validation.required").max(48),
    spec: specChoice,
    name: v.resourceName,
    quantity: z
      .number()
      .int("validation.quantity")
      .positive("validation.quantity")
      .max(20, "validation.quantityMax"),
    paymentType: z.enum(["prepaid", "postpaid"]),
    periodMonths: z.number().int("validation.prepaidPeriod").optional(),
    couponId: z.string().trim().max(64).optional(),
    keyPairId: optionalId,
    projectId: optionalId,
  })
  .refine((q) => q.paymentType !== "prepaid" || q.periodMonths !== undefined, {
    path: ["periodMonths"],
    message: "validation.required",
  });
export type ServiceApplyBody = z.input<typeof serviceApplyBody>;

/**
 * `POST /service/resize_resource`: change a host's flavour (`flavorId`), expand a disk (`sizeGb`)
 * or change an elastic IP's bandwidth (`bandwidthMbps`).
 */
export const resizeBody = z.object({
  resourceId: z.string().trim().min(1).max(64),
  spec: specChoice,
});
export type ResizeBody = z.input<typeof resizeBody>;

export const orderQuery = pageQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  type: z.enum(ORDER_TYPES).optional(),
  /**
   * Several types at once, comma-separated (`unsubscribe,release`: the records of unsubscribe
   * management); narrowed further by `type` when both are given.
   */
  types: z
    .string()
    .trim()
    .max(100)
    .transform((s) => s.split(",").filter(Boolean))
    .pipe(z.array(z.enum(ORDER_TYPES)).max(ORDER_TYPES.length))
    .optional(),
  keyword: z.string().trim().max(64).optional(),
});

/** The operators' order list: the tenant's filters, narrowed to one organisation when `orgId` is given. */
export const opsOrderQuery = orderQuery.extend({ orgId: z.string().trim().min(1).max(64).optional() });

export const orderParams = z.object({ id: z.string().min(1).max(64) });

export const orderRecord = z.object({
  id: z.string(),
  orderNo: z.string(),
  type: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  approvalLevel: z.string().nullable(),
  approvalFlow: z.enum(["none", "oneLevel", "twoLevels"]),
  /** The resource name asked for (a purchase, numbered per instance) or the resource it acts on. */
  name: z.string(),
  /** The product needed manual activation when the order was submitted (spec §1). */
  manualActivation: z.boolean(),
  /** Approved and paid, waiting for an operator to activate or close it. */
  awaitingActivation: z.boolean(),
  /** The submitter's account; empty when the platform itself submitted it (`submittedBySystem`). */
  submitter: z.string(),
  /** Submitted by the platform, not a person: the automatic release after the retention period. */
  submittedBySystem: z.boolean(),
  orgName: z.string(),
  productCode: z.string(),
  productName: z.string(),
  paymentType: z.enum(["prepaid", "postpaid"]),
  periodMonths: z.number().int().nullable(),
  quantity: z.number().int(),
  /** Yuan with 5 decimals. */
  originalAmount: z.string(),
  amount: z.string(),
  couponDeduction: z.string(),
  paidAmount: z.string(),
  refunded: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderRecord = z.infer<typeof orderRecord>;

export const orderEvent = z.object({
  at: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  level: z.string().nullable(),
  detail: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEvent>;

export const orderDetail = orderRecord.extend({
  spec: specChoice,
  resourceIds: z.array(z.string()),
  /** The same instances with their names: what the order page shows (the ids stay for links). */
  resources: z.array(z.object({ id: z.string(), name: z.string(), kind: z.enum(RESOURCE_KINDS) })),
  errorLog: z.string().nullable(),
  events: z.array(orderEvent),
  /**
   * A returned order (applying, lev1_rejected): when the system withdraws it and refunds it in
   * full unless its tenant resubmits or withdraws it first (ISO). Null otherwise, or when returned
   * orders wait forever (RETURNED_ORDER_DAYS=0).
   */
  returnDeadline: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/**
 * An approver's decision at the order's current level: `approve`; `reject` refuses the order for
 * good (拒绝: lev1_refused / lev2_refused, refunded in full); `return` sends it back (驳回): at
 * level 1 to the tenant (applying, lev1_rejected, the money stays held) to resubmit or withdraw,
 * at level 2 of two to the level-1 approvers (lev2_rejected). Refusing and returning need a reason.
 */
export const APPROVAL_DECISIONS = ["approve", "reject", "return"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];
export const approvalDecisionBody = z
  .object({
    decision: z.enum(APPROVAL_DECISIONS),
    reason: z.string().trim().max(256, "validation.reason").optional(),
  })
  .refine((b) => b.decision === "approve" || (b.reason ?? "").length >= 2, {
    path: ["reason"],
    message: "validation.reason",
  });
export type ApprovalDecisionBody = z.input<typeof approvalDecisionBody>;

/** `POST /orders/{id}/resubmit`: a returned order goes back to level-1 approval; the remark is optional. */
export const orderResubmitBody = z.object({
  remark: z.string().trim().max(256, "validation.reason").optional(),
});
export type OrderResubmitBody = z.input<typeof orderResubmitBody>;

export const APPROVAL_VIEWS = ["pending", "activation", "all"] as const;
export type ApprovalView = (typeof APPROVAL_VIEWS)[number];
export const approvalQuery = pageQuery.extend({
  /**
   * pending: waiting for an approval decision; activation: approved, waiting for manual
   * activation; all: every order that went through approval or manual activation.
   */
  view: z.enum(APPROVAL_VIEWS).default("pending"),
});

/**
 * `POST /audit/approval/{id}/activate`: provisioning starts; the remark is optional. A `thirdParty`
 * order is delivered by hand instead: the partner's instance reference (its instance ID, 1–128
 * characters) is required and an access note for the tenant may go with it.
 */
export const orderActivateBody = z.object({
  reason: z.string().trim().max(256, "validation.reason").optional(),
  externalRef: z
    .string()
    .trim()
    .min(1, "validation.externalRef")
    .max(128, "validation.externalRef")
    .optional(),
  accessNote: z.string().trim().max(512, "validation.accessNote").optional(),
});
export type OrderActivateBody = z.input<typeof orderActivateBody>;

/** `POST /audit/approval/{id}/close`: the application ends refunded in full; the tenant reads the reason. */
export const orderCloseBody = z.object({
  reason: z.string().trim().min(2, "validation.reason").max(256, "validation.reason"),
});
export type OrderCloseBody = z.input<typeof orderCloseBody>;
