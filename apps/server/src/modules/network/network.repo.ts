// The networks' SQL: VPCs, subnets, routers, router interfaces and static routes. Every function
// takes the caller's transaction; what a caller may see is the condition `visibleVpcs` builds.
import type { NetworkStatus } from "@skyledger/contracts";
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { DataScope } from "../../platform/auth/data-scope";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { projects, users } from "../iam/iam.schema";
import { resources } from "../resources/resources.schema";
import { routerInterfaces, routers, staticRoutes, subnets, vpcs } from "./network.schema";

export type VpcRow = typeof vpcs.$inferSelect & { projectName: string | null; createdByName: string | null };
export type SubnetRow = typeof subnets.$inferSelect;
export type RouterRow = typeof routers.$inferSelect;
export type RouteRow = typeof staticRoutes.$inferSelect;

/**
 * The VPCs a caller sees: the organisation's shared ones, those they made, and the others as the
 * data scope says (the whole organisation for its administrators, their projects' for the rest).
 */
export function visibleVpcs(orgId: string, userId: string, scope: DataScope): SQL | undefined {
  if (scope.kind !== "projects") return eq(vpcs.orgId, orgId);
  const own = or(eq(vpcs.shared, true), eq(vpcs.createdBy, userId));
  const inProjects = scope.projectIds.length > 0 ? inArray(vpcs.projectId, scope.projectIds) : undefined;
  return and(eq(vpcs.orgId, orgId), inProjects ? or(own, inProjects) : own);
}

const vpcColumns = {
  id: vpcs.id,
  orgId: vpcs.orgId,
  projectId: vpcs.projectId,
  name: vpcs.name,
  description: vpcs.description,
  cidr: vpcs.cidr,
  shared: vpcs.shared,
  status: vpcs.status,
  cloudProject: vpcs.cloudProject,
  cloudRef: vpcs.cloudRef,
  createdBy: vpcs.createdBy,
  createdAt: vpcs.createdAt,
  deletingSince: vpcs.deletingSince,
  projectName: projects.name,
  createdByName: users.account,
};

const vpcWhere = (visible: SQL | undefined, keyword: string | undefined) =>
  keyword ? and(visible, ilike(vpcs.name, containsPattern(keyword))) : visible;

export function listVpcs(
  tx: Tx,
  visible: SQL | undefined,
  keyword: string | undefined,
  limit: number,
  offset: number,
) {
  return tx
    .select({
      ...vpcColumns,
      subnetCount: sql<number>`(select count(*)::int from ${subnets} where ${subnets.vpcId} = ${vpcs.id})`,
    })
    .from(vpcs)
    .leftJoin(projects, eq(projects.id, vpcs.projectId))
    .leftJoin(users, eq(users.id, vpcs.createdBy))
    .where(vpcWhere(visible, keyword))
    .orderBy(desc(vpcs.createdAt), vpcs.id)
    .limit(limit)
    .offset(offset);
}

export function countVpcs(tx: Tx, visible: SQL | undefined, keyword: string | undefined) {
  return tx.select({ n: count() }).from(vpcs).where(vpcWhere(visible, keyword));
}

/** The organisation's VPC; `lock` holds it until the transaction ends (changes to one VPC queue). */
export async function findVpc(tx: Tx, orgId: string, id: string, lock = false): Promise<VpcRow | undefined> {
  const query = tx
    .select(vpcColumns)
    .from(vpcs)
    .leftJoin(projects, eq(projects.id, vpcs.projectId))
    .leftJoin(users, eq(users.id, vpcs.createdBy))
    .where(and(eq(vpcs.orgId, orgId), eq(vpcs.id, id)));
  const [row] = lock ? await query.for("update", { of: vpcs }) : await query;
  return row;
}

/** The organisation's live hosts with these provider references (a subnet's ports name them). */
export async function hostNamesByRef(tx: Tx, orgId: string, refs: string[]) {
  if (refs.length === 0) return [];
  const rows = await tx
    .select({ ref: resources.providerRef, name: resources.name })
    .from(resources)
    .where(
      and(eq(resources.orgId, orgId), inArray(resources.providerRef, refs), isNull(resources.deletedAt)),
    );
  return rows.map((r) => ({ ref: r.ref as string, name: r.name }));
}

