// Third-party services (云管平台 third-party cloud service): a product whose provider is
// `thirdParty` runs at a partner's cloud, where an operator delivers it by hand. Its orders are of
// type `thirdParty` and always wait for manual activation after approval, whatever the product's
// flag; one instance per order, since each is delivered and referenced on its own. Activating one
// records the partner's instance reference: the resource is created running (available for other
// kinds) in the activating transaction, with its prepaid term or hourly metering as any other, and
// no provider is asked (its `providerRef` stays null, so provider operations refuse or skip it).

import { HPC_DEDICATED_POOL_TYPES } from "@skyledger/contracts";
import { DomainError } from "../../../platform/http/errors";
import type { products } from "../../catalog/catalog.schema";

export type ProductRow = typeof products.$inferSelect;

export const THIRD_PARTY = "thirdParty";

export const isThirdParty = (p: Pick<ProductRow, "provider">): boolean => p.provider === THIRD_PARTY;

/** The type of a purchase of the product. */
export const purchaseTypeOf = (p: Pick<ProductRow, "provider">) =>
  isThirdParty(p) ? ("thirdParty" as const) : ("order" as const);

/**
 * Whether approved orders of the product wait for an operator: a third-party service always does,
 * and so does a dedicated HPC or AI pool (spec §1: its nodes are reserved when an operator approves).
 */
export const activatedByHand = (p: Pick<ProductRow, "provider" | "manualActivation" | "spec">): boolean =>
  p.manualActivation ||
  isThirdParty(p) ||
  (p.spec.kind === "hpcPool" && HPC_DEDICATED_POOL_TYPES.includes(p.spec.poolType));

/** Refuses what a third-party purchase cannot be: several instances at once. */
export function assertThirdPartyPurchase(p: Pick<ProductRow, "provider">, quantity: number): void {
  if (isThirdParty(p) && quantity !== 1) throw new DomainError("THIRD_PARTY_ONE_PER_ORDER");
}
