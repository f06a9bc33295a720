// The SQL of the four-eyes rule: one operator's money requests to one tenant are serialised, and
// what they gave or took within the window is summed. Every method takes the caller's transaction.
import type { Money } from "@skyledger/billing";
import { sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/client";

/**
 * Holds, until the transaction ends, a lock per (operator, tenant): two requests of one operator
 * to one tenant cannot both read the sum before either is recorded and so slip under the threshold
 * together. Vouchers issued as codes (no tenant) share one lock per operator.
 */
export async function lockOperatorTenant(tx: Tx, actorId: string, orgId: string | null): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`four-eyes:${actorId}:${orgId ?? "-"}`}, 0))`,
  );
}

/**
 * What `actorId` gave or took from `orgId` (null: vouchers issued as codes) since `since`, applied
 * or still pending: balance adjustments (either sign counts), manual recharges and voucher issues.
 */
export async function operatorExposure(
  tx: Tx,
  actorId: string,
  orgId: string | null,
  since: Date,
): Promise<Money> {
  const open = sql`status in ('pending_approval', 'applied') and created_at > ${since.toISOString()}::timestamptz`;
  const rows = rowsOf<{ total: string | null }>(
    await tx.execute(sql`
      select coalesce(sum(amount), 0)::text as total from (
        select abs(amount) as amount from balance_adjustments
          where requested_by = ${actorId} and org_id = ${orgId} and ${open}
        union all
        select amount from manual_recharges
          where requested_by = ${actorId} and org_id = ${orgId} and ${open}
        union all
        select total from voucher_issues
          where requested_by = ${actorId} and org_id is not distinct from ${orgId} and ${open}
      ) moved`),
  );
  return BigInt(rows[0]?.total ?? "0");
}
