// SQL of HPC accounting: the pools to rate, the pool's rating mark (locked by the run that moves it),
// the jobs' charged-so-far rows, the bill lines, and the arrears marks on the pool's resource row.
import { UNPROVISIONED_STATUSES } from "@skyledger/contracts";
import { and, asc, count, eq, inArray, isNull, max, notInArray, or, sql } from "drizzle-orm";
import type { Tx } from "../../../platform/db/client";
import { productPrices } from "../../catalog/catalog.schema";
import { bills } from "../../ledger/ledger.schema";
import { resources } from "../../resources/resources.schema";
import { hpcPools } from "../hpc.schema";
import { hpcChargeLines, hpcJobCharges, hpcPoolRatings } from "./hpc-accounting.schema";

export type PoolToRate = Awaited<ReturnType<typeof poolsToRate>>[number];
export type JobChargeRow = typeof hpcJobCharges.$inferSelect;
export type ChargeLineRow = typeof hpcChargeLines.$inferSelect;

/**
 * Postpaid pools that were provisioned: live ones, and deleted ones not yet rated up to their
 * deletion (their last jobs are charged once more). Frozen pools are rated too: hours used before
 * the freeze are owed like any other.
 */
export function poolsToRate(tx: Tx) {
  return tx
    .select({
      poolId: hpcPools.resourceId,
      clusterId: hpcPools.clusterId,
      account: hpcPools.account,
      limits: hpcPools.limits,
      heldReason: hpcPools.heldReason,
      packagesOnly: hpcPools.packagesOnly,
      poolType: hpcPools.poolType,
      poolCreatedAt: hpcPools.createdAt,
      orgId: resources.orgId,
      name: resources.name,
      status: resources.status,
      productId: resources.productId,
      productCode: resources.productCode,
      orderId: resources.orderId,
      discountHundredths: resources.discountHundredths,
      arrearsSince: resources.arrearsSince,
      notifiedStage: resources.notifiedStage,
      deletedAt: resources.deletedAt,
      ratedUntil: hpcPoolRatings.ratedUntil,
    })
    .from(hpcPools)
    .innerJoin(resources, eq(resources.id, hpcPools.resourceId))
    .leftJoin(hpcPoolRatings, eq(hpcPoolRatings.poolId, hpcPools.resourceId))
    .where(
      and(
        eq(resources.paymentType, "postpaid"),
        notInArray(resources.status, [...UNPROVISIONED_STATUSES]),
        or(
          isNull(resources.deletedAt),
          isNull(hpcPoolRatings.ratedUntil),
          sql`${hpcPoolRatings.ratedUntil} < ${resources.deletedAt}`,
        ),
      ),
    )
    .orderBy(asc(hpcPools.resourceId));
}

/** The product's per-hour prices of the dimensions `coreHour` and `gpuHour` (0 when not priced). */
export async function hourPrices(tx: Tx, productId: string): Promise<{ coreHour: bigint; gpuHour: bigint }> {
  const rows = await tx
    .select({ dimension: productPrices.dimension, unitPrice: productPrices.unitPrice })
    .from(productPrices)
    .where(
      and(eq(productPrices.productId, productId), inArray(productPrices.dimension, ["coreHour", "gpuHour"])),
    );
  const of = (d: string) => rows.find((r) => r.dimension === d)?.unitPrice ?? 0n;
  return { coreHour: of("coreHour"), gpuHour: of("gpuHour") };
}

/**
 * Locks the pool's rating mark for this transaction (creating it at `start` the first time) and
 * returns it: a run charges only if the mark is still where it read it.
 */
export async function lockRatingMark(tx: Tx, poolId: string, start: Date, now: Date): Promise<Date> {
  await tx
    .insert(hpcPoolRatings)
    .values({ poolId, ratedUntil: start, updatedAt: now })
    .onConflictDoNothing({ target: hpcPoolRatings.poolId });
  const [row] = await tx
    .select({ ratedUntil: hpcPoolRatings.ratedUntil })
    .from(hpcPoolRatings)
    .where(eq(hpcPoolRatings.poolId, poolId))
    .for("update");
  return row!.ratedUntil;
}

export async function moveRatingMark(tx: Tx, poolId: string, ratedUntil: Date, now: Date): Promise<void> {
  await tx
    .update(hpcPoolRatings)
    .set({ ratedUntil, updatedAt: now })
    .where(eq(hpcPoolRatings.poolId, poolId));
}

