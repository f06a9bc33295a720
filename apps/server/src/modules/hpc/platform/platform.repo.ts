// SQL of the AI development platform: the organisation's platform subscription (a `resources` row
// of kind aiPlatform), its open orders, the listed product that enables it, and the AI pools that
// keep it from being unsubscribed (spec §8).
import { AI_POOL_TYPES } from "@skyledger/contracts";
import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { Tx } from "../../../platform/db/client";
import { products } from "../../catalog/catalog.schema";
import { orders } from "../../orders/orders.schema";
import { resources } from "../../resources/resources.schema";

/** A subscription in these states is not held (never made, or on its way out). */
const NOT_HELD = ["create_failure", "releasing", "destroying", "deleted"] as const;
/** An order still on its way to a subscription. */
const OPEN_ORDER = ["applying", "approving", "approved", "provisioning"] as const;

const isPlatformProduct = sql`${products.spec}->>'kind' = 'aiPlatform'`;

/** The organisation's platform subscription that is held (newest first), or undefined. */
export async function heldPlatformOf(tx: Tx, orgId: string) {
  const [row] = await tx
    .select({ id: resources.id, status: resources.status })
    .from(resources)
    .where(
      and(
        eq(resources.orgId, orgId),
        eq(resources.kind, "aiPlatform"),
        isNull(resources.deletedAt),
        notInArray(resources.status, [...NOT_HELD]),
      ),
    )
    .orderBy(desc(resources.createdAt))
    .limit(1);
  return row;
}

/**
 * The organisation's purchase of the platform that has not become a subscription yet; a returned
 * order being resubmitted (`exceptOrderId`) does not count against itself.
 */
export async function openPlatformOrderOf(
  tx: Tx,
  orgId: string,
  exceptOrderId?: string,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(
      and(
        eq(orders.orgId, orgId),
        eq(orders.type, "order"),
        inArray(orders.status, [...OPEN_ORDER]),
        isPlatformProduct,
        ...(exceptOrderId ? [ne(orders.id, exceptOrderId)] : []),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.id;
}

/**
 * Locks the organisation's platform subscription rows (those not deleted). An AI pool's order and
 * the platform's unsubscribe both take this lock before they look at each other, so of the two the
 * second one sees what the first committed.
 */
export async function lockPlatformsOf(tx: Tx, orgId: string): Promise<void> {
  await tx
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.orgId, orgId), eq(resources.kind, "aiPlatform"), isNull(resources.deletedAt)))
    .orderBy(resources.id)
    .for("update");
}

/** The listed platform product (the first by code when an operator lists several). */
export async function listedPlatformProduct(tx: Tx) {
  const [row] = await tx
    .select({
      id: products.id,
      code: products.code,
      nameZh: products.nameZh,
      nameEn: products.nameEn,
      postpaid: products.postpaid,
    })
    .from(products)
    .where(and(eq(products.listingState, "listed"), isPlatformProduct))
    .orderBy(asc(products.code))
    .limit(1);
  return row;
}

/** Whether the resource is a platform subscription and its organisation, by id. */
export async function platformResource(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: resources.id,
      orgId: resources.orgId,
      status: resources.status,
      deletedAt: resources.deletedAt,
    })
    .from(resources)
    .where(and(eq(resources.id, id), eq(resources.kind, "aiPlatform")));
  return row;
}

/**
 * How many AI pools (shared or dedicated) of the organisation are subscribed: ordered and on their
 * way (the order's request carries the pool type), or made and live, not failed, unsubscribed or
 * released. The pool type is in the resource's spec from the order on.
 */
export async function countSubscribedAiPools(tx: Tx, orgId: string): Promise<number> {
  const [ordered] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.orgId, orgId),
        eq(orders.type, "order"),
        inArray(orders.status, [...OPEN_ORDER]),
        inArray(sql`${orders.request}->'spec'->'hpc'->>'poolType'`, [...AI_POOL_TYPES]),
      ),
    );
  const [made] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(resources)
    .where(
      and(
        eq(resources.orgId, orgId),
        eq(resources.kind, "hpcPool"),
        isNull(resources.deletedAt),
        notInArray(resources.status, [...NOT_HELD]),
        inArray(sql`${resources.spec}->'hpc'->>'poolType'`, [...AI_POOL_TYPES]),
      ),
    );
  return (ordered?.n ?? 0) + (made?.n ?? 0);
}
