// SQL of the instances orders provision (resource-domain.ts implements the service-domain interface
// with it). Every function takes the caller's transaction or the handle.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import type {
  CreatedInstance,
  LiveFigures,
  NewInstance,
  PurchaseTerm,
} from "../orders/provisioning/service-domain";
import { type ResourceKind, resources, resourceTerms } from "./resources.schema";

export async function insertInstances(tx: Tx, rows: NewInstance[]): Promise<void> {
  if (rows.length > 0) await tx.insert(resources).values(rows);
}

/** The order's instances the provider was not asked for yet, by name. */
export function instancesToCreate(tx: Tx, orderId: string) {
  return tx
    .select()
    .from(resources)
    .where(
      and(eq(resources.orderId, orderId), eq(resources.status, "creating"), isNull(resources.providerRef)),
    )
    .orderBy(asc(resources.name));
}

export function creatingInstances(tx: Tx, orderId: string) {
  return tx
    .select()
    .from(resources)
    .where(and(eq(resources.orderId, orderId), eq(resources.status, "creating")));
}

/** Every instance of the order, by name then id. */
export function instancesOfOrder(tx: Tx, orderId: string) {
  return tx
    .select()
    .from(resources)
    .where(eq(resources.orderId, orderId))
    .orderBy(asc(resources.name), asc(resources.id));
}

/** The ids, names and kinds of the order's instances, by name. */
export function instanceNamesOfOrder(
  tx: Tx,
  orderId: string,
): Promise<{ id: string; name: string; kind: ResourceKind }[]> {
  return tx
    .select({ id: resources.id, name: resources.name, kind: resources.kind })
    .from(resources)
    .where(eq(resources.orderId, orderId))
    .orderBy(asc(resources.name));
}

/** The provider's reference, state and address of a new instance, kept with the resource. */
export async function setProviderRef(
  tx: Tx,
  id: string,
  instance: CreatedInstance,
  now: Date,
): Promise<void> {
  await tx
    .update(resources)
    .set({
      providerRef: instance.ref,
      statusInfo: instance.state,
      ipAddress: instance.address ?? null,
      updatedAt: now,
    })
    .where(eq(resources.id, id));
}

export async function setLive(
  tx: Tx,
  id: string,
  figures: LiveFigures,
  statuses: { manageStatus: string; monitorStatus: string },
  now: Date,
): Promise<void> {
  await tx
    .update(resources)
    .set({ ...figures, statusInfo: null, taskStatus: null, ...statuses, updatedAt: now })
    .where(eq(resources.id, id));
}

export async function insertPurchaseTerm(tx: Tx, term: PurchaseTerm): Promise<void> {
  await tx.insert(resourceTerms).values({ ...term, kind: "purchase" });
}

/** `failedId` becomes create_failure with `log`; every other instance of `ids` is deleted. */
export async function failInstances(
  tx: Tx,
  ids: string[],
  failedId: string | null,
  log: string,
  now: Date,
): Promise<void> {
  await tx
    .update(resources)
    .set({
      status: sql`case when ${resources.id} = ${failedId ?? ""} then 'create_failure' else 'deleted' end`,
      errorLog: sql`case when ${resources.id} = ${failedId ?? ""} then ${log} else null end`,
      deletedAt: sql`case when ${resources.id} = ${failedId ?? ""} then null else ${now.toISOString()}::timestamptz end`,
      taskStatus: null,
      updatedAt: now,
    })
    .where(inArray(resources.id, ids));
}