// Thousands of rows a run: they travel as one JSON parameter per batch (json_populate_recordset),
// not as a parameter per column and row, which costs more to bind than the insert itself. The
// column mappers turn bigints into strings themselves: a JSON.stringify replacer is called for
// every key of every row, a sixth of the step's time in the bench.
const BATCH = 5000;
const asJson = (rows: unknown[]) => JSON.stringify(rows);

export async function jobChargesOf(
  tx: Tx,
  poolId: string,
  jobIds: string[],
): Promise<Map<string, JobChargeRow>> {
  const found = new Map<string, JobChargeRow>();
  for (let i = 0; i < jobIds.length; i += BATCH) {
    const ids = JSON.stringify(jobIds.slice(i, i + BATCH));
    const rows = await tx
      .select()
      .from(hpcJobCharges)
      .where(
        and(
          eq(hpcJobCharges.poolId, poolId),
          sql`${hpcJobCharges.jobId} in (select json_array_elements_text(${ids}::json))`,
        ),
      );
    for (const r of rows) found.set(r.jobId, r);
  }
  return found;
}

export type JobCharged = { amount: bigint; chargedUpTo: Date };

/**
 * What a job shows as charged, and up to when: the sum of its lines; or, for a job the hourly runs
 * rated at a zero price (no package, nothing to charge: no bill and no line), 0 up to where the runs
 * reached (or the job's end, if sooner). null: no run has rated it yet.
 */
export function chargedView(
  charge: JobCharged | undefined,
  ratedUntil: Date | null,
  job: { startedAt: Date | null; endedAt: Date | null } | undefined,
): JobCharged | null {
  if (charge) return charge;
  if (ratedUntil === null || !job?.startedAt || job.startedAt >= ratedUntil) return null;
  const upTo = job.endedAt && job.endedAt < ratedUntil ? job.endedAt : ratedUntil;
  return { amount: 0n, chargedUpTo: upTo };
}

/** Up to when the pool's jobs have been rated (its rating mark), or null before its first run. */
export async function ratedUntilOf(tx: Tx, poolId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ ratedUntil: hpcPoolRatings.ratedUntil })
    .from(hpcPoolRatings)
    .where(eq(hpcPoolRatings.poolId, poolId));
  return row?.ratedUntil ?? null;
}

/**
 * What each of these jobs of the pool has been charged (the sum of its lines) and up to when; a job
 * not charged yet is absent. Read from the lines, not the marks: a finished job keeps no mark.
 */
export async function chargedOfJobs(
  tx: Tx,
  poolId: string,
  jobIds: string[],
): Promise<Map<string, JobCharged>> {
  const found = new Map<string, JobCharged>();
  for (let i = 0; i < jobIds.length; i += BATCH) {
    const ids = JSON.stringify(jobIds.slice(i, i + BATCH));
    const rows = await tx
      .select({
        jobId: hpcChargeLines.jobId,
        amount: sql<string>`sum(${hpcChargeLines.amount})`,
        chargedUpTo: max(hpcChargeLines.usageEnd),
      })
      .from(hpcChargeLines)
      .where(
        and(
          eq(hpcChargeLines.poolId, poolId),
          sql`${hpcChargeLines.jobId} in (select json_array_elements_text(${ids}::json))`,
        ),
      )
      .groupBy(hpcChargeLines.jobId);
    for (const r of rows) found.set(r.jobId, { amount: BigInt(r.amount), chargedUpTo: r.chargedUpTo! });
  }
  return found;
}

/** Writes the jobs' new charged-so-far figures (inserting the jobs charged for the first time). */
export async function saveJobCharges(tx: Tx, rows: JobChargeRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.execute(sql`
      insert into hpc_job_charges (pool_id, job_id, charged_up_to, core_seconds, gpu_seconds,
        package_core_seconds, package_gpu_seconds, amount, original, updated_at)
      select r.pool_id, r.job_id, r.charged_up_to, r.core_seconds, r.gpu_seconds,
        r.package_core_seconds, r.package_gpu_seconds, r.amount, r.original, r.updated_at
      from json_populate_recordset(null::hpc_job_charges, ${asJson(rows.slice(i, i + BATCH).map(jobChargeColumns))}::json) r
      on conflict (pool_id, job_id) do update set charged_up_to = excluded.charged_up_to,
        core_seconds = excluded.core_seconds, gpu_seconds = excluded.gpu_seconds,
        package_core_seconds = excluded.package_core_seconds, package_gpu_seconds = excluded.package_gpu_seconds,
        amount = excluded.amount,
        original = excluded.original, updated_at = excluded.updated_at`);
  }
}

