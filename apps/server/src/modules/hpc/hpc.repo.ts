// SQL of the hpc module: clusters, pools (with the resource row each one is) and their members.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  type SQL,
} from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { products } from "../catalog/catalog.schema";
import type { DataScope } from "../iam/data-scope";
import { users } from "../iam/iam.schema";
import { orders } from "../orders/orders.schema";
import { resourceScope } from "../resources/resources.repo";
import { resources } from "../resources/resources.schema";
import { hpcClusters, hpcPoolMembers, hpcPools, hpcTerminalTickets } from "./hpc.schema";

export type ClusterRow = typeof hpcClusters.$inferSelect;
export type PoolRow = typeof hpcPools.$inferSelect;
export type MemberRow = typeof hpcPoolMembers.$inferSelect;
type ResourceRow = typeof resources.$inferSelect;

/** A resource that is gone: its pool is no longer listed or counted. */
const GONE = ["deleted", "create_failure"] as const;

// ---- clusters ----
export async function findCluster(tx: Tx, id: string): Promise<ClusterRow | undefined> {
  const [row] = await tx.select().from(hpcClusters).where(eq(hpcClusters.id, id));
  return row;
}

/**
 * The cluster's name and whether it is disabled, or undefined when none has this id; the row is
 * locked for share, so it cannot be disabled before the caller's transaction ends.
 */
export async function clusterState(
  tx: Tx,
  id: string,
): Promise<{ name: string; disabled: boolean } | undefined> {
  const [row] = await tx
    .select({ name: hpcClusters.name, disabledAt: hpcClusters.disabledAt })
    .from(hpcClusters)
    .where(eq(hpcClusters.id, id))
    .for("share");
  return row && { name: row.name, disabled: row.disabledAt !== null };
}

export async function clusterNameTaken(tx: Tx, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: hpcClusters.id })
    .from(hpcClusters)
    .where(and(eq(hpcClusters.name, name), exceptId ? ne(hpcClusters.id, exceptId) : undefined));
  return row !== undefined;
}

export async function insertCluster(tx: Tx, row: typeof hpcClusters.$inferInsert): Promise<void> {
  await tx.insert(hpcClusters).values(row);
}

export async function insertClusterIfMissing(tx: Tx, row: typeof hpcClusters.$inferInsert): Promise<void> {
  await tx.insert(hpcClusters).values(row).onConflictDoNothing();
}

export async function updateCluster(tx: Tx, id: string, set: Partial<ClusterRow>): Promise<void> {
  await tx.update(hpcClusters).set(set).where(eq(hpcClusters.id, id));
}

/** Every cluster's stored secrets, locked until the transaction ends (the start-up sealing pass). */
export function lockClusterSecrets(tx: Tx) {
  return tx
    .select({ id: hpcClusters.id, secret: hpcClusters.secret, sshPrivateKey: hpcClusters.sshPrivateKey })
    .from(hpcClusters)
    .orderBy(asc(hpcClusters.id))
    .for("update");
}

export function listClusters(tx: Tx, includeDisabled: boolean, limit: number, offset: number) {
  return tx
    .select()
    .from(hpcClusters)
    .where(includeDisabled ? undefined : isNull(hpcClusters.disabledAt))
    .orderBy(asc(hpcClusters.name))
    .limit(limit)
    .offset(offset);
}

export async function countClusters(tx: Tx, includeDisabled: boolean): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(hpcClusters)
    .where(includeDisabled ? undefined : isNull(hpcClusters.disabledAt));
  return row?.n ?? 0;
}

/** Pools on each cluster whose resource is not gone. */
export async function poolCounts(tx: Tx, clusterIds: string[]): Promise<Map<string, number>> {
  if (clusterIds.length === 0) return new Map();
  const rows = await tx
    .select({ clusterId: hpcPools.clusterId, n: count() })
    .from(hpcPools)
    .innerJoin(resources, eq(resources.id, hpcPools.resourceId))
    .where(and(inArray(hpcPools.clusterId, clusterIds), notInArray(resources.status, [...GONE])))
    .groupBy(hpcPools.clusterId);
  return new Map(rows.map((r) => [r.clusterId, r.n]));
}

