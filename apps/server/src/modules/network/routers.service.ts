// Routers of a VPC (spec §2 `route`, `route/detail/{id}`): an external gateway on or off, the
// VPC's subnets joined to it, and static routes. A route's destination must not conflict with the
// router's other routes or a subnet of the VPC (spec §5; the message names what it conflicts
// with) and its next hop lies in a joined subnet. A router with interfaces or routes is not deleted.
import {
  type EndpointBody,
  type EndpointQuery,
  type endpoints,
  nexthopJoined,
  type RouteProblem,
  type RouterDetail,
  type RouterSummary,
  routeProblem,
} from "@skyledger/contracts";
import type { Tx } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import type { StaticRoute } from "../../providers/network/network-cloud";
import type { CloudChange } from "./cloud-change";
import {
  countRouters,
  deleteInterface,
  deleteRoute,
  deleteRouterRow,
  findRouter,
  findSubnet,
  insertInterfaces,
  insertRoute,
  insertRouter,
  listInterfaces,
  listRouters,
  listRoutes,
  listSubnets,
  type RouterRow,
  routerNameTaken,
  routersOfVpc,
  setInterfaceStatus,
  setRouteStatus,
  updateRouterRow,
  visibleVpcs,
} from "./network.repo";
import { editableIn, editableVpc, mustBeActive, visibleRouter } from "./network-access";
import { toRouterSummary } from "./routers.view";
import { deletableFrom } from "./stuck-rows";
import { type NetworkDeps, toSubnetRecord } from "./vpcs.service";

const asRoutes = (rows: { destination: string; nexthop: string }[]): StaticRoute[] =>
  rows.map((r) => ({ destination: r.destination, nexthop: r.nexthop }));

/** Spec §5's refusals of a route, each naming what is in the way. */
function refuseRoute(input: { destination: string; nexthop: string }, problem: RouteProblem) {
  if (problem?.kind === "route")
    throw new DomainError("ROUTE_CONFLICTS_ROUTE", {
      destination: input.destination,
      other: problem.destination,
      nexthop: problem.nexthop,
    });
  if (problem?.kind === "subnet")
    throw new DomainError("ROUTE_CONFLICTS_SUBNET", {
      destination: input.destination,
      name: problem.name,
      cidr: problem.cidr,
    });
  if (problem?.kind === "nexthop")
    throw new DomainError("ROUTE_NEXTHOP_NOT_JOINED", { nexthop: input.nexthop });
}

export type RouterService = ReturnType<typeof createRouterService>;

