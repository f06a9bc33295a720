// Orders and approvals (spec §3 "Order", §4 order states, §7 /service/apply, /audit/approval):
// a tenant's application for a service, paid at submission when prepaid, approved by operators
// as the product's flow says, then provisioned.
import { z } from "zod";
import { v } from "../validation";
import { specChoice } from "./catalog";
import { pageQuery } from "./common";

export const ORDER_TYPES = ["order", "change", "unsubscribe", "release", "thirdParty"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_STATUSES = [
  "applying",
  "approving",
  "approved",
  "rejected",
  "provisioning",
  "completed",
  "failed",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
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

/** `POST /service/resize_resource`: change a host's flavour (or a disk's size). */
export const resizeBody = z.object({
  resourceId: z.string().trim().min(1).max(64),
  spec: specChoice,
});
export type ResizeBody = z.input<typeof resizeBody>;

export const orderQuery = pageQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  type: z.enum(ORDER_TYPES).optional(),
  keyword: z.string().trim().max(64).optional(),
});

export const orderParams = z.object({ id: z.string().min(1).max(64) });

export const orderRecord = z.object({
  id: z.string(),
  orderNo: z.string(),
  type: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  approvalLevel: z.string().nullable(),
  approvalFlow: z.enum(["none", "oneLevel", "twoLevels"]),
  submitter: z.string(),
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
  name: z.string(),
  spec: specChoice,
  resourceIds: z.array(z.string()),
  errorLog: z.string().nullable(),
  events: z.array(orderEvent),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const approvalDecisionBody = z
  .object({
    decision: z.enum(["approve", "reject"]),
    reason: z.string().trim().max(256, "validation.reason").optional(),
  })
  .refine((b) => b.decision === "approve" || (b.reason ?? "").length >= 2, {
    path: ["reason"],
    message: "validation.reason",
  });
export type ApprovalDecisionBody = z.input<typeof approvalDecisionBody>;

export const approvalQuery = pageQuery.extend({
  /** pending: what the caller may decide now; all: every order that went through approval. */
  view: z.enum(["pending", "all"]).default("pending"),
});
