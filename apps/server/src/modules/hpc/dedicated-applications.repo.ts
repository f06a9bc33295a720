// SQL of dedicated pool applications (`/mgt/innerservice`): the orders of products whose pool type
// is dedicated, with the pool each made once active, the tenant's name and the operator's reason.
import { type DedicatedApplicationState, HPC_DEDICATED_POOL_TYPES } from "@skyledger/contracts";
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { products } from "../catalog/catalog.schema";
import type { DataScope } from "../iam/data-scope";
import { organizations } from "../iam/iam.schema";
import { orderScope } from "../orders/orders.repo";
import { orderEvents, orders } from "../orders/orders.schema";
import { resources } from "../resources/resources.schema";

/** Resource states of a pool that no longer runs: unsubscribed, released or never made. */
export const POOL_ENDED_STATUSES = ["releasing", "destroying", "deleted", "create_failure"] as const;

const poolTypeOf = sql<string>`${products.spec}->>'poolType'`;

/** The operator's word on a closed or refused application: the latest closing or refusing event. */
const reasonOf = sql<string | null>`(select ${orderEvents.detail} from ${orderEvents}
  where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.action} in ('closed', 'rejected')
  order by ${orderEvents.id} desc limit 1)`;

/** An operator closed the running pool (a `closed` event after the order completed). */
const closedRunning = sql<boolean>`exists (select 1 from ${orderEvents}
  where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.action} = 'closed')`;

/** What the pool's unsubscribe (a tenant's, or an operator's close) refunded of its prepaid part. */
const removalRefunded = sql<string>`coalesce((select sum(removal.refunded) from ${orders} removal
  where removal.resource_id = ${resources.id} and removal.type = 'unsubscribe'), 0)`;

const columns = {
  o: orders,
  orgName: organizations.name,
  poolType: poolTypeOf,
  poolId: resources.id,
  poolStatus: resources.status,
  reason: reasonOf,
  closedRunning,
  removalRefunded,
};

export type ApplicationRow = {
  o: typeof orders.$inferSelect;
  orgName: string | null;
  poolType: string;
  poolId: string | null;
  poolStatus: string | null;
  reason: string | null;
  closedRunning: boolean;
  /** Units of 0.00001 yuan, as SQL's sum gives them (a string). */
  removalRefunded: string;
};

const joined = (tx: Tx) =>
  tx
    .select(columns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(organizations, eq(organizations.id, orders.orgId))
    .leftJoin(resources, and(eq(resources.orderId, orders.id), eq(resources.kind, "hpcPool")));

/** The condition on an application's order and pool that its state in words stands for. */
function stateCondition(state: DedicatedApplicationState): SQL {
  const ended = or(isNull(resources.id), inArray(resources.status, [...POOL_ENDED_STATUSES]));
  switch (state) {
    case "waiting":
      return or(
        inArray(orders.status, ["applying", "approving"]),
        and(eq(orders.status, "approved"), isNull(orders.activatedAt)),
      )!;
    case "activating":
      return or(
        eq(orders.status, "provisioning"),
        and(eq(orders.status, "approved"), isNotNull(orders.activatedAt)),
      )!;
    case "active":
      return and(
        eq(orders.status, "completed"),
        isNotNull(resources.id),
        notInArray(resources.status, [...POOL_ENDED_STATUSES]),
      )!;
    case "unsubscribed":
      return and(eq(orders.status, "completed"), ended, sql`not ${closedRunning}`)!;
    case "closed":
      return or(
        inArray(orders.status, ["terminated", "rejected"]),
        and(eq(orders.status, "completed"), ended, closedRunning),
      )!;
    case "failed":
      return eq(orders.status, "failed");
  }
}

export type ApplicationFilter = {
  /** The tenant's organisation and the caller's data scope in it; absent for operators, who see every tenant's. */
  orgId?: string | undefined;
  scope?: DataScope | undefined;
  state?: DedicatedApplicationState | undefined;
  /** Order number, product or application name. */
  keyword?: string | undefined;
  /** The tenant's name. */
  tenant?: string | undefined;
  /** The product's code or name. */
  product?: string | undefined;
  /** Only this order. */
  id?: string | undefined;
};

function conditions(f: ApplicationFilter): SQL | undefined {
  const like = (text: string) => containsPattern(text);
  return and(
    eq(orders.type, "order"),
    inArray(poolTypeOf, [...HPC_DEDICATED_POOL_TYPES]),
    f.orgId ? eq(orders.orgId, f.orgId) : undefined,
    f.scope ? orderScope(f.scope) : undefined,
    f.id ? eq(orders.id, f.id) : undefined,
    f.state ? stateCondition(f.state) : undefined,
    f.product
      ? or(
          ilike(orders.productCode, like(f.product)),
          ilike(orders.productNameZh, like(f.product)),
          ilike(orders.productNameEn, like(f.product)),
        )
      : undefined,
    f.tenant ? ilike(organizations.name, like(f.tenant)) : undefined,
    f.keyword
      ? or(
          ilike(orders.orderNo, like(f.keyword)),
          ilike(orders.productNameZh, like(f.keyword)),
          ilike(orders.productNameEn, like(f.keyword)),
          ilike(sql`${orders.request}->>'name'`, like(f.keyword)),
        )
      : undefined,
  );
}

export function listApplications(
  tx: Tx,
  f: ApplicationFilter,
  limit: number,
  offset: number,
): Promise<ApplicationRow[]> {
  return joined(tx)
    .where(conditions(f))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

export function countApplications(tx: Tx, f: ApplicationFilter) {
  return tx
    .select({ n: count() })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(organizations, eq(organizations.id, orders.orgId))
    .leftJoin(resources, and(eq(resources.orderId, orders.id), eq(resources.kind, "hpcPool")))
    .where(conditions(f));
}

export async function findApplication(tx: Tx, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await listApplications(tx, { id }, 1, 0);
  return row;
}
