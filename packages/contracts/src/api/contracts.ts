// Contracts (spec §2 `contract`, `contracts/detail/{id}` CC06; §3 contract fields; §4 states; §5
// discount 0–1 with 2 decimals, end not before start): an operator (BI) signs a contract with a
// tenant that gives it a credit line and discounts while it is in execution. Rules:
// docs/billing/contracts.md and decision 0029.
import { z } from "zod";
import { pageQuery } from "./common";
import { yuan } from "./finance";
import { storedFile } from "./verification";

/**
 * notStarted: signed, its start is still ahead; executing: start ≤ now < end and not terminated
 * (credit and discounts apply); expired: its end passed; terminated: ended early by an operator.
 */
export const CONTRACT_STATUSES = ["notStarted", "executing", "expired", "terminated"] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_DISCOUNT_TARGETS = ["product", "category"] as const;

const instant = z.string().datetime({ offset: true, message: "validation.invalid" });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "validation.invalid");
const notNegativeYuan = (message: string) => yuan.refine((s) => !s.startsWith("-"), message);

export const contractDiscountInput = z.object({
  target: z.enum(CONTRACT_DISCOUNT_TARGETS),
  code: z.string().trim().min(1, "validation.required").max(64, "validation.invalid"),
  // 0.85 = the tenant pays 85 % (the same pattern as parseDiscount in packages/billing).
  discount: z
    .string()
    .trim()
    .regex(/^(0(\.\d{1,2})?|1(\.0{1,2})?)$/, "validation.discount"),
});

export const contractCreateBody = z
  .object({
    orgId: z.string().trim().min(1, "validation.required").max(64),
    name: z.string().trim().min(1, "validation.required").max(100, "validation.invalid"),
    contractNo: z.string().trim().min(1, "validation.required").max(64, "validation.invalid"),
    amount: notNegativeYuan("validation.amount"),
    creditLimit: notNegativeYuan("validation.contractCreditLimit"),
    signedOn: day,
    startsAt: instant,
    endsAt: instant,
    discounts: z.array(contractDiscountInput).max(50).default([]),
    fileId: z.string().trim().min(1, "validation.contractFile").max(64),
  })
  .refine((b) => Date.parse(b.endsAt) >= Date.parse(b.startsAt), {
    message: "validation.contractEndBeforeStart",
    path: ["endsAt"],
  });
export type ContractCreateBody = z.input<typeof contractCreateBody>;

export const contractTerminateBody = z.object({
  reason: z.string().trim().min(1, "validation.required").max(500, "validation.invalid"),
});

export const contractParams = z.object({ id: z.string().uuid() });

export const contractQuery = pageQuery.extend({
  status: z.enum(CONTRACT_STATUSES).optional(),
});
export const contractOpsQuery = contractQuery.extend({
  orgId: z.string().trim().max(64).optional(),
});

export const contractDiscount = z.object({
  target: z.enum(CONTRACT_DISCOUNT_TARGETS),
  code: z.string(),
  /** The share paid, "0.85". */
  discount: z.string(),
});

export const contractRecord = z.object({
  id: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  name: z.string(),
  contractNo: z.string(),
  amount: z.string(),
  creditLimit: z.string(),
  signedOn: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  discounts: z.array(contractDiscount),
  terminatedAt: z.string().nullable(),
  terminationReason: z.string().nullable(),
  createdAt: z.string(),
});
export type ContractRecord = z.infer<typeof contractRecord>;

export const contractDetail = contractRecord.extend({ file: storedFile.nullable() });
export type ContractDetail = z.infer<typeof contractDetail>;
