// SQL of the lifecycle step: which resources each rule looks at, and the conditional updates that
// move one (each on the row's status or stage, so a second run or instance changes nothing more).
import { OUT_OF_LIFE_STATUSES } from "@skyledger/contracts";
import { and, eq, isNotNull, isNull, lte, notInArray, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../../platform/db/client";
import { resources } from "../../resources/resources.schema";

type ResourceRow = typeof resources.$inferSelect;
type ResourceUpdate = Partial<Omit<typeof resources.$inferInsert, "id">>;

const live = (tx: Tx, extra: SQL | undefined) =>
  tx
    .select()
    .from(resources)
    .where(and(isNull(resources.deletedAt), notInArray(resources.status, [...OUT_OF_LIFE_STATUSES]), extra));

/** Postpaid resources, not frozen, metered up to `before` or earlier (HPC pools have their own accounting). */
export const postpaidToMeter = (tx: Tx, before: Date) =>
  live(
    tx,
    and(
      eq(resources.paymentType, "postpaid"),
      sql`${resources.status} <> 'frozen'`,
      sql`${resources.kind} <> 'hpcPool'`,
      lte(resources.meteredUntil, before),
    ),
  );

/** Resources, not frozen, in arrears since `before` or earlier. */
export const inArrearsSince = (tx: Tx, before: Date) =>
  live(
    tx,
    and(
      sql`${resources.status} <> 'frozen'`,
      isNotNull(resources.arrearsSince),
      lte(resources.arrearsSince, before),
    ),
  );

export const frozenForArrears = (tx: Tx) =>
  live(tx, and(eq(resources.status, "frozen"), eq(resources.frozenReason, "arrears")));

/** Prepaid resources, not frozen, expiring by `by`. */
export const prepaidExpiringBy = (tx: Tx, by: Date) =>
  live(
    tx,
    and(
      eq(resources.paymentType, "prepaid"),
      sql`${resources.status} <> 'frozen'`,
      isNotNull(resources.expiresAt),
      lte(resources.expiresAt, by),
    ),
  );

export const frozenResources = (tx: Tx) => live(tx, eq(resources.status, "frozen"));

/**
 * Moves the resource into a notice stage only if its stage and status are still those read: true
 * when this call moved it (and so should tell).
 */
export async function enterStageIf(tx: Tx, r: ResourceRow, set: ResourceUpdate): Promise<boolean> {
  const moved = await tx
    .update(resources)
    .set(set)
    .where(
      and(
        eq(resources.id, r.id),
        r.notifiedStage === null
          ? isNull(resources.notifiedStage)
          : eq(resources.notifiedStage, r.notifiedStage),
        eq(resources.status, r.status),
      ),
    )
    .returning({ id: resources.id });
  return moved.length > 0;
}
