// SQL the subscription steps share: a resource's prepaid terms and its metering mark, the
// snapshots that go with a host, a product's refund reading, the change orders of a disk and the
// balances an unsubscribe's refund reads. Each function takes the caller's transaction first.
import { LEAVING_STATUSES } from "@skyledger/contracts";
import { and, asc, desc, eq, gt, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { billingPolicies, products } from "../catalog/catalog.schema";
import { coupons } from "../finance/finance.schema";
import { ledgerAccounts } from "../ledger/ledger.schema";
import { orders } from "../orders/orders.schema";
import { resources, resourceTerms } from "../resources/resources.schema";

type ResourceUpdate = Partial<Omit<typeof resources.$inferInsert, "id">>;

export async function updateResource(tx: Tx, id: string, set: ResourceUpdate): Promise<void> {
  await tx.update(resources).set(set).where(eq(resources.id, id));
}

/** A host's snapshots still there are marked for the release step. */
export async function releaseSnapshotsOf(tx: Tx, hostId: string, now: Date): Promise<void> {
  await tx
    .update(resources)
    .set({ status: "releasing", taskStatus: "delete", updatedAt: now })
    .where(
      and(eq(resources.attachedTo, hostId), eq(resources.kind, "snapshot"), isNull(resources.deletedAt)),
    );
}

/** The prepaid billing policy's refund reading of a product, if it has one. */
export async function refundReadingOf(tx: Tx, productId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ reading: billingPolicies.refundReading })
    .from(products)
    .innerJoin(billingPolicies, sql`${billingPolicies.id} = any(${products.billingPolicyIds})`)
    .where(and(eq(products.id, productId), eq(billingPolicies.method, "prepaid")))
    .limit(1);
  return row?.reading;
}

export function termsOf(tx: Tx, resourceId: string) {
  return tx.select().from(resourceTerms).where(eq(resourceTerms.resourceId, resourceId));
}

/** Adds `amount` to what a term refunded. */
export async function addTermRefunded(tx: Tx, termId: string, amount: bigint): Promise<void> {
  await tx
    .update(resourceTerms)
    .set({ refunded: sql`${resourceTerms.refunded} + ${amount.toString()}::bigint` })
    .where(eq(resourceTerms.id, termId));
}

/** When the resource's change orders since `since` were made, oldest first. */
export async function changeTimesOf(tx: Tx, resourceId: string, since: Date): Promise<Date[]> {
  const recent = await tx
    .select({ at: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.resourceId, resourceId), eq(orders.type, "change"), gt(orders.createdAt, since)))
    .orderBy(asc(orders.createdAt));
  return recent.map((o) => o.at);
}

export function accountBalances(tx: Tx, ids: string[]) {
  return tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
}

/** The resource row, locked for the rest of `tx` when asked. */
export async function findResource(tx: Tx, id: string, lock = false) {
  const q = tx.select().from(resources).where(eq(resources.id, id));
  const [r] = lock ? await q.for("update") : await q;
  return r;
}

export async function productOf(tx: Tx, productId: string) {
  const [p] = await tx.select().from(products).where(eq(products.id, productId));
  return p;
}

/** A snapshot of the host still being taken (a job on the host), if any. */
export async function snapshotBeingTakenOf(tx: Tx, hostId: string): Promise<boolean> {
  const [taking] = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(
      and(
        eq(resources.attachedTo, hostId),
        eq(resources.kind, "snapshot"),
        eq(resources.status, "creating"),
        isNull(resources.deletedAt),
      ),
    )
    .limit(1);
  return taking !== undefined;
}

/** A disk or elastic IP still attached to the host (snapshots aside), if any. */
export async function attachedTo(tx: Tx, hostId: string): Promise<boolean> {
  const [attached] = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.attachedTo, hostId), ne(resources.kind, "snapshot"), isNull(resources.deletedAt)))
    .limit(1);
  return attached !== undefined;
}

/** Resources being released, not deleted yet. */
export function resourcesReleasing(tx: Tx) {
  return tx
    .select()
    .from(resources)
    .where(and(eq(resources.status, "releasing"), isNull(resources.deletedAt)));
}

