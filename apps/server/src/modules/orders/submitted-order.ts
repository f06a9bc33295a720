// A new order and the first event of its trail, written together by whatever submits one: a
// purchase, a configuration change, an unsubscribe or release (the system's own release has no
// actor on its trail).
import type { Db } from "../../platform/db/client";
import { addEvent, type OrderRow } from "./order-money";
import { insertOrder } from "./orders.repo";
import type { orders } from "./orders.schema";
import { SYSTEM_SUBMITTER } from "./system-submitter";

/** Inserts the order and its `submitted` event, by its submitter, at its creation time. */
export async function insertSubmittedOrder(
  tx: Db,
  values: typeof orders.$inferInsert,
  event: { level?: string | null; detail?: string | null } = {},
): Promise<OrderRow> {
  const order = await insertOrder(tx, values);
  await addEvent(tx, {
    orderId: order.id,
    at: values.createdAt,
    actorId: order.submittedBy === SYSTEM_SUBMITTER ? null : order.submittedBy,
    step: "submitted",
    ...event,
  });
  return order;
}
