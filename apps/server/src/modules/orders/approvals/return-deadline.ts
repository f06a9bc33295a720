// When a returned order (驳回 at level 1: applying, lev1_rejected) runs out of time: RETURNED_ORDER_DAYS
// calendar days (business time zone, as the retention period) after its latest return to the
// tenant. One rule for the order page's deadline and for the lifecycle step that withdraws it.
import { addDays } from "@skyledger/billing";
import type { Db } from "../../../platform/db/client";
import { latestEvent } from "../orders.repo";

/** The trail's mark of a return to the tenant (approvals.service: `returned` at `lev1_rejected`). */
export const RETURN_STEP = "returned";
export const RETURN_LEVEL = "lev1_rejected";

/** The deadline of an order returned at `returnedAt`, or null when returned orders wait forever (0 days). */
export function returnDeadline(returnedAt: Date, days: number, timeZone: string): Date | null {
  return days > 0 ? addDays(returnedAt, days, timeZone) : null;
}

/** When the order was last returned to its tenant, read from its trail (in `tx` under its lock, if given). */
export async function lastReturnedAt(db: Db, orderId: string): Promise<Date | null> {
  const e = await latestEvent(db, orderId, RETURN_STEP, RETURN_LEVEL);
  return e?.at ?? null;
}