/** A VPC by id alone, for provisioning, which acts for the organisation that ordered. */
export async function findVpcById(tx: Tx, id: string) {
  const [row] = await tx.select().from(vpcs).where(eq(vpcs.id, id));
  return row;
}

export async function vpcNameTaken(tx: Tx, orgId: string, name: string, exceptId = ""): Promise<boolean> {
  const [row] = await tx
    .select({ id: vpcs.id })
    .from(vpcs)
    .where(and(eq(vpcs.orgId, orgId), sql`lower(${vpcs.name}) = lower(${name})`, ne(vpcs.id, exceptId)));
  return row !== undefined;
}

/** Undefined when the name was taken meanwhile (the unique index decides a race). */
export async function insertVpc(tx: Tx, row: typeof vpcs.$inferInsert) {
  const [inserted] = await tx.insert(vpcs).values(row).onConflictDoNothing().returning({ id: vpcs.id });
  return inserted;
}

export async function updateVpc(tx: Tx, id: string, change: Partial<typeof vpcs.$inferInsert>) {
  await tx.update(vpcs).set(change).where(eq(vpcs.id, id));
}

export async function deleteVpcRow(tx: Tx, id: string) {
  await tx.delete(vpcs).where(eq(vpcs.id, id));
}

export function listSubnets(tx: Tx, vpcId: string): Promise<SubnetRow[]> {
  return tx
    .select()
    .from(subnets)
    .where(eq(subnets.vpcId, vpcId))
    .orderBy(asc(subnets.createdAt), subnets.id);
}

export async function findSubnet(tx: Tx, id: string): Promise<SubnetRow | undefined> {
  const [row] = await tx.select().from(subnets).where(eq(subnets.id, id));
  return row;
}

export async function subnetNameTaken(tx: Tx, vpcId: string, name: string, exceptId = ""): Promise<boolean> {
  const [row] = await tx
    .select({ id: subnets.id })
    .from(subnets)
    .where(
      and(eq(subnets.vpcId, vpcId), sql`lower(${subnets.name}) = lower(${name})`, ne(subnets.id, exceptId)),
    );
  return row !== undefined;
}

export async function insertSubnet(tx: Tx, row: typeof subnets.$inferInsert) {
  await tx.insert(subnets).values(row);
}

export async function updateSubnetRow(tx: Tx, id: string, change: Partial<typeof subnets.$inferInsert>) {
  await tx.update(subnets).set(change).where(eq(subnets.id, id));
}

export async function deleteSubnetRow(tx: Tx, id: string) {
  await tx.delete(subnets).where(eq(subnets.id, id));
}

const routerColumns = {
  id: routers.id,
  vpcId: routers.vpcId,
  name: routers.name,
  externalGateway: routers.externalGateway,
  status: routers.status,
  cloudRef: routers.cloudRef,
  createdBy: routers.createdBy,
  createdAt: routers.createdAt,
  vpcName: vpcs.name,
  interfaceCount: sql<number>`(select count(*)::int from ${routerInterfaces} where ${routerInterfaces.routerId} = ${routers.id})`,
  routeCount: sql<number>`(select count(*)::int from ${staticRoutes} where ${staticRoutes.routerId} = ${routers.id})`,
};
export type RouterListRow = Awaited<ReturnType<typeof listRouters>>[number];

const routerWhere = (visible: SQL | undefined, keyword: string | undefined) =>
  keyword ? and(visible, ilike(routers.name, containsPattern(keyword))) : visible;

export function listRouters(
  tx: Tx,
  visible: SQL | undefined,
  keyword: string | undefined,
  limit: number,
  offset: number,
) {
  return tx
    .select({ ...routerColumns, vpcShared: vpcs.shared, vpcCreatedBy: vpcs.createdBy })
    .from(routers)
    .innerJoin(vpcs, eq(vpcs.id, routers.vpcId))
    .where(routerWhere(visible, keyword))
    .orderBy(desc(routers.createdAt), routers.id)
    .limit(limit)
    .offset(offset);
}

