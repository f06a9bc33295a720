// A third-party service's delivery (ordering/third-party.ts says what one is): activating its order
// records the partner's instance reference, and the instance is created live in the activating
// transaction, with its prepaid term or hourly metering as any other; no provider is asked.
import { deliveredAtPartnerDetail } from "@skyledger/contracts";
import type { Db } from "../../../platform/db/client";
import { newId } from "../../../platform/ids";
import { addEvent, type OrderRow } from "../order-money";
import { type ProductRow, THIRD_PARTY } from "../ordering/third-party";
import { updateOrder } from "../orders.repo";
import { assertOrderWithinQuota } from "./order-quota";
import { insertPurchaseTerm, instanceOfOrder, lifeFrom } from "./provisioning";
import type { QuotaGuard, ServiceDomain } from "./service-domain";

/**
 * Delivers a locked, activated `thirdParty` order: its resource, live now with the partner's
 * reference, its first prepaid term, and the order completed. Runs in the activating transaction.
 */
export async function deliverThirdParty(
  tx: Db,
  o: OrderRow,
  delivery: { externalRef: string; accessNote: string | null },
  deps: { quota: QuotaGuard; domain: ServiceDomain; now: Date; timeZone: string; spec: ProductRow["spec"] },
): Promise<void> {
  const { now } = deps;
  const kind = deps.domain.kindOf(deps.spec);
  await assertOrderWithinQuota(deps.quota, tx, o, kind);
  const id = newId();
  const life = lifeFrom(o, kind, now, deps.timeZone);
  await deps.domain.add(tx, [
    {
      ...instanceOfOrder(o, kind, now),
      id,
      name: o.request.name,
      ...life,
      cloudEnvType: THIRD_PARTY,
      externalRef: delivery.externalRef,
      accessNote: delivery.accessNote,
    },
  ]);
  await insertPurchaseTerm(deps.domain, tx, o, id, 0, now, life.expiresAt);
  await updateOrder(tx, o.id, { status: "completed", updatedAt: now });
  await addEvent(tx, {
    orderId: o.id,
    at: now,
    step: "step",
    detail: deliveredAtPartnerDetail(o.request.name, delivery.externalRef),
  });
  await addEvent(tx, { orderId: o.id, at: now, step: "completed" });
}
