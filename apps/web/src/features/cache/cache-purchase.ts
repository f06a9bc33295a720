// A cache instance's part of the purchase form (features/storage/storage-purchase.ts has the
// rest): one of the memory plans the product sells.
import { type CacheSpec, cacheMemoryAllowed, type ServiceApplyBody } from "@skyledger/contracts";
import { defaultPayment } from "../services/purchase";
import type { ListedProduct } from "../services/services-api";

export type CacheProduct = ListedProduct & { spec: CacheSpec };

/** The cache instance's field of the form. */
export type CacheChoiceValues = { memoryGb?: number };

/** Values a newly picked product starts with: its smallest plan. */
export function cacheDefaults(product: CacheProduct) {
  return { memoryGb: Math.min(...product.spec.memoryGb), ...defaultPayment(product) };
}

/** The spec choice, or null while no plan the product sells is chosen. */
export function cacheChoiceOf(
  values: CacheChoiceValues,
  product: CacheProduct,
): ServiceApplyBody["spec"] | null {
  return cacheMemoryAllowed(product.spec, values.memoryGb) ? { memoryGb: values.memoryGb! } : null;
}