// ---- pools ----
export type PoolWithResource = {
  p: PoolRow;
  r: ResourceRow;
  c: ClusterRow;
  productNameZh: string | null;
  productNameEn: string | null;
};

const poolJoin = (tx: Tx) =>
  tx
    .select({
      p: hpcPools,
      r: resources,
      c: hpcClusters,
      productNameZh: products.nameZh,
      productNameEn: products.nameEn,
    })
    .from(hpcPools)
    .innerJoin(resources, eq(resources.id, hpcPools.resourceId))
    .innerJoin(hpcClusters, eq(hpcClusters.id, hpcPools.clusterId))
    .leftJoin(products, eq(products.id, resources.productId));

export async function findPool(tx: Tx, resourceId: string): Promise<PoolWithResource | undefined> {
  const [row] = await poolJoin(tx).where(eq(hpcPools.resourceId, resourceId));
  return row;
}

export type PoolFilter = {
  poolType?: PoolRow["poolType"] | undefined;
  keyword?: string | undefined;
  /** The caller: the pools they are a member of are theirs to see whatever their data scope. */
  userId: string;
  orgId: string;
};

export const poolConditions = (tx0: Tx, scope: DataScope, f: PoolFilter): SQL | undefined =>
  and(
    eq(resources.orgId, f.orgId),
    or(
      resourceScope(scope),
      inArray(
        hpcPools.resourceId,
        tx0
          .select({ id: hpcPoolMembers.poolId })
          .from(hpcPoolMembers)
          .where(eq(hpcPoolMembers.userId, f.userId)),
      ),
    ),
    notInArray(resources.status, [...GONE]),
    f.poolType ? eq(hpcPools.poolType, f.poolType) : undefined,
    f.keyword
      ? or(
          ilike(resources.name, containsPattern(f.keyword)),
          ilike(hpcPools.account, containsPattern(f.keyword)),
        )
      : undefined,
  );

export function listPools(tx: Tx, scope: DataScope, f: PoolFilter, limit: number, offset: number) {
  return poolJoin(tx)
    .where(poolConditions(tx, scope, f))
    .orderBy(desc(resources.createdAt), asc(resources.id))
    .limit(limit)
    .offset(offset);
}

export async function countPools(tx: Tx, scope: DataScope, f: PoolFilter): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(hpcPools)
    .innerJoin(resources, eq(resources.id, hpcPools.resourceId))
    .where(poolConditions(tx, scope, f));
  return row?.n ?? 0;
}

export async function insertPool(tx: Tx, row: typeof hpcPools.$inferInsert): Promise<void> {
  await tx.insert(hpcPools).values(row);
}

export async function updatePool(tx: Tx, resourceId: string, set: Partial<PoolRow>): Promise<void> {
  await tx.update(hpcPools).set(set).where(eq(hpcPools.resourceId, resourceId));
}

/**
 * Pools whose hold does not match their subscription: frozen ones not held as frozen, and ones held
 * as frozen whose subscription is running again (thawed). Released ones are left alone.
 */
export function poolsOutOfStep(tx: Tx) {
  return poolJoin(tx).where(
    and(
      notInArray(resources.status, [...GONE, "releasing", "destroying"]),
      or(
        and(
          eq(resources.status, "frozen"),
          or(isNull(hpcPools.heldReason), ne(hpcPools.heldReason, "frozen")),
        ),
        and(ne(resources.status, "frozen"), eq(hpcPools.heldReason, "frozen")),
      ),
    ),
  );
}