export function createRouterService(deps: NetworkDeps) {
  const { db, clock, network, run } = deps;

  /**
   * The router and its VPC, locked, for a change; with the cloud refs the change will use.
   * `mayStart` refuses a router the change cannot start on: one not active, unless told otherwise.
   */
  async function forChange(
    ctx: RequestContext,
    tx: Tx,
    id: string,
    mayStart: (router: RouterRow) => void = mustBeActive,
  ) {
    const { row: router, vpc } = await editableIn(ctx, tx, (t) => findRouter(t, id));
    mayStart(router);
    return { router, vpc, project: vpc.cloudProject ?? "", ref: router.cloudRef ?? "" };
  }

  type Target = Awaited<ReturnType<typeof forChange>>;

  /** One change to a router: `claim` checks and claims under the VPC's lock, `ask` calls the cloud. */
  async function onRouter(
    ctx: RequestContext,
    id: string,
    change: {
      mayStart?(router: RouterRow): void;
      claim(tx: Tx, at: Target): ReturnType<CloudChange<void>["claim"]>;
      ask(at: Target): Promise<void>;
      record(tx: Tx): Promise<void>;
      undo(tx: Tx): Promise<void>;
    },
  ) {
    const { router: seen } = await visibleRouter(ctx, db, id);
    let at: Target | undefined;
    await run({
      vpcId: seen.vpcId,
      claim: async (tx) => {
        at = await forChange(ctx, tx, id, change.mayStart);
        return change.claim(tx, at);
      },
      ask: () => change.ask(at as Target),
      record: change.record,
      undo: change.undo,
    });
    return { ok: true as const };
  }

  async function summaryOf(ctx: RequestContext, vpcId: string, id: string): Promise<RouterSummary> {
    const row = (await routersOfVpc(db, vpcId)).find((r) => r.id === id);
    if (!row) throw new DomainError("NOT_FOUND");
    return toRouterSummary(ctx, row);
  }

  return {
    async list(ctx: RequestContext, query: EndpointQuery<typeof endpoints.network.listRouters>) {
      const visible = visibleVpcs(ctx.ownTenant(), ctx.actor.userId, await ctx.dataScope());
      const keyword = query.keyword || undefined;
      return pageOf(
        query,
        (limit, offset) => listRouters(db, visible, keyword, limit, offset),
        countRouters(db, visible, keyword),
        (row) => toRouterSummary(ctx, row),
      );
    },

    async detail(ctx: RequestContext, id: string): Promise<RouterDetail> {
      const { router, vpc } = await visibleRouter(ctx, db, id);
      const [interfaces, routes, vpcSubnets] = await Promise.all([
        listInterfaces(db, id),
        listRoutes(db, id),
        listSubnets(db, vpc.id),
      ]);
      return {
        ...(await summaryOf(ctx, router.vpcId, id)),
        vpcCidr: vpc.cidr,
        interfaces: interfaces.map((i) => ({
          subnetId: i.subnet.id,
          subnetName: i.subnet.name,
          cidr: i.subnet.cidr,
          ip: i.subnet.gatewayIp,
          status: i.status,
        })),
        routes: routes.map((r) => ({
          id: r.id,
          destination: r.destination,
          nexthop: r.nexthop,
          status: r.status,
        })),
        vpcSubnets: vpcSubnets.map(toSubnetRecord),
      };
    },

    async create(ctx: RequestContext, input: EndpointBody<typeof endpoints.network.createRouter>) {
      const id = newId();
      const subnetIds = [...new Set(input.subnetIds)];
      let cloud = { project: "", subnetRefs: [] as string[] };
      await run({
        vpcId: input.vpcId,
        claim: async (tx) => {
          const vpc = await editableVpc(ctx, tx, input.vpcId);
          mustBeActive(vpc);
          if (await routerNameTaken(tx, vpc.id, input.name))
            throw new DomainError("NETWORK_NAME_TAKEN", { name: input.name });
          const ofVpc = await listSubnets(tx, vpc.id);
          const chosen = subnetIds.map((sid) => ofVpc.find((s) => s.id === sid));
          for (const s of chosen) {
            if (!s) throw new DomainError("ROUTER_SUBNET_NOT_IN_VPC");
            mustBeActive(s);
          }
          const joined = chosen.filter((s) => s !== undefined);
          const now = clock.now();
          await insertRouter(tx, {
            id,
            vpcId: vpc.id,
            name: input.name,
            externalGateway: input.externalGateway,
            status: "creating",
            createdBy: ctx.actor.userId,
            createdAt: now,
          });
          await insertInterfaces(
            tx,
            joined.map((s) => ({
              routerId: id,
              subnetId: s.id,
              status: "creating" as const,
              createdAt: now,
            })),
          );
          cloud = { project: vpc.cloudProject ?? "", subnetRefs: joined.map((s) => s.cloudRef ?? "") };
          return {
            action: "network.routerCreated",
            ...ctx.auditBy,
            target: id,
            detail: {
              vpc: vpc.name,
              name: input.name,
              externalGateway: input.externalGateway,
              subnet: joined.map((s) => s.name).join(", "),
            },
          };
        },
        ask: async () => {
          const { project, subnetRefs } = cloud;
          const ref = await network.createRouter({
            clientToken: id,
            project,
            name: input.name,
            externalGateway: input.externalGateway,
          });
          const added: string[] = [];
          try {
            for (const subnetRef of subnetRefs) {
              await network.addRouterInterface(project, ref, subnetRef);
              added.push(subnetRef);
            }
          } catch (err) {
            // Half made: what was made goes, so nothing is left on the cloud for a failed create.
            for (const subnetRef of added) await network.removeRouterInterface(project, ref, subnetRef);
            await network.deleteRouter(project, ref);
            throw err;
          }
          return ref;
        },
        record: async (tx, ref) => {
          await updateRouterRow(tx, id, { status: "active", cloudRef: ref });
          for (const subnetId of subnetIds) await setInterfaceStatus(tx, id, subnetId, "active");
        },
        undo: (tx) => deleteRouterRow(tx, id),
      });
      return summaryOf(ctx, input.vpcId, id);
    },

    remove(ctx: RequestContext, id: string) {
      let before: RouterRow | undefined;
      // The subnets a create cut short by a stop may have joined on the cloud: left before the delete.
      let leftJoined: string[] = [];
      return onRouter(ctx, id, {
        mayStart: (router) => deletableFrom(router, clock.now()),
        claim: async (tx, { router, vpc }) => {
          const [interfaces, routes] = await Promise.all([listInterfaces(tx, id), listRoutes(tx, id)]);
          // A router not active has only the interfaces its own create claimed, still `creating`.
          const unfinished =
            router.status === "active" ? [] : interfaces.filter((i) => i.status === "creating");
          const inUse = interfaces.length - unfinished.length;
          if (inUse > 0 || routes.length > 0)
            throw new DomainError("ROUTER_IN_USE", {
              name: router.name,
              interfaces: inUse,
              routes: routes.length,
            });
          await updateRouterRow(tx, id, { status: "deleting", deletingSince: clock.now() });
          before = router;
          leftJoined = unfinished.flatMap((i) => (i.subnet.cloudRef ? [i.subnet.cloudRef] : []));
          return {
            action: "network.routerDeleted",
            ...ctx.auditBy,
            target: id,
            detail: { vpc: vpc.name, name: router.name },
          };
        },
        ask: async ({ project, ref }) => {
          if (!project) return;
          const router = before as RouterRow;
          // The same client token finds the router the cut-short create made, or makes it, to delete it.
          const cloudRef =
            ref ||
            (router.status === "active"
              ? ""
              : await network.createRouter({
                  clientToken: id,
                  project,
                  name: router.name,
                  externalGateway: router.externalGateway,
                }));
          if (!cloudRef) return;
          for (const subnetRef of leftJoined)
            await network.removeRouterInterface(project, cloudRef, subnetRef);
          await network.deleteRouter(project, cloudRef);
        },
        record: (tx) => deleteRouterRow(tx, id),
        undo: (tx) => {
          const { status, deletingSince } = before as RouterRow;
          return updateRouterRow(tx, id, { status, deletingSince });
        },
      });
    },

    addInterface(ctx: RequestContext, id: string, subnetId: string) {
      let subnetRef = "";
      return onRouter(ctx, id, {
        claim: async (tx, { router, vpc }) => {
          const subnet = await findSubnet(tx, subnetId);
          if (!subnet || subnet.vpcId !== router.vpcId) throw new DomainError("ROUTER_SUBNET_NOT_IN_VPC");
          mustBeActive(subnet);
          if ((await listInterfaces(tx, id)).some((i) => i.subnet.id === subnetId))
            throw new DomainError("ROUTER_INTERFACE_EXISTS", { name: subnet.name });
          await insertInterfaces(tx, [
            { routerId: id, subnetId, status: "creating", createdAt: clock.now() },
          ]);
          subnetRef = subnet.cloudRef ?? "";
          return {
            action: "network.interfaceAdded",
            ...ctx.auditBy,
            target: id,
            detail: { vpc: vpc.name, router: router.name, subnet: subnet.name, cidr: subnet.cidr },
          };
        },
        ask: ({ project, ref }) => network.addRouterInterface(project, ref, subnetRef),
        record: (tx) => setInterfaceStatus(tx, id, subnetId, "active"),
        undo: (tx) => deleteInterface(tx, id, subnetId),
      });
    },

    removeInterface(ctx: RequestContext, id: string, subnetId: string) {
      let subnetRef = "";
      return onRouter(ctx, id, {
        claim: async (tx, { router, vpc }) => {
          const joined = (await listInterfaces(tx, id)).find((i) => i.subnet.id === subnetId);
          if (!joined) throw new DomainError("ROUTER_INTERFACE_MISSING");
          mustBeActive({ status: joined.status, name: joined.subnet.name });
          // A route whose next hop is in the subnet would be left pointing nowhere.
          const via = (await listRoutes(tx, id)).find((r) => nexthopJoined(r.nexthop, [joined.subnet.cidr]));
          if (via)
            throw new DomainError("ROUTER_INTERFACE_HAS_ROUTES", {
              destination: via.destination,
              nexthop: via.nexthop,
              name: joined.subnet.name,
            });
          await setInterfaceStatus(tx, id, subnetId, "deleting");
          subnetRef = joined.subnet.cloudRef ?? "";
          return {
            action: "network.interfaceRemoved",
            ...ctx.auditBy,
            target: id,
            detail: {
              vpc: vpc.name,
              router: router.name,
              subnet: joined.subnet.name,
              cidr: joined.subnet.cidr,
            },
          };
        },
        ask: ({ project, ref }) => network.removeRouterInterface(project, ref, subnetRef),
        record: (tx) => deleteInterface(tx, id, subnetId),
        undo: (tx) => setInterfaceStatus(tx, id, subnetId, "active"),
      });
    },

    addRoute(ctx: RequestContext, id: string, input: EndpointBody<typeof endpoints.network.addRoute>) {
      const routeId = newId();
      let desired: StaticRoute[] = [];
      return onRouter(ctx, id, {
        claim: async (tx, { router, vpc }) => {
          const [routes, vpcSubnets, interfaces] = await Promise.all([
            listRoutes(tx, id),
            listSubnets(tx, vpc.id),
            listInterfaces(tx, id),
          ]);
          const joined = interfaces.filter((i) => i.status === "active").map((i) => i.subnet.cidr);
          refuseRoute(input, routeProblem(input, routes, vpcSubnets, joined));
          await insertRoute(tx, {
            id: routeId,
            routerId: id,
            ...input,
            status: "creating",
            createdAt: clock.now(),
          });
          desired = asRoutes([...routes.filter((r) => r.status !== "deleting"), input]);
          return {
            action: "network.routeAdded",
            ...ctx.auditBy,
            target: id,
            detail: {
              vpc: vpc.name,
              router: router.name,
              destination: input.destination,
              nexthop: input.nexthop,
            },
          };
        },
        ask: ({ project, ref }) => network.setRoutes(project, ref, desired),
        record: (tx) => setRouteStatus(tx, routeId, "active"),
        undo: (tx) => deleteRoute(tx, routeId),
      });
    },

    removeRoute(ctx: RequestContext, id: string, routeId: string) {
      let desired: StaticRoute[] = [];
      return onRouter(ctx, id, {
        claim: async (tx, { router, vpc }) => {
          const routes = await listRoutes(tx, id);
          const route = routes.find((r) => r.id === routeId);
          if (!route) throw new DomainError("NOT_FOUND");
          mustBeActive({ status: route.status, name: route.destination });
          await setRouteStatus(tx, routeId, "deleting");
          desired = asRoutes(routes.filter((r) => r.id !== routeId && r.status !== "deleting"));
          return {
            action: "network.routeRemoved",
            ...ctx.auditBy,
            target: id,
            detail: {
              vpc: vpc.name,
              router: router.name,
              destination: route.destination,
              nexthop: route.nexthop,
            },
          };
        },
        ask: ({ project, ref }) => network.setRoutes(project, ref, desired),
        record: (tx) => deleteRoute(tx, routeId),
        undo: (tx) => setRouteStatus(tx, routeId, "active"),
      });
    },
  };
}
