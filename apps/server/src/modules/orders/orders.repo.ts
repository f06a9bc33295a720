// SQL of the orders module: lists scoped to what the caller may see, one order with its trail.
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { organizations, users } from "../iam/iam.schema";
import { orderEvents, orders } from "./orders.schema";

/** Approved orders waiting for manual activation, as a condition on `orders` (approvals/awaiting-activation.ts). */
export const awaitingActivation = (): SQL =>
  and(eq(orders.status, "approved"), eq(orders.manualActivation, true), isNull(orders.activatedAt))!;

const listColumns = { o: orders, submitter: users.account, orgName: organizations.name };

export function createOrdersRepo(db: Db) {
  const base = () =>
    db
      .select(listColumns)
      .from(orders)
      .leftJoin(users, eq(users.id, orders.submittedBy))
      .leftJoin(organizations, eq(organizations.id, orders.orgId));

  return {
    list(where: SQL | undefined, limit: number, offset: number) {
      return base().where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset);
    },
    total(where: SQL | undefined) {
      return db.select({ n: count() }).from(orders).where(where);
    },
    async byId(id: string) {
      const [row] = await base().where(eq(orders.id, id));
      return row;
    },
    events(orderId: string) {
      return db
        .select({ e: orderEvents, actor: users.account })
        .from(orderEvents)
        .leftJoin(users, eq(users.id, orderEvents.actorId))
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.id));
    },
    filters(q: {
      status?: string | undefined;
      type?: string | undefined;
      types?: readonly string[] | undefined;
      keyword?: string | undefined;
    }) {
      type OrderType = (typeof orders.$inferSelect)["type"];
      const conditions: (SQL | undefined)[] = [];
      if (q.status) conditions.push(eq(orders.status, q.status as (typeof orders.$inferSelect)["status"]));
      if (q.type) conditions.push(eq(orders.type, q.type as OrderType));
      if (q.types && q.types.length > 0) conditions.push(inArray(orders.type, q.types as OrderType[]));
      if (q.keyword) {
        const like = containsPattern(q.keyword);
        conditions.push(
          or(
            ilike(orders.orderNo, like),
            ilike(orders.productNameZh, like),
            ilike(orders.productNameEn, like),
          ),
        );
      }
      return conditions;
    },
    whereStatusIn(statuses: (typeof orders.$inferSelect)["status"][]) {
      return inArray(orders.status, statuses);
    },
  };
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
