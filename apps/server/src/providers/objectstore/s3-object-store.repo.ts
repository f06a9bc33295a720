// SQL of the S3 object store's own tables (s3-object-store.schema.ts).
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { type ObsStoreAccountRow, obsRequestCounts, obsStoreAccounts } from "./s3-object-store.schema";

export async function findStoreAccount(tx: Tx, orgId: string): Promise<ObsStoreAccountRow | undefined> {
  const [row] = await tx.select().from(obsStoreAccounts).where(eq(obsStoreAccounts.orgId, orgId));
  return row;
}

/** Keeps the first account saved for the organisation; answers the one that is kept. */
export async function saveStoreAccount(tx: Tx, row: ObsStoreAccountRow): Promise<ObsStoreAccountRow> {
  await tx.insert(obsStoreAccounts).values(row).onConflictDoNothing();
  return (await findStoreAccount(tx, row.orgId))!;
}

/** Adds counted requests to their bucket's hour. */
export async function addRequestCounts(
  tx: Tx,
  counts: { bucketName: string; hour: Date; requests: number }[],
): Promise<void> {
  if (counts.length === 0) return;
  await tx
    .insert(obsRequestCounts)
    .values(counts)
    .onConflictDoUpdate({
      target: [obsRequestCounts.bucketName, obsRequestCounts.hour],
      set: { requests: sql`${obsRequestCounts.requests} + excluded.requests` },
    });
}

/** Requests counted for the bucket in the hours starting within [from, to). */
export async function requestCountBetween(tx: Tx, bucketName: string, from: Date, to: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${obsRequestCounts.requests}), 0)` })
    .from(obsRequestCounts)
    .where(
      and(
        eq(obsRequestCounts.bucketName, bucketName),
        gte(obsRequestCounts.hour, from),
        lt(obsRequestCounts.hour, to),
      ),
    );
  return Number(row?.n ?? 0);
}
