// SQL of training jobs: the record of each one, listed through the pools the caller sees.
import { and, count, desc, eq, ilike, inArray, isNull, or } from "drizzle-orm";
import type { Tx } from "../../../platform/db/client";
import { containsPattern } from "../../../platform/db/like";
import type { DataScope } from "../../iam/data-scope";
import { users } from "../../iam/iam.schema";
import { resources } from "../../resources/resources.schema";
import { type PoolFilter, poolConditions } from "../hpc.repo";
import { hpcPools } from "../hpc.schema";
import { hpcTrainingJobs } from "./training.schema";

export type TrainingRow = typeof hpcTrainingJobs.$inferSelect;

export type TrainingFilter = PoolFilter & { poolId?: string | undefined };

const conditions = (tx: Tx, scope: DataScope, f: TrainingFilter) =>
  and(
    poolConditions(tx, scope, { ...f, keyword: undefined }),
    eq(hpcTrainingJobs.orgId, f.orgId),
    f.poolId ? eq(hpcTrainingJobs.poolId, f.poolId) : undefined,
    f.keyword
      ? or(
          ilike(hpcTrainingJobs.name, containsPattern(f.keyword)),
          ilike(hpcTrainingJobs.clusterJobId, containsPattern(f.keyword)),
        )
      : undefined,
  );

export function listTrainingJobs(tx: Tx, scope: DataScope, f: TrainingFilter, limit: number, offset: number) {
  return tx
    .select({ j: hpcTrainingJobs })
    .from(hpcTrainingJobs)
    .innerJoin(hpcPools, eq(hpcPools.resourceId, hpcTrainingJobs.poolId))
    .innerJoin(resources, eq(resources.id, hpcPools.resourceId))
    .where(conditions(tx, scope, f))
    .orderBy(desc(hpcTrainingJobs.submittedAt), desc(hpcTrainingJobs.id))
    .limit(limit)
    .offset(offset);
}

export async function countTrainingJobs(tx: Tx, scope: DataScope, f: TrainingFilter): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(hpcTrainingJobs)
    .innerJoin(hpcPools, eq(hpcPools.resourceId, hpcTrainingJobs.poolId))
    .innerJoin(resources, eq(resources.id, hpcPools.resourceId))
    .where(conditions(tx, scope, f));
  return row?.n ?? 0;
}

export async function findTrainingJob(tx: Tx, id: string): Promise<TrainingRow | undefined> {
  const [row] = await tx.select().from(hpcTrainingJobs).where(eq(hpcTrainingJobs.id, id));
  return row;
}

export async function insertTrainingJob(tx: Tx, row: TrainingRow): Promise<void> {
  await tx.insert(hpcTrainingJobs).values(row);
}

/** Marks the job stopped once: false when someone stopped it first. */
export async function markStopped(tx: Tx, id: string, by: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(hpcTrainingJobs)
    .set({ stoppedBy: by, stoppedAt: at })
    .where(and(eq(hpcTrainingJobs.id, id), isNull(hpcTrainingJobs.stoppedAt)))
    .returning({ id: hpcTrainingJobs.id });
  return rows.length > 0;
}

/** Account names of users, by id. */
export async function accountsOf(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.account]));
}
