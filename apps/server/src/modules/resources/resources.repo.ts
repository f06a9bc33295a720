// SQL of the resources module.
import { type FrozenReason, LEAVING_STATUSES, NO_PRODUCT } from "@skyledger/contracts";
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  notInArray,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { products } from "../catalog/catalog.schema";
import { type DataScope, scopeCondition } from "../iam/data-scope";
import { organizations, projects } from "../iam/iam.schema";
import { type ResourceKind, type ResourceStatus, resources, resourceTerms } from "./resources.schema";

const host = alias(resources, "host");
const columns = {
  r: resources,
  orgName: organizations.name,
  projectName: projects.name,
  productNameZh: products.nameZh,
  productNameEn: products.nameEn,
  attachedToName: host.name,
  // A host's public address is that of the elastic IP bound to it (one per host).
  boundIp: sql<string | null>`(
    select e.ip_address from resources e
    where e.attached_to = ${resources.id} and e.kind = 'elasticIp' and e.deleted_at is null
    order by e.created_at limit 1
  )`,
};

/**
 * Resources that exist: not deleted. Every list keeps only these, and the operators' dashboard
 * counts only these, so a dashboard number and the list it opens agree.
 */
export const existingResources = () => and(isNull(resources.deletedAt), ne(resources.status, "deleted"));

/** Frozen resources, only those frozen for `reason` when given (the dashboard's frozen numbers). */
export const frozenResources = (reason?: FrozenReason) =>
  and(eq(resources.status, "frozen"), reason ? eq(resources.frozenReason, reason) : undefined);

/** How a list is ordered: newest first, or (renewal management) the soonest expiry first. */
export type ResourceOrder = "newest" | "expiry";

export function createResourcesRepo(db: Db) {
  const base = (tx: Db = db) =>
    tx
      .select(columns)
      .from(resources)
      .leftJoin(organizations, eq(organizations.id, resources.orgId))
      .leftJoin(projects, eq(projects.id, resources.projectId))
      .leftJoin(products, eq(products.id, resources.productId))
      .leftJoin(host, eq(host.id, resources.attachedTo));

  return {
    list(where: SQL | undefined, limit: number, offset: number, order: ResourceOrder = "newest") {
      return base()
        .where(where)
        .orderBy(
          ...(order === "expiry" ? [asc(resources.expiresAt)] : []),
          desc(resources.createdAt),
          desc(resources.id),
        )
        .limit(limit)
        .offset(offset);
    },
    total(where: SQL | undefined) {
      return db.select({ n: count() }).from(resources).where(where);
    },
    async byId(id: string) {
      const [row] = await base().where(eq(resources.id, id));
      return row;
    },
    filters(q: {
      kind?: ResourceKind | undefined;
      /** Only these kinds (an empty list matches nothing). */
      kinds?: readonly ResourceKind[] | undefined;
      status?: ResourceStatus | undefined;
      /** Leaves out these states besides `deleted`. */
      notStatuses?: readonly ResourceStatus[] | undefined;
      keyword?: string | undefined;
      projectId?: string | undefined;
      paymentType?: "prepaid" | "postpaid" | undefined;
      /** A catalogue product's id, or NO_PRODUCT for those without one. */
      productId?: string | undefined;
      /** Only the resources frozen for this reason. */
      frozenReason?: FrozenReason | undefined;
      /** Only what may be renewed: prepaid and not on its way out. */
      renewable?: boolean | undefined;
      /** Renewable and ending by then (expired ones too). */
      expiringBefore?: Date | undefined;
    }) {
      const c: (SQL | undefined)[] = [existingResources()];
      if (q.kind) c.push(eq(resources.kind, q.kind));
      if (q.kinds) c.push(q.kinds.length > 0 ? inArray(resources.kind, [...q.kinds]) : sql`false`);
      if (q.status) c.push(eq(resources.status, q.status));
      if (q.notStatuses?.length) c.push(notInArray(resources.status, [...q.notStatuses]));
      if (q.keyword) c.push(ilike(resources.name, containsPattern(q.keyword)));
      if (q.projectId) c.push(eq(resources.projectId, q.projectId));
      if (q.paymentType) c.push(eq(resources.paymentType, q.paymentType));
      if (q.productId)
        c.push(
          q.productId === NO_PRODUCT ? isNull(resources.productId) : eq(resources.productId, q.productId),
        );
      if (q.frozenReason) c.push(frozenResources(q.frozenReason));
      if (q.renewable || q.expiringBefore) {
        // Renewal lists: a resource on its way out is not renewed.
        c.push(eq(resources.paymentType, "prepaid"), notInArray(resources.status, [...LEAVING_STATUSES]));
      }
      if (q.expiringBefore) c.push(lte(resources.expiresAt, q.expiringBefore));
      return c;
    },
    attachments(hostId: string) {
      return db
        .select({ id: resources.id, kind: resources.kind, name: resources.name, status: resources.status })
        .from(resources)
        .where(and(eq(resources.attachedTo, hostId), isNull(resources.deletedAt)))
        .orderBy(asc(resources.kind), asc(resources.name));
    },
    terms(tx: Db, resourceId: string) {
      return tx
        .select()
        .from(resourceTerms)
        .where(eq(resourceTerms.resourceId, resourceId))
        .orderBy(asc(resourceTerms.startsAt));
    },
    inStatus(statuses: ResourceStatus[]) {
      return db
        .select()
        .from(resources)
        .where(and(inArray(resources.status, statuses), isNull(resources.deletedAt)));
    },
  };
}
export type ResourcesRepo = ReturnType<typeof createResourcesRepo>;