/** The resource a pool is made for and the user who ordered it (its first member). */
export async function resourceToProvision(
  tx: Tx,
  resourceId: string,
): Promise<{ r: ResourceRow; submittedBy: string | null } | undefined> {
  const [row] = await tx
    .select({ r: resources, submittedBy: orders.submittedBy })
    .from(resources)
    .leftJoin(orders, eq(orders.id, resources.orderId))
    .where(eq(resources.id, resourceId));
  return row;
}

/** Where a pool runs, as resource lists show it: `slurm`, or `simulator` for the simulated cluster. */
export async function setCloudEnv(
  tx: Tx,
  resourceId: string,
  cloudEnvType: ClusterRow["backend"],
): Promise<void> {
  await tx.update(resources).set({ cloudEnvType }).where(eq(resources.id, resourceId));
}

// ---- members ----
export function listMembers(tx: Tx, poolIds: string[]) {
  if (poolIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ m: hpcPoolMembers, account: users.account })
    .from(hpcPoolMembers)
    .innerJoin(users, eq(users.id, hpcPoolMembers.userId))
    .where(inArray(hpcPoolMembers.poolId, poolIds))
    .orderBy(asc(hpcPoolMembers.addedAt), asc(users.account));
}

export async function memberCounts(tx: Tx, poolIds: string[]): Promise<Map<string, number>> {
  if (poolIds.length === 0) return new Map();
  const rows = await tx
    .select({ poolId: hpcPoolMembers.poolId, n: count() })
    .from(hpcPoolMembers)
    .where(inArray(hpcPoolMembers.poolId, poolIds))
    .groupBy(hpcPoolMembers.poolId);
  return new Map(rows.map((r) => [r.poolId, r.n]));
}

export async function findMember(tx: Tx, poolId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await tx
    .select()
    .from(hpcPoolMembers)
    .where(and(eq(hpcPoolMembers.poolId, poolId), eq(hpcPoolMembers.userId, userId)));
  return row;
}

export async function insertMember(tx: Tx, row: typeof hpcPoolMembers.$inferInsert): Promise<void> {
  await tx.insert(hpcPoolMembers).values(row).onConflictDoNothing();
}

export async function deleteMember(tx: Tx, poolId: string, userId: string): Promise<void> {
  await tx
    .delete(hpcPoolMembers)
    .where(and(eq(hpcPoolMembers.poolId, poolId), eq(hpcPoolMembers.userId, userId)));
}

/** A user by id with their organisation and account name (members are named by account). */
export async function findUser(
  tx: Tx,
  id: string,
): Promise<{ id: string; orgId: string | null; account: string } | undefined> {
  const [row] = await tx
    .select({ id: users.id, orgId: users.orgId, account: users.account })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

// ---- terminal tickets ----
export type TicketRow = typeof hpcTerminalTickets.$inferSelect;

export async function insertTicket(tx: Tx, row: typeof hpcTerminalTickets.$inferInsert): Promise<void> {
  await tx.insert(hpcTerminalTickets).values(row);
}

/** Marks the ticket used if it is unused and not expired at `now`; the row when this call spent it. */
export async function spendTicket(tx: Tx, id: string, now: Date): Promise<TicketRow | undefined> {
  const [row] = await tx
    .update(hpcTerminalTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(hpcTerminalTickets.id, id),
        isNull(hpcTerminalTickets.usedAt),
        gt(hpcTerminalTickets.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Tickets past their expiry are of no use to anyone: dropped when new ones are minted. */
export async function deleteExpiredTickets(tx: Tx, now: Date): Promise<void> {
  await tx.delete(hpcTerminalTickets).where(lt(hpcTerminalTickets.expiresAt, now));
}

/** Runs the pool on its packages only, or not. */
export async function setPackagesOnly(
  tx: Tx,
  poolId: string,
  packagesOnly: boolean,
  now: Date,
): Promise<void> {
  await tx.update(hpcPools).set({ packagesOnly, updatedAt: now }).where(eq(hpcPools.resourceId, poolId));
}