const jobChargeColumns = (r: JobChargeRow) => ({
  pool_id: r.poolId,
  job_id: r.jobId,
  charged_up_to: r.chargedUpTo,
  core_seconds: r.coreSeconds.toString(),
  gpu_seconds: r.gpuSeconds.toString(),
  package_core_seconds: r.packageCoreSeconds.toString(),
  package_gpu_seconds: r.packageGpuSeconds.toString(),
  amount: r.amount.toString(),
  original: r.original.toString(),
  updated_at: r.updatedAt,
});

export async function insertChargeLines(tx: Tx, lines: ChargeLineRow[]): Promise<void> {
  for (let i = 0; i < lines.length; i += BATCH) {
    await tx.execute(sql`
      insert into hpc_charge_lines select * from json_populate_recordset(null::hpc_charge_lines,
        ${asJson(lines.slice(i, i + BATCH).map(lineColumns))}::json)`);
  }
}

const lineColumns = (l: ChargeLineRow) => ({
  id: l.id,
  bill_no: l.billNo,
  org_id: l.orgId,
  pool_id: l.poolId,
  job_id: l.jobId,
  job_name: l.jobName,
  cluster_user: l.clusterUser,
  partition: l.partition,
  cpus: l.cpus,
  gpus: l.gpus,
  usage_start: l.usageStart,
  usage_end: l.usageEnd,
  seconds: l.seconds,
  core_seconds: l.coreSeconds.toString(),
  gpu_seconds: l.gpuSeconds.toString(),
  package_core_seconds: l.packageCoreSeconds.toString(),
  package_gpu_seconds: l.packageGpuSeconds.toString(),
  amount: l.amount.toString(),
  original: l.original.toString(),
  created_at: l.createdAt,
});

/** Whether the organisation has a bill of this number (another's is not found). */
export async function hasBill(tx: Tx, orgId: string, billNo: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.orgId, orgId), eq(bills.billNo, billNo)));
  return row !== undefined;
}

const linesOfBill = (orgId: string, billNo: string) =>
  and(eq(hpcChargeLines.orgId, orgId), eq(hpcChargeLines.billNo, billNo));

/** One page of a bill's job lines, in the order the jobs ran. */
export function chargeLinesPage(tx: Tx, orgId: string, billNo: string, limit: number, offset: number) {
  return tx
    .select()
    .from(hpcChargeLines)
    .where(linesOfBill(orgId, billNo))
    .orderBy(asc(hpcChargeLines.usageStart), asc(hpcChargeLines.jobId))
    .limit(limit)
    .offset(offset);
}

export function chargeLinesCount(tx: Tx, orgId: string, billNo: string) {
  return tx.select({ n: count() }).from(hpcChargeLines).where(linesOfBill(orgId, billNo));
}

/**
 * Marks the pool's resource row in arrears since `now` unless it already is (the lifecycle freezes
 * it after the grace period), with the stage the tenant was told of.
 */
export async function markPoolInArrears(tx: Tx, poolId: string, now: Date): Promise<void> {
  await tx
    .update(resources)
    .set({
      arrearsSince: sql`coalesce(${resources.arrearsSince}, ${now.toISOString()}::timestamptz)`,
      notifiedStage: "arrears",
      updatedAt: now,
    })
    .where(and(eq(resources.id, poolId), sql`${resources.status} <> 'frozen'`));
}

/** Paid up: the pool's resource row leaves arrears (a later debt is told again). */
export async function clearPoolArrears(tx: Tx, poolId: string, now: Date): Promise<void> {
  await tx
    .update(resources)
    .set({
      arrearsSince: null,
      notifiedStage: sql`case when ${resources.notifiedStage} = 'arrears' then null else ${resources.notifiedStage} end`,
      updatedAt: now,
    })
    .where(and(eq(resources.id, poolId), sql`${resources.arrearsSince} is not null`));
}

/** The holds accounting sets and lifts (a freeze is the lifecycle's). */
export type MoneyHold = "arrears" | "packageExhausted";

/** Sets the pool's held reason only if it is still `from`: true when this call moved it. */
export async function setHeldReasonIf(
  tx: Tx,
  poolId: string,
  from: MoneyHold | null,
  to: MoneyHold | null,
  now: Date,
): Promise<boolean> {
  const moved = await tx
    .update(hpcPools)
    .set({ heldReason: to, updatedAt: now })
    .where(
      and(
        eq(hpcPools.resourceId, poolId),
        from === null ? isNull(hpcPools.heldReason) : eq(hpcPools.heldReason, from),
      ),
    )
    .returning({ id: hpcPools.resourceId });
  return moved.length > 0;
}