// Plain functions taking the caller's transaction (or the handle) first.

type ResourceUpdate = Partial<Omit<typeof resources.$inferInsert, "id">>;

/** The resource row, locked for the rest of `tx` when asked. */
export async function findResource(tx: Tx, id: string, lock = false) {
  const q = tx.select().from(resources).where(eq(resources.id, id));
  const [r] = lock ? await q.for("update") : await q;
  return r;
}

export async function insertResource(tx: Tx, values: typeof resources.$inferInsert) {
  const [r] = await tx.insert(resources).values(values).returning();
  return r!;
}

export async function updateResource(tx: Tx, id: string, set: ResourceUpdate): Promise<void> {
  await tx.update(resources).set(set).where(eq(resources.id, id));
}

/** Moves the resource only while it is still in `status`: false when something else moved it first. */
export async function updateResourceIf(
  tx: Tx,
  id: string,
  status: ResourceStatus,
  set: ResourceUpdate,
): Promise<boolean> {
  const moved = await tx
    .update(resources)
    .set(set)
    .where(and(eq(resources.id, id), eq(resources.status, status)))
    .returning({ id: resources.id });
  return moved.length > 0;
}

/** Marks the resource busy only if it is in one of `from`: concurrent actions cannot both start. */
export async function claimResource(
  tx: Tx,
  id: string,
  from: ResourceStatus[],
  set: ResourceUpdate,
): Promise<boolean> {
  const claimed = await tx
    .update(resources)
    .set(set)
    .where(
      and(
        eq(resources.id, id),
        sql`${resources.status} in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: resources.id });
  return claimed.length > 0;
}

/** The name of an elastic IP other than `exceptId` bound to the host, if any. */
export async function elasticIpBoundTo(
  tx: Tx,
  hostId: string,
  exceptId: string,
): Promise<string | undefined> {
  const [bound] = await tx
    .select({ name: resources.name })
    .from(resources)
    .where(
      and(
        eq(resources.attachedTo, hostId),
        eq(resources.kind, "elasticIp"),
        isNull(resources.deletedAt),
        ne(resources.id, exceptId),
      ),
    )
    .limit(1);
  return bound?.name;
}

/** Snapshots still being taken. */
export function snapshotsBeingTaken(tx: Tx) {
  return tx
    .select()
    .from(resources)
    .where(
      and(eq(resources.kind, "snapshot"), eq(resources.status, "creating"), isNull(resources.deletedAt)),
    );
}

/** The resources of a caller's data scope. */
export const resourceScope = (scope: DataScope) =>
  scopeCondition(scope, { orgId: resources.orgId, projectId: resources.projectId });

/** The resources of a caller's data scope that a list's filters keep. */
export const scopedResources = (scope: DataScope, filters: (SQL | undefined)[]) =>
  and(resourceScope(scope), ...filters);
