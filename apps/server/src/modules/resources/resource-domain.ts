// The service domain of today's resources — cloud hosts, disks, elastic IPs and snapshots — as
// orders see it (orders/provisioning/service-domain.ts): the spec check of an order, the instances
// provisioning writes and settles. Registered by the wiring (subscriptions/services.module.ts).
import type { HostNetworkChoice } from "@skyledger/contracts";
import type { Db, Tx } from "../../platform/db/client";
import type { RequestContext } from "../../platform/request-context";
import { findKeyPair } from "../keypairs/keypairs.repo";
import type { ServiceDomain } from "../orders/provisioning/service-domain";
import {
  creatingInstances,
  failInstances,
  insertInstances,
  insertPurchaseTerm,
  instanceNamesOfOrder,
  instancesOfOrder,
  instancesToCreate,
  setLive,
  setProviderRef,
} from "./instances.repo";
import { resourceKindOf, resourceSpecOf } from "./resource-spec";

/**
 * Where hosts go on the tenant's network: the network module's (network/host-placement.ts), handed
 * in by the wiring so that resources do not depend on networks.
 */
export type HostNetworkPort = {
  check(ctx: RequestContext, choice: HostNetworkChoice, quantity: number): Promise<void>;
  cloudSpecOf(choice: HostNetworkChoice): Promise<object>;
  bindNewHost(tx: Tx, hostId: string, choice: HostNetworkChoice): Promise<void>;
};

export function createResourceDomain(db: Db, network?: HostNetworkPort): ServiceDomain {
  return {
    kindOf: resourceKindOf,
    async checkPlacement(ctx, { kind, spec, quantity }) {
      if (kind === "host" && spec.network && network) await network.check(ctx, spec.network, quantity);
    },
    async providerSpecOf(r) {
      if (r.kind !== "host" || !r.spec.network || !network) return r.spec;
      return { ...r.spec, network: await network.cloudSpecOf(r.spec.network) };
    },
    specOf: resourceSpecOf,
    ownsKeyPair: async (orgId, id) => (await findKeyPair(db, orgId, id)) !== undefined,
    instancesNamedOf: (orderId) => instanceNamesOfOrder(db, orderId),
    add: insertInstances,
    toCreate: instancesToCreate,
    creating: creatingInstances,
    ofOrder: instancesOfOrder,
    created: setProviderRef,
    // A host comes up connected and monitored; other kinds keep what they had.
    async live(tx, r, figures, now) {
      await setLive(
        tx,
        r.id,
        figures,
        r.kind === "host"
          ? { manageStatus: "connected", monitorStatus: "running" }
          : { manageStatus: r.manageStatus, monitorStatus: r.monitorStatus },
        now,
      );
      if (r.kind === "host" && r.spec.network && network) await network.bindNewHost(tx, r.id, r.spec.network);
    },
    addPurchaseTerm: insertPurchaseTerm,
    failAll: failInstances,
  };
}
