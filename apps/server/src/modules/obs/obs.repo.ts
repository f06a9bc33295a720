// SQL of object storage: bucket rows and their rating mark, the names taken by live buckets and
// open orders, usage lines, the bucket's arrears mark on its resource, and S3 access keys.
import { and, desc, eq, gte, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { users } from "../iam/iam.schema";
import { orders } from "../orders/orders.schema";
import { resources } from "../resources/resources.schema";
import {
  type ObsAccessKeyRow,
  type ObsBucketRow,
  obsAccessKeys,
  obsBuckets,
  obsUsageLines,
} from "./obs.schema";

const byResource = (resourceId: string) => eq(obsBuckets.resourceId, resourceId);

export async function findBucket(tx: Tx, resourceId: string): Promise<ObsBucketRow | undefined> {
  const [row] = await tx.select().from(obsBuckets).where(byResource(resourceId));
  return row;
}

export function bucketsOf(tx: Tx, resourceIds: string[]): Promise<ObsBucketRow[]> {
  if (resourceIds.length === 0) return Promise.resolve([]);
  return tx.select().from(obsBuckets).where(inArray(obsBuckets.resourceId, resourceIds));
}

export async function insertBucket(tx: Tx, row: typeof obsBuckets.$inferInsert): Promise<void> {
  await tx.insert(obsBuckets).values(row).onConflictDoNothing();
}

export async function updateBucket(
  tx: Tx,
  resourceId: string,
  set: Partial<Pick<ObsBucketRow, "acl" | "droppedAt" | "ratedUntil">>,
  now: Date,
): Promise<void> {
  await tx
    .update(obsBuckets)
    .set({ ...set, updatedAt: now })
    .where(byResource(resourceId));
}

/** Orders of a bucket name and the check of the name serialise on this lock until the transaction ends. */
export async function lockBucketName(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`obs:${name}`}))`);
}

/** States of a resource that holds its bucket name no longer (never made, or gone). */
const NAME_FREED = ["deleted", "create_failure"] as const;
/** An order still on its way to a bucket. */
const OPEN_ORDER = ["applying", "approving", "approved", "provisioning"] as const;

/** Whether a live bucket, one being made, or an open order (other than `exceptOrderId`) has the name. */
export async function bucketNameTaken(tx: Tx, name: string, exceptOrderId?: string): Promise<boolean> {
  const [live] = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(
      and(
        eq(resources.kind, "bucket"),
        isNull(resources.deletedAt),
        notInArray(resources.status, [...NAME_FREED]),
        sql`${resources.spec}->>'bucketName' = ${name}`,
      ),
    )
    .limit(1);
  if (live) return true;
  const [stored] = await tx
    .select({ id: obsBuckets.resourceId })
    .from(obsBuckets)
    .where(and(eq(obsBuckets.bucketName, name), isNull(obsBuckets.droppedAt)))
    .limit(1);
  if (stored) return true;
  const [ordered] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.type, "order"),
        inArray(orders.status, [...OPEN_ORDER]),
        sql`${orders.request}->'spec'->>'bucketName' = ${name}`,
        exceptOrderId ? sql`${orders.id} <> ${exceptOrderId}` : undefined,
      ),
    )
    .limit(1);
  return ordered !== undefined;
}

/** Live buckets (or the one of `resourceId`) with what accounting needs of their resource. */
export function bucketsToRate(tx: Tx, resourceId?: string) {
  return tx
    .select({
      bucket: obsBuckets,
      name: resources.name,
      status: resources.status,
      orderId: resources.orderId,
      productId: resources.productId,
      productCode: resources.productCode,
      discountHundredths: resources.discountHundredths,
      arrearsSince: resources.arrearsSince,
    })
    .from(obsBuckets)
    .innerJoin(resources, eq(resources.id, obsBuckets.resourceId))
    .where(and(isNull(obsBuckets.droppedAt), resourceId ? byResource(resourceId) : undefined));
}
export type BucketToRate = Awaited<ReturnType<typeof bucketsToRate>>[number];

/** The bucket's rating mark, locked until the transaction ends. */
export async function lockRatingMark(tx: Tx, resourceId: string): Promise<Date | undefined> {
  const [row] = await tx
    .select({ ratedUntil: obsBuckets.ratedUntil })
    .from(obsBuckets)
    .where(and(byResource(resourceId), isNull(obsBuckets.droppedAt)))
    .for("update");
  return row?.ratedUntil;
}

export async function insertUsageLine(tx: Tx, row: typeof obsUsageLines.$inferInsert): Promise<void> {
  await tx.insert(obsUsageLines).values(row);
}

/** What the bucket's usage lines since `from` charged (after the discount). */
export async function chargedSince(tx: Tx, resourceId: string, from: Date): Promise<bigint> {
  const [row] = await tx
    .select({
      total: sql`coalesce(sum(${obsUsageLines.storageAmount} + ${obsUsageLines.requestAmount}), 0)`.mapWith(
        (v) => BigInt(v),
      ),
    })
    .from(obsUsageLines)
    .where(and(eq(obsUsageLines.resourceId, resourceId), gte(obsUsageLines.usageStart, from)));
  return row?.total ?? 0n;
}

/** The bucket's usage lines, newest first. */
export function usageLinesOf(tx: Tx, resourceId: string) {
  return tx
    .select()
    .from(obsUsageLines)
    .where(eq(obsUsageLines.resourceId, resourceId))
    .orderBy(desc(obsUsageLines.usageStart));
}

/**
 * The bucket's resource marked in arrears (since when) while its organisation owes, or cleared once
 * paid up (a later debt is told again); a frozen one is the lifecycle's.
 */
export async function setBucketArrears(tx: Tx, resourceId: string, owes: boolean, now: Date): Promise<void> {
  await tx
    .update(resources)
    .set(
      owes
        ? { arrearsSince: sql`coalesce(${resources.arrearsSince}, ${now.toISOString()}::timestamptz)` }
        : {
            arrearsSince: null,
            notifiedStage: sql`case when ${resources.notifiedStage} = 'arrears' then null else ${resources.notifiedStage} end`,
          },
    )
    .where(and(eq(resources.id, resourceId), sql`${resources.status} <> 'frozen'`));
}

// ---- access keys ----

export function liveKeysOf(tx: Tx, orgId: string) {
  return tx
    .select({ key: obsAccessKeys, createdBy: users.account })
    .from(obsAccessKeys)
    .leftJoin(users, eq(users.id, obsAccessKeys.createdBy))
    .where(and(eq(obsAccessKeys.orgId, orgId), isNull(obsAccessKeys.deletedAt)))
    .orderBy(obsAccessKeys.createdAt);
}

export async function findLiveKey(
  tx: Tx,
  orgId: string,
  accessKeyId: string,
): Promise<ObsAccessKeyRow | undefined> {
  const [row] = await tx
    .select()
    .from(obsAccessKeys)
    .where(
      and(
        eq(obsAccessKeys.orgId, orgId),
        eq(obsAccessKeys.accessKeyId, accessKeyId),
        isNull(obsAccessKeys.deletedAt),
      ),
    );
  return row;
}

/** Serialises key creation of the organisation until the transaction ends (two at once count each other). */
export async function lockKeysOf(tx: Tx, orgId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`obs-keys:${orgId}`}))`);
}

export async function countLiveKeys(tx: Tx, orgId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql`count(*)`.mapWith(Number) })
    .from(obsAccessKeys)
    .where(and(eq(obsAccessKeys.orgId, orgId), isNull(obsAccessKeys.deletedAt)));
  return row?.n ?? 0;
}

export async function insertKey(tx: Tx, row: typeof obsAccessKeys.$inferInsert): Promise<void> {
  await tx.insert(obsAccessKeys).values(row);
}

/** Marks the key deleted if it was live: true when this call did. */
export async function markKeyDeleted(
  tx: Tx,
  orgId: string,
  accessKeyId: string,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(obsAccessKeys)
    .set({ deletedAt: now })
    .where(
      and(
        eq(obsAccessKeys.orgId, orgId),
        eq(obsAccessKeys.accessKeyId, accessKeyId),
        isNull(obsAccessKeys.deletedAt),
      ),
    )
    .returning({ id: obsAccessKeys.accessKeyId });
  return rows.length > 0;
}
