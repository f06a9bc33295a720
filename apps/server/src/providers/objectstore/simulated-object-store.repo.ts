// SQL of the simulated object store. Keys are compared byte by byte (COLLATE "C"), as S3 orders
// them, whatever the database's collation.
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import {
  type SimObsObjectRow,
  simObsBuckets,
  simObsKeys,
  simObsObjects,
  simObsRequests,
} from "./simulated-object-store.schema";

export type SimObsBucketRow = typeof simObsBuckets.$inferSelect;

export async function findSimBucket(tx: Tx, name: string): Promise<SimObsBucketRow | undefined> {
  const [row] = await tx.select().from(simObsBuckets).where(eq(simObsBuckets.name, name));
  return row;
}

/** Inserts the bucket unless the name exists; answers the row that holds the name. */
export async function claimSimBucket(tx: Tx, row: SimObsBucketRow): Promise<SimObsBucketRow> {
  await tx.insert(simObsBuckets).values(row).onConflictDoNothing();
  return (await findSimBucket(tx, row.name))!;
}

export async function setSimBucketAcl(tx: Tx, name: string, acl: string): Promise<void> {
  await tx.update(simObsBuckets).set({ acl }).where(eq(simObsBuckets.name, name));
}

export async function dropSimBucket(tx: Tx, name: string): Promise<void> {
  await tx.delete(simObsBuckets).where(eq(simObsBuckets.name, name));
}

export async function simBucketStats(tx: Tx, bucket: string): Promise<{ bytes: number; objects: number }> {
  const [row] = await tx
    .select({
      bytes: sql`coalesce(sum(${simObsObjects.size}), 0)`.mapWith(Number),
      objects: sql`count(*)`.mapWith(Number),
    })
    .from(simObsObjects)
    .where(eq(simObsObjects.bucket, bucket));
  return row ?? { bytes: 0, objects: 0 };
}

const keyC = sql`${simObsObjects.key} collate "C"`;

/**
 * Up to `limit` objects of the bucket under `prefix` in byte order, from `from` (inclusive) or
 * after `after` (exclusive).
 */
export function simObjectsFrom(
  tx: Tx,
  bucket: string,
  q: { prefix: string; from?: string; after?: string; limit: number },
): Promise<SimObsObjectRow[]> {
  return tx
    .select()
    .from(simObsObjects)
    .where(
      and(
        eq(simObsObjects.bucket, bucket),
        sql`starts_with(${simObsObjects.key}, ${q.prefix})`,
        q.from !== undefined ? sql`${keyC} >= ${q.from}` : undefined,
        q.after !== undefined ? sql`${keyC} > ${q.after}` : undefined,
      ),
    )
    .orderBy(keyC)
    .limit(q.limit);
}

export async function findSimObject(
  tx: Tx,
  bucket: string,
  key: string,
): Promise<SimObsObjectRow | undefined> {
  const [row] = await tx
    .select()
    .from(simObsObjects)
    .where(and(eq(simObsObjects.bucket, bucket), eq(simObsObjects.key, key)));
  return row;
}

/** Writes the object's row; answers the blob the row held before (to delete), if another. */
export async function upsertSimObject(tx: Tx, row: SimObsObjectRow): Promise<string | undefined> {
  const before = await findSimObject(tx, row.bucket, row.key);
  await tx
    .insert(simObsObjects)
    .values(row)
    .onConflictDoUpdate({
      target: [simObsObjects.bucket, simObsObjects.key],
      set: {
        size: row.size,
        etag: row.etag,
        contentType: row.contentType,
        lastModified: row.lastModified,
        blobKey: row.blobKey,
      },
    });
  return before && before.blobKey !== row.blobKey ? before.blobKey : undefined;
}

/** Deletes the object `key`, or every object under it when it ends with "/"; answers their blobs. */
export async function deleteSimObjects(tx: Tx, bucket: string, key: string | null): Promise<string[]> {
  const which =
    key === null
      ? undefined
      : key.endsWith("/")
        ? sql`starts_with(${simObsObjects.key}, ${key})`
        : eq(simObsObjects.key, key);
  const rows = await tx
    .delete(simObsObjects)
    .where(and(eq(simObsObjects.bucket, bucket), which))
    .returning({ blobKey: simObsObjects.blobKey });
  return rows.map((r) => r.blobKey);
}

/** One more request served by the bucket in the hour starting `hour`. */
export async function countSimRequest(tx: Tx, bucket: string, hour: Date): Promise<void> {
  await tx
    .insert(simObsRequests)
    .values({ bucket, hour, count: 1 })
    .onConflictDoUpdate({
      target: [simObsRequests.bucket, simObsRequests.hour],
      set: { count: sql`${simObsRequests.count} + 1` },
    });
}

export async function simRequestsBetween(tx: Tx, bucket: string, from: Date, to: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql`coalesce(sum(${simObsRequests.count}), 0)`.mapWith(Number) })
    .from(simObsRequests)
    .where(
      and(eq(simObsRequests.bucket, bucket), gte(simObsRequests.hour, from), lt(simObsRequests.hour, to)),
    );
  return row?.n ?? 0;
}

export async function dropSimRequests(tx: Tx, bucket: string): Promise<void> {
  await tx.delete(simObsRequests).where(eq(simObsRequests.bucket, bucket));
}

export async function insertSimKey(tx: Tx, row: typeof simObsKeys.$inferInsert): Promise<void> {
  await tx.insert(simObsKeys).values(row);
}

export async function deleteSimKey(tx: Tx, orgId: string, accessKeyId: string): Promise<void> {
  await tx
    .delete(simObsKeys)
    .where(and(eq(simObsKeys.orgId, orgId), eq(simObsKeys.accessKeyId, accessKeyId)));
}
