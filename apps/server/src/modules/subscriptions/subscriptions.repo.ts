// SQL the subscription steps share: a resource's prepaid terms and its metering mark, the
// snapshots that go with a host, a product's refund reading, the change orders of a disk and the
// balances an unsubscribe's refund reads. Each function takes the caller's transaction first.
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { billingPolicies, products } from "../catalog/catalog.schema";
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

export async function orderNoOf(tx: Tx, orderId: string): Promise<string | undefined> {
  const [o] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, orderId));
  return o?.orderNo;
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