export function countRouters(tx: Tx, visible: SQL | undefined, keyword: string | undefined) {
  return tx
    .select({ n: count() })
    .from(routers)
    .innerJoin(vpcs, eq(vpcs.id, routers.vpcId))
    .where(routerWhere(visible, keyword));
}

export function routersOfVpc(tx: Tx, vpcId: string) {
  return tx
    .select({ ...routerColumns, vpcShared: vpcs.shared, vpcCreatedBy: vpcs.createdBy })
    .from(routers)
    .innerJoin(vpcs, eq(vpcs.id, routers.vpcId))
    .where(eq(routers.vpcId, vpcId))
    .orderBy(asc(routers.createdAt), routers.id);
}

export async function findRouter(tx: Tx, id: string): Promise<RouterRow | undefined> {
  const [row] = await tx.select().from(routers).where(eq(routers.id, id));
  return row;
}

export async function routerNameTaken(tx: Tx, vpcId: string, name: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: routers.id })
    .from(routers)
    .where(and(eq(routers.vpcId, vpcId), sql`lower(${routers.name}) = lower(${name})`));
  return row !== undefined;
}

export async function insertRouter(tx: Tx, row: typeof routers.$inferInsert) {
  await tx.insert(routers).values(row);
}

export async function updateRouterRow(tx: Tx, id: string, change: Partial<typeof routers.$inferInsert>) {
  await tx.update(routers).set(change).where(eq(routers.id, id));
}

/** The router with whatever interface and route rows it still has. */
export async function deleteRouterRow(tx: Tx, id: string) {
  await tx.delete(staticRoutes).where(eq(staticRoutes.routerId, id));
  await tx.delete(routerInterfaces).where(eq(routerInterfaces.routerId, id));
  await tx.delete(routers).where(eq(routers.id, id));
}

/** The router's interfaces, with the subnet each joins. */
export function listInterfaces(tx: Tx, routerId: string) {
  return tx
    .select({ status: routerInterfaces.status, subnet: subnets })
    .from(routerInterfaces)
    .innerJoin(subnets, eq(subnets.id, routerInterfaces.subnetId))
    .where(eq(routerInterfaces.routerId, routerId))
    .orderBy(asc(routerInterfaces.createdAt), subnets.id);
}

/** The routers a subnet is joined to (what its page names, and what a delete must wait for). */
export function interfacesOfSubnet(tx: Tx, subnetId: string) {
  return tx
    .select({ routerId: routers.id, routerName: routers.name, routerRef: routers.cloudRef })
    .from(routerInterfaces)
    .innerJoin(routers, eq(routers.id, routerInterfaces.routerId))
    .where(eq(routerInterfaces.subnetId, subnetId));
}

export async function insertInterfaces(tx: Tx, rows: (typeof routerInterfaces.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(routerInterfaces).values(rows);
}

export async function setInterfaceStatus(tx: Tx, routerId: string, subnetId: string, status: NetworkStatus) {
  await tx
    .update(routerInterfaces)
    .set({ status })
    .where(and(eq(routerInterfaces.routerId, routerId), eq(routerInterfaces.subnetId, subnetId)));
}

export async function deleteInterface(tx: Tx, routerId: string, subnetId: string) {
  await tx
    .delete(routerInterfaces)
    .where(and(eq(routerInterfaces.routerId, routerId), eq(routerInterfaces.subnetId, subnetId)));
}

export function listRoutes(tx: Tx, routerId: string): Promise<RouteRow[]> {
  return tx
    .select()
    .from(staticRoutes)
    .where(eq(staticRoutes.routerId, routerId))
    .orderBy(asc(staticRoutes.createdAt), staticRoutes.id);
}

export async function insertRoute(tx: Tx, row: typeof staticRoutes.$inferInsert) {
  await tx.insert(staticRoutes).values(row);
}

export async function setRouteStatus(tx: Tx, id: string, status: NetworkStatus) {
  await tx.update(staticRoutes).set({ status }).where(eq(staticRoutes.id, id));
}

export async function deleteRoute(tx: Tx, id: string) {
  await tx.delete(staticRoutes).where(eq(staticRoutes.id, id));
}