/** Marks a releasing resource deleted: false when another pass did first. */
export async function markReleased(tx: Tx, id: string, now: Date): Promise<boolean> {
  const done = await tx
    .update(resources)
    .set({ status: "deleted", taskStatus: null, deletedAt: now, attachedTo: null, updatedAt: now })
    .where(and(eq(resources.id, id), eq(resources.status, "releasing")))
    .returning({ id: resources.id });
  return done.length > 0;
}

/** The resource's orders of `types` still provisioning. */
export function openOrdersOf(
  tx: Tx,
  resourceId: string,
  types: readonly (typeof orders.$inferSelect)["type"][],
) {
  return tx
    .select({ id: orders.id, orderNo: orders.orderNo })
    .from(orders)
    .where(
      and(
        eq(orders.resourceId, resourceId),
        inArray(orders.type, [...types]),
        eq(orders.status, "provisioning"),
      ),
    );
}

/** The caller's resources of `ids` that are not deleted. */
export function liveResourcesIn(tx: Tx, ids: string[]) {
  return tx
    .select()
    .from(resources)
    .where(and(inArray(resources.id, ids), isNull(resources.deletedAt)));
}

/** The resources of `ids` locked in id order (no deadlock between two batches). */
export function lockResourcesInOrder(tx: Tx, ids: string[]) {
  return tx.select().from(resources).where(inArray(resources.id, ids)).orderBy(resources.id).for("update");
}

/** The coupon of the organisation, locked with the renewal that uses it. */
export async function lockCoupon(tx: Tx, orgId: string, couponId: string) {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, couponId), eq(coupons.orgId, orgId)))
    .for("update");
  return row;
}

export async function insertTerm(tx: Tx, values: typeof resourceTerms.$inferInsert): Promise<void> {
  await tx.insert(resourceTerms).values(values);
}

/**
 * The period the resource is in or last was: its latest term that is a period of its own (not an
 * alignment's few days, not a term a configuration change closed before it began).
 */
export async function lastOwnTerm(tx: Tx, resourceId: string) {
  const [t] = await tx
    .select()
    .from(resourceTerms)
    .where(
      and(
        eq(resourceTerms.resourceId, resourceId),
        ne(resourceTerms.kind, "alignment"),
        gt(resourceTerms.endsAt, resourceTerms.startsAt),
      ),
    )
    .orderBy(desc(resourceTerms.endsAt))
    .limit(1);
  return t;
}

/** Sets auto-renew unless the resource is on its way out: false when it is. */
export async function setAutoRenewUnlessLeaving(
  tx: Tx,
  id: string,
  autoRenew: boolean,
  now: Date,
): Promise<boolean> {
  const set = await tx
    .update(resources)
    .set({ autoRenew, updatedAt: now })
    .where(and(eq(resources.id, id), notInArray(resources.status, [...LEAVING_STATUSES])))
    .returning({ id: resources.id });
  return set.length > 0;
}

/** The resource's terms not ended at `now` that are periods of their own, earliest first. */
export function unendedTerms(tx: Tx, resourceId: string, now: Date) {
  return tx
    .select()
    .from(resourceTerms)
    .where(
      and(
        eq(resourceTerms.resourceId, resourceId),
        gt(resourceTerms.endsAt, now),
        gt(resourceTerms.endsAt, resourceTerms.startsAt),
      ),
    )
    .orderBy(asc(resourceTerms.startsAt));
}

/** A configuration change closes the term at `endsAt` with `amount` more refunded. */
export async function closeTerm(tx: Tx, termId: string, amount: bigint, endsAt: Date): Promise<void> {
  await tx
    .update(resourceTerms)
    .set({ refunded: sql`${resourceTerms.refunded} + ${amount.toString()}::bigint`, endsAt })
    .where(eq(resourceTerms.id, termId));
}

/** Change orders still provisioning whose resource the provider has finished changing. */
export function settledChangeOrders(tx: Tx) {
  return tx
    .select({ id: orders.id, resourceId: orders.resourceId })
    .from(orders)
    .innerJoin(resources, eq(resources.id, orders.resourceId))
    .where(
      and(
        eq(orders.type, "change"),
        eq(orders.status, "provisioning"),
        sql`${resources.status} <> 'modifying'`,
      ),
    );
}
