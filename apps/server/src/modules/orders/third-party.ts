// Third-party services (云管平台 third-party cloud service): a product whose provider is
// `thirdParty` runs at a partner's cloud, where an operator delivers it by hand. Its orders are of
// type `thirdParty` and always wait for manual activation after approval, whatever the product's
// flag; one instance per order, since each is delivered and referenced on its own. Activating one
// records the partner's instance reference: the resource is created running (available for other
// kinds) in the activating transaction, with its prepaid term or hourly metering as any other, and
// no provider is asked (its `providerRef` stays null, so provider operations refuse or skip it).

import { deliveredAtPartnerDetail } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { products } from "../catalog/catalog.schema";
import type { QuotaGuard } from "../quotas/quota-port";
import { resourceKindOf } from "../resources/resource-spec";
import { resources } from "../resources/resources.schema";
import { addEvent, type OrderRow } from "./order-money";
import { orders } from "./orders.schema";
import { insertPurchaseTerm, lifeFrom } from "./provisioning";

type ProductRow = typeof products.$inferSelect;

export const THIRD_PARTY = "thirdParty";

export const isThirdParty = (p: Pick<ProductRow, "provider">): boolean => p.provider === THIRD_PARTY;

/** The type of a purchase of the product. */
export const purchaseTypeOf = (p: Pick<ProductRow, "provider">) =>
  isThirdParty(p) ? ("thirdParty" as const) : ("order" as const);

/** Whether approved orders of the product wait for an operator: a third-party service always does. */
export const activatedByHand = (p: Pick<ProductRow, "provider" | "manualActivation">): boolean =>
  p.manualActivation || isThirdParty(p);

/** Refuses what a third-party purchase cannot be: several instances at once. */
export function assertThirdPartyPurchase(p: Pick<ProductRow, "provider">, quantity: number): void {
  if (isThirdParty(p) && quantity !== 1) throw new DomainError("THIRD_PARTY_ONE_PER_ORDER");
}

/**
 * Delivers a locked, activated `thirdParty` order: its resource, live now with the partner's
 * reference, its first prepaid term, and the order completed. Runs in the activating transaction.
 */
export async function deliverThirdParty(
  tx: Db,
  o: OrderRow,
  delivery: { externalRef: string; accessNote: string | null },
  deps: { quota: QuotaGuard; now: Date; timeZone: string; spec: ProductRow["spec"] },
): Promise<void> {
  const { now } = deps;
  const kind = resourceKindOf(deps.spec);
  await deps.quota.assertWithinQuota(tx, {
    orgId: o.orgId,
    projectId: o.projectId,
    kind,
    spec: o.request.spec,
    quantity: o.quantity,
  });
  const id = newId();
  const life = lifeFrom(o, kind, now, deps.timeZone);
  await tx.insert(resources).values({
    id,
    orgId: o.orgId,
    projectId: o.projectId,
    orderId: o.id,
    productId: o.productId,
    productCode: o.productCode,
    kind,
    name: o.request.name,
    spec: o.request.spec,
    ...life,
    cloudEnvType: THIRD_PARTY,
    externalRef: delivery.externalRef,
    accessNote: delivery.accessNote,
    paymentType: o.paymentType,
    periodMonths: o.periodMonths,
    createdAt: now,
    updatedAt: now,
  });
  await insertPurchaseTerm(tx, o, id, 0, now, life.expiresAt);
  await tx.update(orders).set({ status: "completed", updatedAt: now }).where(eq(orders.id, o.id));
  await addEvent(tx, {
    orderId: o.id,
    at: now,
    step: "step",
    detail: deliveredAtPartnerDetail(o.request.name, delivery.externalRef),
  });
  await addEvent(tx, { orderId: o.id, at: now, step: "completed" });
}
