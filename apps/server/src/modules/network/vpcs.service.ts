// VPCs of the caller's organisation (spec §2 `vpc`, `vpc/create`, `vpc/detail/{id}`): a private
// CIDR block (mask 16–28, decision 0016), a description and a shared flag. A VPC belongs to its
// creator's current project; a shared one is seen by every project and changed only by its creator.
import type {
  EndpointBody,
  EndpointQuery,
  endpoints,
  NetworkCloudInfo,
  SubnetRecord,
  VpcDetail,
  VpcRecord,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import type { NetworkCloud } from "../../providers/network/network-cloud";
import type { CloudChanges } from "./cloud-change";
import {
  countVpcs,
  deleteVpcRow,
  insertVpc,
  listSubnets,
  listVpcs,
  routersOfVpc,
  type SubnetRow,
  updateVpc,
  type VpcRow,
  visibleVpcs,
  vpcNameTaken,
} from "./network.repo";
import { editableVpc, mayEdit, visibleVpc } from "./network-access";
import { toRouterSummary } from "./routers.view";
import { deletableFrom } from "./stuck-rows";

export type NetworkDeps = { db: Db; clock: Clock; audit: Audit; network: NetworkCloud; run: CloudChanges };

export function toVpcRecord(ctx: RequestContext, row: VpcRow, subnetCount: number): VpcRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    cidr: row.cidr,
    shared: row.shared,
    status: row.status,
    projectId: row.projectId,
    projectName: row.projectName,
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    subnetCount,
    editable: mayEdit(ctx, row),
  };
}

export function toSubnetRecord(row: SubnetRow): SubnetRecord {
  return {
    id: row.id,
    vpcId: row.vpcId,
    name: row.name,
    cidr: row.cidr,
    gatewayIp: row.gatewayIp,
    dhcp: row.dhcp,
    dnsServers: row.dnsServers,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export type VpcService = ReturnType<typeof createVpcService>;

export function createVpcService(deps: NetworkDeps) {
  const { db, clock, audit, network, run } = deps;

  /** Deletes the VPC's network; one whose create a stop cut short is asked for again first. */
  async function deleteNetworkOf(vpc: VpcRow) {
    if (vpc.cloudProject && vpc.cloudRef) return network.deleteNetwork(vpc.cloudProject, vpc.cloudRef);
    if (vpc.status === "active") return;
    // The same client token finds the network the cut-short create made, or makes it, to delete it.
    const project = vpc.cloudProject ?? (await network.ensureProject({ orgId: vpc.orgId, name: vpc.orgId }));
    const ref = await network.createNetwork({ clientToken: vpc.id, project, name: vpc.name });
    await network.deleteNetwork(project, ref);
  }

  return {
    cloud(): NetworkCloudInfo {
      return { name: network.name };
    },

    async list(ctx: RequestContext, query: EndpointQuery<typeof endpoints.network.listVpcs>) {
      const visible = visibleVpcs(ctx.ownTenant(), ctx.actor.userId, await ctx.dataScope());
      const keyword = query.keyword || undefined;
      return pageOf(
        query,
        (limit, offset) => listVpcs(db, visible, keyword, limit, offset),
        countVpcs(db, visible, keyword),
        (row) => toVpcRecord(ctx, row, row.subnetCount),
      );
    },

    async detail(ctx: RequestContext, id: string): Promise<VpcDetail> {
      const vpc = await visibleVpc(ctx, db, id);
      const [subnetRows, routerRows] = await Promise.all([listSubnets(db, id), routersOfVpc(db, id)]);
      return {
        ...toVpcRecord(ctx, vpc, subnetRows.length),
        subnets: subnetRows.map(toSubnetRecord),
        routers: routerRows.map((r) => toRouterSummary(ctx, r)),
      };
    },

    async create(
      ctx: RequestContext,
      input: EndpointBody<typeof endpoints.network.createVpc>,
    ): Promise<VpcRecord> {
      const orgId = ctx.ownTenant();
      const id = newId();
      const projectId = await ctx.defaultProject();
      await run({
        vpcId: id,
        claim: async (tx) => {
          if (await vpcNameTaken(tx, orgId, input.name))
            throw new DomainError("NETWORK_NAME_TAKEN", { name: input.name });
          const inserted = await insertVpc(tx, {
            id,
            orgId,
            projectId,
            name: input.name,
            description: input.description,
            cidr: input.cidr,
            shared: input.shared,
            status: "creating",
            createdBy: ctx.actor.userId,
            createdAt: clock.now(),
          });
          if (!inserted) throw new DomainError("NETWORK_NAME_TAKEN", { name: input.name });
          return {
            action: "network.vpcCreated",
            ...ctx.auditBy,
            target: id,
            detail: { name: input.name, cidr: input.cidr, shared: input.shared },
          };
        },
        ask: async () => {
          const project = await network.ensureProject({ orgId, name: orgId });
          return {
            project,
            ref: await network.createNetwork({ clientToken: id, project, name: input.name }),
          };
        },
        record: (tx, made) =>
          updateVpc(tx, id, { status: "active", cloudProject: made.project, cloudRef: made.ref }),
        undo: (tx) => deleteVpcRow(tx, id),
      });
      return toVpcRecord(ctx, await visibleVpc(ctx, db, id), 0);
    },

    async update(ctx: RequestContext, id: string, input: EndpointBody<typeof endpoints.network.updateVpc>) {
      await db.transaction(async (tx) => {
        const vpc = await editableVpc(ctx, tx, id);
        if (await vpcNameTaken(tx, vpc.orgId, input.name, id))
          throw new DomainError("NETWORK_NAME_TAKEN", { name: input.name });
        await updateVpc(tx, id, { name: input.name, description: input.description });
        await audit.record(tx, {
          action: "network.vpcUpdated",
          ...ctx.auditBy,
          target: id,
          detail: { name: input.name, description: input.description },
        });
      });
      const vpc = await visibleVpc(ctx, db, id);
      return toVpcRecord(ctx, vpc, (await listSubnets(db, id)).length);
    },

    async remove(ctx: RequestContext, id: string) {
      let before: VpcRow | undefined;
      await run({
        vpcId: id,
        claim: async (tx) => {
          const vpc = await editableVpc(ctx, tx, id);
          deletableFrom(vpc, clock.now());
          const subnetRows = await listSubnets(tx, id);
          if (subnetRows.length > 0) {
            const names = subnetRows.map((s) => s.name).join(", ");
            throw new DomainError("VPC_HAS_SUBNETS", {
              name: vpc.name,
              count: subnetRows.length,
              subnets: names,
            });
          }
          const routerRows = await routersOfVpc(tx, id);
          if (routerRows.length > 0)
            throw new DomainError("VPC_HAS_ROUTERS", {
              name: vpc.name,
              routers: routerRows.map((r) => r.name).join(", "),
            });
          await updateVpc(tx, id, { status: "deleting", deletingSince: clock.now() });
          before = vpc;
          return {
            action: "network.vpcDeleted",
            ...ctx.auditBy,
            target: id,
            detail: { name: vpc.name, cidr: vpc.cidr },
          };
        },
        ask: () => deleteNetworkOf(before as VpcRow),
        record: (tx) => deleteVpcRow(tx, id),
        undo: (tx) => {
          const { status, deletingSince } = before as VpcRow;
          return updateVpc(tx, id, { status, deletingSince });
        },
      });
      return { ok: true as const };
    },
  };
}
