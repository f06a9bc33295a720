// Subnets of a VPC (spec §2 `vpc/subnet/{id}`, §5): a block with a mask of 16 to 29 inside its VPC
// that overlaps no sibling, an optional gateway inside it, DHCP and up to two DNS servers. The
// ports on it come from the cloud; a subnet with ports cannot be deleted.
import {
  type CloudPortOwner,
  type EndpointBody,
  type ErrorParam,
  type endpoints,
  gatewayFits,
  type SubnetDetail,
  type SubnetRecord,
  subnetPlacementProblem,
} from "@skyledger/contracts";
import type { Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import type { CloudPort } from "../../providers/network/network-cloud";
import {
  deleteSubnetRow,
  findSubnet,
  hostNamesByRef,
  insertSubnet,
  interfacesOfSubnet,
  listSubnets,
  type SubnetRow,
  subnetNameTaken,
  updateSubnetRow,
  type VpcRow,
} from "./network.repo";
import { editableIn, editableVpc, mayEdit, mustBeActive, visibleSubnet } from "./network-access";
import { deletableFrom } from "./stuck-rows";
import { type NetworkDeps, toSubnetRecord } from "./vpcs.service";

const OWNER_WORDS: Record<CloudPortOwner, { zh: string; en: string }> = {
  compute: { zh: "云主机", en: "host" },
  router: { zh: "路由器", en: "router" },
  dhcp: { zh: "DHCP", en: "DHCP" },
  other: { zh: "其他", en: "other" },
};

/** The ports in a message: `10.0.1.1 router r1, 10.0.1.5 host …`, in the reader's language. */
function portsParam(ports: { ip: string; owner: CloudPortOwner; name: string | null }[]): ErrorParam {
  const say = (lang: "zh" | "en") =>
    ports
      .map((p) => [p.ip, OWNER_WORDS[p.owner][lang], p.name].filter(Boolean).join(" "))
      .join(lang === "zh" ? "，" : ", ");
  return { zh: say("zh"), en: say("en") };
}

export type SubnetService = ReturnType<typeof createSubnetService>;

export function createSubnetService(deps: NetworkDeps) {
  const { db, clock, network, run } = deps;

  /** The subnet's ports, each router port named by our router and each host port by our host. */
  async function portsOf(
    vpc: { orgId: string; cloudProject: string | null },
    subnet: { id: string; cloudRef: string | null },
  ) {
    if (!vpc.cloudProject || !subnet.cloudRef) return [];
    const [ports, joined] = await Promise.all([
      network.listPorts(vpc.cloudProject, subnet.cloudRef),
      interfacesOfSubnet(db, subnet.id),
    ]);
    const hostRefs = ports
      .filter((p) => p.owner === "compute" && p.deviceRef)
      .map((p) => p.deviceRef as string);
    const hosts = await hostNamesByRef(db, vpc.orgId, hostRefs);
    const nameOf = (p: CloudPort) =>
      p.owner === "compute"
        ? hosts.find((h) => h.ref === p.deviceRef)?.name
        : joined.find((j) => j.routerRef !== null && j.routerRef === p.deviceRef)?.routerName;
    return ports.map((p) => ({
      ip: p.ip,
      owner: p.owner,
      deviceRef: p.deviceRef,
      deviceName: nameOf(p) ?? null,
    }));
  }

  /** Deletes the subnet on the cloud; one whose create a stop cut short is asked for again first. */
  async function deleteSubnetOf(row: SubnetRow, vpc: VpcRow) {
    const project = vpc.cloudProject;
    if (!project) return;
    if (row.cloudRef) return network.deleteSubnet(project, row.cloudRef);
    if (row.status === "active" || !vpc.cloudRef) return;
    // The same client token finds the subnet the cut-short create made, or makes it, to delete it.
    const made = await network.createSubnet({
      clientToken: row.id,
      project,
      networkRef: vpc.cloudRef,
      name: row.name,
      cidr: row.cidr,
      gatewayIp: row.gatewayIp,
      dhcp: row.dhcp,
      dnsServers: row.dnsServers,
    });
    await network.deleteSubnet(project, made.ref);
  }

  /** The subnet and its VPC, locked, for a change; with the cloud refs the change will use. */
  async function forChange(ctx: RequestContext, tx: Tx, id: string) {
    const { row, vpc } = await editableIn(ctx, tx, (t) => findSubnet(t, id));
    mustBeActive(row);
    return { row, vpc, cloud: { project: vpc.cloudProject ?? "", ref: row.cloudRef ?? "" } };
  }

  return {
    async create(
      ctx: RequestContext,
      vpcId: string,
      input: EndpointBody<typeof endpoints.network.createSubnet>,
    ): Promise<SubnetRecord> {
      const id = newId();
      let cloud = { project: "", network: "" };
      await run({
        vpcId,
        claim: async (tx) => {
          const vpc = await editableVpc(ctx, tx, vpcId);
          mustBeActive(vpc);
          if (await subnetNameTaken(tx, vpcId, input.name))
            throw new DomainError("NETWORK_NAME_TAKEN", { name: input.name });
          const problem = subnetPlacementProblem(input.cidr, vpc.cidr, await listSubnets(tx, vpcId));
          if (problem?.kind === "outside")
            throw new DomainError("SUBNET_OUTSIDE_VPC", { cidr: input.cidr, vpcCidr: vpc.cidr });
          if (problem?.kind === "overlap")
            throw new DomainError("SUBNET_OVERLAPS", {
              cidr: input.cidr,
              name: problem.name,
              other: problem.cidr,
            });
          if (input.gatewayIp !== null && !gatewayFits(input.gatewayIp, input.cidr))
            throw new DomainError("SUBNET_GATEWAY_INVALID", { gateway: input.gatewayIp, cidr: input.cidr });
          await insertSubnet(tx, {
            id,
            vpcId,
            name: input.name,
            cidr: input.cidr,
            gatewayIp: input.gatewayIp,
            dhcp: input.dhcp,
            dnsServers: input.dnsServers,
            status: "creating",
            createdBy: ctx.actor.userId,
            createdAt: clock.now(),
          });
          cloud = { project: vpc.cloudProject ?? "", network: vpc.cloudRef ?? "" };
          return {
            action: "network.subnetCreated",
            ...ctx.auditBy,
            target: id,
            detail: {
              vpc: vpc.name,
              name: input.name,
              cidr: input.cidr,
              gatewayIp: input.gatewayIp ?? "",
              dhcp: input.dhcp,
              dnsServers: input.dnsServers.join(", "),
            },
          };
        },
        ask: () =>
          network.createSubnet({
            clientToken: id,
            project: cloud.project,
            networkRef: cloud.network,
            name: input.name,
            cidr: input.cidr,
            gatewayIp: input.gatewayIp,
            dhcp: input.dhcp,
            dnsServers: input.dnsServers,
          }),
        record: (tx, made) =>
          updateSubnetRow(tx, id, { status: "active", cloudRef: made.ref, gatewayIp: made.gatewayIp }),
        undo: (tx) => deleteSubnetRow(tx, id),
      });
      return toSubnetRecord((await findSubnet(db, id))!);
    },

    async detail(ctx: RequestContext, id: string): Promise<SubnetDetail> {
      const { subnet, vpc } = await visibleSubnet(ctx, db, id);
      return {
        ...toSubnetRecord(subnet),
        vpcName: vpc.name,
        vpcCidr: vpc.cidr,
        editable: mayEdit(ctx, vpc),
        ports: await portsOf(vpc, subnet),
      };
    },

    async update(
      ctx: RequestContext,
      id: string,
      input: EndpointBody<typeof endpoints.network.updateSubnet>,
    ): Promise<SubnetRecord> {
      const { subnet: seen } = await visibleSubnet(ctx, db, id);
      let before = seen;
      let cloud = { project: "", ref: "" };
      await run({
        vpcId: seen.vpcId,
        claim: async (tx) => {
          const { row, vpc, cloud: refs } = await forChange(ctx, tx, id);
          if (await subnetNameTaken(tx, row.vpcId, input.name, id))
            throw new DomainError("NETWORK_NAME_TAKEN", { name: input.name });
          before = row;
          cloud = refs;
          await updateSubnetRow(tx, id, { name: input.name, dhcp: input.dhcp, dnsServers: input.dnsServers });
          return {
            action: "network.subnetUpdated",
            ...ctx.auditBy,
            target: id,
            detail: {
              vpc: vpc.name,
              name: input.name,
              dhcp: input.dhcp,
              dnsServers: input.dnsServers.join(", "),
            },
          };
        },
        ask: () =>
          network.updateSubnet(cloud.project, cloud.ref, {
            name: input.name,
            dhcp: input.dhcp,
            dnsServers: input.dnsServers,
          }),
        record: async () => {},
        undo: (tx) =>
          updateSubnetRow(tx, id, { name: before.name, dhcp: before.dhcp, dnsServers: before.dnsServers }),
      });
      return toSubnetRecord((await findSubnet(db, id))!);
    },

    async remove(ctx: RequestContext, id: string) {
      const { subnet: seen, vpc: seenVpc } = await visibleSubnet(ctx, db, id);
      if (!mayEdit(ctx, seenVpc)) throw new DomainError("NETWORK_SHARED_NOT_CREATOR", { name: seenVpc.name });
      // The ports live on the cloud: asked before the claim, outside any transaction. One made
      // after this look is refused by the cloud itself (409), and the subnet stays.
      const ports = await portsOf(seenVpc, seen);
      if (ports.length > 0)
        throw new DomainError("SUBNET_HAS_PORTS", {
          name: seen.name,
          count: ports.length,
          ports: portsParam(ports.map((p) => ({ ip: p.ip, owner: p.owner, name: p.deviceName }))),
        });
      let before: { row: SubnetRow; vpc: VpcRow } | undefined;
      await run({
        vpcId: seen.vpcId,
        claim: async (tx) => {
          const { row, vpc } = await editableIn(ctx, tx, (t) => findSubnet(t, id));
          deletableFrom(row, clock.now());
          const joined = await interfacesOfSubnet(tx, id);
          if (joined.length > 0)
            throw new DomainError("SUBNET_HAS_PORTS", {
              name: row.name,
              count: joined.length,
              ports: portsParam(
                joined.map((j) => ({ ip: row.gatewayIp ?? "", owner: "router", name: j.routerName })),
              ),
            });
          await updateSubnetRow(tx, id, { status: "deleting", deletingSince: clock.now() });
          before = { row, vpc };
          return {
            action: "network.subnetDeleted",
            ...ctx.auditBy,
            target: id,
            detail: { vpc: vpc.name, name: row.name, cidr: row.cidr },
          };
        },
        ask: () => {
          const { row, vpc } = before as { row: SubnetRow; vpc: VpcRow };
          return deleteSubnetOf(row, vpc);
        },
        record: (tx) => deleteSubnetRow(tx, id),
        undo: (tx) => {
          const { status, deletingSince } = (before as { row: SubnetRow }).row;
          return updateSubnetRow(tx, id, { status, deletingSince });
        },
      });
      return { ok: true as const };
    },
  };
}
