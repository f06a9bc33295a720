// SQL of the orders module: lists scoped to what the caller may see, one order with its trail, and
// the order rows and events every step of an order writes. Each function takes the caller's
// transaction (or the handle outside one) first.
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  max,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { products } from "../catalog/catalog.schema";
import { type DataScope, scopeCondition } from "../iam/data-scope";
import { organizations, projects, users } from "../iam/iam.schema";
import { orderEvents, orders } from "./orders.schema";

type OrderRow = typeof orders.$inferSelect;
type OrderUpdate = Partial<Omit<typeof orders.$inferInsert, "id">>;

/** The order row locked for the rest of `tx`. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return o;
}

/** The order row, read without a lock. */
export async function findOrder(tx: Tx, id: string): Promise<OrderRow | undefined> {
  const [o] = await tx.select().from(orders).where(eq(orders.id, id));
  return o;
}

export async function insertOrder(tx: Tx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [o] = await tx.insert(orders).values(values).returning();
  return o!;
}

/** An order's number, by its id (postpaid charges carry the number of the order that made the resource). */
export async function orderNoOf(tx: Tx, orderId: string): Promise<string | undefined> {
  const [o] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, orderId));
  return o?.orderNo;
}

/** The order numbers of these orders, by id (batched metering reads them once per organisation). */
export async function orderNosOf(tx: Tx, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: orders.id, orderNo: orders.orderNo })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(rows.map((o) => [o.id, o.orderNo]));
}

export async function updateOrder(tx: Tx, id: string, set: OrderUpdate): Promise<void> {
  await tx.update(orders).set(set).where(eq(orders.id, id));
}

/** Moves the order only if it still has `status`: false when another step moved it first. */
export async function updateOrderIf(
  tx: Tx,
  id: string,
  status: OrderRow["status"],
  set: OrderUpdate,
): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, id), eq(orders.status, status)))
    .returning({ id: orders.id });
  return moved.length > 0;
}

/** Adds `amount` to what the order refunded. */
export async function addRefunded(tx: Tx, id: string, amount: bigint, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ refunded: sql`${orders.refunded} + ${amount.toString()}::bigint`, updatedAt: now })
    .where(eq(orders.id, id));
}

export async function insertOrderEvent(tx: Tx, e: typeof orderEvents.$inferInsert): Promise<void> {
  await tx.insert(orderEvents).values(e);
}

/** The actor of the order's latest event of `action` at `level`, and when. */
export async function latestEvent(
  tx: Tx,
  orderId: string,
  action: string | null,
  level: string,
): Promise<{ actorId: string | null; at: Date } | undefined> {
  const [e] = await tx
    .select({ actorId: orderEvents.actorId, at: orderEvents.at })
    .from(orderEvents)
    .where(
      and(
        eq(orderEvents.orderId, orderId),
        ...(action === null ? [] : [eq(orderEvents.action, action)]),
        eq(orderEvents.level, level),
      ),
    )
    .orderBy(desc(orderEvents.id))
    .limit(1);
  return e;
}

/** Orders in `status` with the time of their latest event of `action` at `level` (returned orders waiting). */
export function ordersWithLatestEvent(tx: Tx, status: OrderRow["status"], action: string, level: string) {
  return tx
    .select({ id: orders.id, at: max(orderEvents.at) })
    .from(orders)
    .innerJoin(
      orderEvents,
      and(eq(orderEvents.orderId, orders.id), eq(orderEvents.action, action), eq(orderEvents.level, level)),
    )
    .where(eq(orders.status, status))
    .groupBy(orders.id);
}

/** Purchases approved or provisioning that provisioning drives (activated, when activation is by hand), oldest first. */
export async function ordersToProvision(tx: Tx): Promise<string[]> {
  const open = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ["approved", "provisioning"]),
        eq(orders.type, "order"),
        or(eq(orders.manualActivation, false), isNotNull(orders.activatedAt)),
      ),
    )
    .orderBy(asc(orders.createdAt));
  return open.map((o) => o.id);
}

/** The specification schema of the product an order bought. */
export async function productSpecOf(tx: Tx, productId: string) {
  const [p] = await tx.select({ spec: products.spec }).from(products).where(eq(products.id, productId));
  return p?.spec;
}

/** Whether the project belongs to the organisation. */
export async function projectOfOrg(tx: Tx, orgId: string, projectId: string): Promise<boolean> {
  const [p] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.orgId, orgId)));
  return p !== undefined;
}

/** Approved orders waiting for manual activation, as a condition on `orders` (approvals/awaiting-activation.ts). */
export const awaitingActivation = (): SQL =>
  and(eq(orders.status, "approved"), eq(orders.manualActivation, true), isNull(orders.activatedAt))!;

/** The operators' approval queue views: waiting for approval, for activation, or every order that needed either. */
export function approvalQueue(view: "pending" | "activation" | "all"): SQL {
  switch (view) {
    case "pending":
      return eq(orders.status, "approving");
    case "activation":
      return awaitingActivation();
    case "all":
      return or(inArray(orders.approvalFlow, ["oneLevel", "twoLevels"]), eq(orders.manualActivation, true))!;
  }
}

/** The orders in a caller's data scope. */
export const orderScope = (scope: DataScope) =>
  scopeCondition(scope, { orgId: orders.orgId, projectId: orders.projectId });

const listColumns = { o: orders, submitter: users.account, orgName: organizations.name };

const listed = (tx: Tx) =>
  tx
    .select(listColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.submittedBy))
    .leftJoin(organizations, eq(organizations.id, orders.orgId));

export function listOrders(tx: Tx, where: SQL | undefined, limit: number, offset: number) {
  return listed(tx).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset);
}

export function countOrders(tx: Tx, where: SQL | undefined) {
  return tx.select({ n: count() }).from(orders).where(where);
}

/** One order with its submitter's account and its organisation's name. */
export async function listedOrder(tx: Tx, id: string) {
  const [row] = await listed(tx).where(eq(orders.id, id));
  return row;
}
export type ListedOrder = NonNullable<Awaited<ReturnType<typeof listedOrder>>>;

/** The order's trail, oldest first, with each actor's account. */
export function eventsOfOrder(tx: Tx, orderId: string) {
  return tx
    .select({ e: orderEvents, actor: users.account })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}

export type OrderFilter = {
  status?: string | undefined;
  type?: string | undefined;
  types?: readonly string[] | undefined;
  keyword?: string | undefined;
};

/** The conditions of an order list's filters (the keyword matched literally, `%` and `_` included). */
export function orderFilters(q: OrderFilter): (SQL | undefined)[] {
  type OrderType = OrderRow["type"];
  const conditions: (SQL | undefined)[] = [];
  if (q.status) conditions.push(eq(orders.status, q.status as OrderRow["status"]));
  if (q.type) conditions.push(eq(orders.type, q.type as OrderType));
  if (q.types && q.types.length > 0) conditions.push(inArray(orders.type, q.types as OrderType[]));
  if (q.keyword) {
    const like = containsPattern(q.keyword);
    conditions.push(
      or(ilike(orders.orderNo, like), ilike(orders.productNameZh, like), ilike(orders.productNameEn, like)),
    );
  }
  return conditions;
}

/** The orders of the caller's data scope that the list's filters keep. */
export const scopedOrders = (scope: DataScope, q: OrderFilter) => and(orderScope(scope), ...orderFilters(q));
