// Who sees and who changes a network (spec §6): a VPC is seen by the organisation's projects when
// it is shared, otherwise as the caller's data scope says; a shared VPC, and everything in it, is
// changed only by its creator. Another organisation's objects are as good as absent (404).
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { inScope } from "../iam/data-scope";
import { findRouter, findSubnet, findVpc, type VpcRow } from "./network.repo";

export function mayEdit(ctx: RequestContext, vpc: Pick<VpcRow, "shared" | "createdBy">): boolean {
  return !vpc.shared || vpc.createdBy === ctx.actor.userId;
}

/** The VPC when the caller may see it; NOT_FOUND otherwise. `lock`: held until the transaction ends. */
export async function visibleVpc(
  ctx: RequestContext,
  tx: Db | Tx,
  id: string,
  lock = false,
): Promise<VpcRow> {
  const orgId = ctx.ownTenant();
  const row = await findVpc(tx, orgId, id, lock);
  if (!row) throw new DomainError("NOT_FOUND");
  const seen = row.shared || row.createdBy === ctx.actor.userId;
  if (!seen && !inScope(await ctx.dataScope(), row.orgId, row.projectId)) throw new DomainError("NOT_FOUND");
  return row;
}

/** The VPC, locked, when the caller may change it: a shared one only by its creator. */
export async function editableVpc(ctx: RequestContext, tx: Tx, id: string): Promise<VpcRow> {
  const row = await visibleVpc(ctx, tx, id, true);
  if (!mayEdit(ctx, row)) throw new DomainError("NETWORK_SHARED_NOT_CREATOR", { name: row.name });
  return row;
}

/** Refuses a change to an object that is still being made or removed. */
export function mustBeActive(row: { status: string; name: string }) {
  if (row.status !== "active") throw new DomainError("NETWORK_BUSY", { name: row.name });
}

export async function visibleSubnet(ctx: RequestContext, tx: Db | Tx, id: string) {
  const subnet = await findSubnet(tx, id);
  if (!subnet) throw new DomainError("NOT_FOUND");
  return { subnet, vpc: await visibleVpc(ctx, tx, subnet.vpcId) };
}

export async function visibleRouter(ctx: RequestContext, tx: Db | Tx, id: string) {
  const router = await findRouter(tx, id);
  if (!router) throw new DomainError("NOT_FOUND");
  return { router, vpc: await visibleVpc(ctx, tx, router.vpcId) };
}

/** The subnet or router with its VPC, locked, when the caller may change them. */
export async function editableIn<T extends { vpcId: string }>(
  ctx: RequestContext,
  tx: Tx,
  find: (tx: Tx) => Promise<T | undefined>,
): Promise<{ row: T; vpc: VpcRow }> {
  const first = await find(tx);
  if (!first) throw new DomainError("NOT_FOUND");
  const vpc = await editableVpc(ctx, tx, first.vpcId);
  // Read again under the VPC's lock: what was seen before it may have changed.
  const row = await find(tx);
  if (!row) throw new DomainError("NOT_FOUND");
  return { row, vpc };
}
