// SQL of the console overview. Every query is limited to the caller's organisation and data scope
// and runs on the handle or transaction it is given.
import { OUT_OF_LIFE_STATUSES } from "@skyledger/contracts";
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { type DataScope, scopeCondition } from "../iam/data-scope";
import { bills } from "../ledger/ledger.schema";
import { awaitingActivation } from "../orders/orders.repo";
import { orders } from "../orders/orders.schema";
import { resources } from "../resources/resources.schema";

const RECENT_ORDERS = 5;
const AWAITING_SHOWN = 5;
const EXPIRING_SHOWN = 10;

/** The organisation and the scope: the organisation is added even for a scope of "all". */
export type OverviewScope = { orgId: string; scope: DataScope };

const resourceScope = (s: OverviewScope) =>
  and(eq(resources.orgId, s.orgId), scopeCondition(s.scope, resources));
const orderScope = (s: OverviewScope) => and(eq(orders.orgId, s.orgId), scopeCondition(s.scope, orders));

/**
 * Bills carry no project. For a project-scoped user a bill counts when the order it was charged
 * for lies in their projects, or — for a resource without an order, whose metering writes the
 * resource id as the order number (resources/metering.ts) — when that resource does.
 */
export function billScope(s: OverviewScope): SQL | undefined {
  const org = eq(bills.orgId, s.orgId);
  if (s.scope.kind !== "projects") return org;
  if (s.scope.projectIds.length === 0) return sql`false`;
  const ofOrder = exists(
    sql`(select 1 from ${orders} where ${orders.orderNo} = ${bills.orderNo} and ${orderScope(s)})`,
  );
  const ofResource = exists(
    sql`(select 1 from ${resources} where ${resources.id} = ${bills.orderNo} and ${resources.orderId} is null and ${resourceScope(s)})`,
  );
  return and(org, or(ofOrder, ofResource));
}

const orderColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  type: orders.type,
  productNameZh: orders.productNameZh,
  productNameEn: orders.productNameEn,
  status: orders.status,
  approvalLevel: orders.approvalLevel,
  manualActivation: orders.manualActivation,
  activatedAt: orders.activatedAt,
  amount: orders.amount,
  createdAt: orders.createdAt,
};

export function resourceCounts(tx: Tx, s: OverviewScope) {
  return tx
    .select({ kind: resources.kind, status: resources.status, count: count() })
    .from(resources)
    .where(and(resourceScope(s), isNull(resources.deletedAt), ne(resources.status, "deleted")))
    .groupBy(resources.kind, resources.status)
    .orderBy(asc(resources.kind), asc(resources.status));
}

export async function expiringResources(tx: Tx, s: OverviewScope, before: Date) {
  const where = and(
    resourceScope(s),
    isNull(resources.deletedAt),
    // Resources never provisioned or on their way out are not offered for renewal.
    notInArray(resources.status, [...OUT_OF_LIFE_STATUSES]),
    eq(resources.paymentType, "prepaid"),
    lte(resources.expiresAt, before),
  );
  const [list, [total]] = await Promise.all([
    tx
      .select({
        id: resources.id,
        kind: resources.kind,
        name: resources.name,
        status: resources.status,
        expiresAt: resources.expiresAt,
        autoRenew: resources.autoRenew,
      })
      .from(resources)
      .where(where)
      .orderBy(asc(resources.expiresAt), asc(resources.name))
      .limit(EXPIRING_SHOWN),
    tx.select({ n: count() }).from(resources).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

export function recentOrders(tx: Tx, s: OverviewScope) {
  return tx
    .select(orderColumns)
    .from(orders)
    .where(orderScope(s))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(RECENT_ORDERS);
}

/** Orders waiting for the operators: a decision in the approval queue, or manual activation. */
export async function awaitingApproval(tx: Tx, s: OverviewScope) {
  const where = and(orderScope(s), or(inArray(orders.status, ["approving"]), awaitingActivation()));
  const [list, [counts]] = await Promise.all([
    tx
      .select(orderColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(AWAITING_SHOWN),
    tx
      .select({
        n: count(),
        activation: sql<number>`count(*) filter (where ${awaitingActivation()})`.mapWith(Number),
      })
      .from(orders)
      .where(where),
  ]);
  return { list, total: counts?.n ?? 0, activation: counts?.activation ?? 0 };
}
