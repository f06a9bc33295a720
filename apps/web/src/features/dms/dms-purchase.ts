// A message-queue instance's part of the purchase form (features/storage/storage-purchase.ts has
// the rest): one of the plans the product sells.
import { type QueueSpec, queuePlanOf, type ServiceApplyBody } from "@skyledger/contracts";
import { defaultPayment } from "../services/purchase";
import type { ListedProduct } from "../services/services-api";

export type DmsProduct = ListedProduct & { spec: QueueSpec };

/** The instance's field of the form: the plan's id. */
export type DmsChoiceValues = { queuePlan?: string };

/** Values a newly picked product starts with: its first plan. */
export function dmsDefaults(product: DmsProduct) {
  return { queuePlan: product.spec.plans[0]?.id, ...defaultPayment(product) };
}

/** The spec choice, or null while no plan the product sells is chosen. */
export function dmsChoiceOf(values: DmsChoiceValues, product: DmsProduct): ServiceApplyBody["spec"] | null {
  const plan = queuePlanOf(product.spec, values.queuePlan);
  return plan ? { flavorId: plan.id } : null;
}
