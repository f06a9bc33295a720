// SQL of the lifecycle step: which resources each rule looks at, and the conditional updates that
// move one (each on the row's status or stage, so a second run or instance changes nothing more).
import { OUT_OF_LIFE_STATUSES } from "@skyledger/contracts";
import { and, asc, eq, isNotNull, isNull, lte, notInArray, type SQL, sql } from "drizzle-orm";
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
const postpaidDue = (before: Date) =>
  and(
    isNull(resources.deletedAt),
    notInArray(resources.status, [...OUT_OF_LIFE_STATUSES]),
    eq(resources.paymentType, "postpaid"),
    sql`${resources.status} <> 'frozen'`,
    sql`${resources.kind} <> 'hpcPool'`,
    lte(resources.meteredUntil, before),
  );

/** The organisations with a postpaid resource due for metering (metered up to `before` or earlier). */
export async function orgsWithPostpaidDue(tx: Tx, before: Date): Promise<string[]> {
  const rows = await tx.selectDistinct({ orgId: resources.orgId }).from(resources).where(postpaidDue(before));
  return rows.map((r) => r.orgId).sort();
}

/**
 * An organisation's postpaid resources due for metering, locked, in id order (the order they are
 * charged in). Locked rows are read again after any wait, so a resource another instance metered
 * meanwhile no longer qualifies.
 */
export const lockPostpaidDueOfOrg = (tx: Tx, orgId: string, before: Date) =>
  tx
    .select()
    .from(resources)
    .where(and(eq(resources.orgId, orgId), postpaidDue(before)))
    .orderBy(asc(resources.id))
    .for("update");

export type MeteredMark = {
  id: string;
  meteredUntil: Date;
  arrearsSince: Date | null;
  /** Clear an "arrears" notice stage (paid up: a later debt is told again). */
  clearArrearsStage: boolean;
};

/** Records how far each resource is metered and its arrears mark, in one statement. */
export async function markMetered(tx: Tx, marks: readonly MeteredMark[]): Promise<void> {
  if (marks.length === 0) return;
  // One array per column, unnested: a statement of the same size whatever the number of resources.
  const column = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;
  await tx.execute(sql`
    update resources r set metered_until = v.metered_until, arrears_since = v.arrears_since,
      notified_stage = case when v.clear_stage and r.notified_stage = 'arrears' then null else r.notified_stage end
    from unnest(${column(
      marks.map((m) => m.id),
      "text",
    )}, ${column(
      marks.map((m) => m.meteredUntil.toISOString()),
      "timestamptz",
    )}, ${column(
      marks.map((m) => m.arrearsSince?.toISOString() ?? null),
      "timestamptz",
    )}, ${column(
      marks.map((m) => m.clearArrearsStage),
      "boolean",
    )}) as v(id, metered_until, arrears_since, clear_stage)
    where r.id = v.id`);
}

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
