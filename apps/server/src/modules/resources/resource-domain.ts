// The service domain of today's resources — cloud hosts, disks, elastic IPs and snapshots — as
// orders see it (orders/provisioning/service-domain.ts): the spec check of an order, the instances
// provisioning writes and settles. Registered by the wiring (subscriptions/services.module.ts).
import type { Db } from "../../platform/db/client";
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

export function createResourceDomain(db: Db): ServiceDomain {
  return {
    kindOf: resourceKindOf,
    specOf: resourceSpecOf,
    ownsKeyPair: async (orgId, id) => (await findKeyPair(db, orgId, id)) !== undefined,
    instancesNamedOf: (orderId) => instanceNamesOfOrder(db, orderId),
    add: insertInstances,
    toCreate: instancesToCreate,
    creating: creatingInstances,
    ofOrder: instancesOfOrder,
    created: setProviderRef,
    // A host comes up connected and monitored; other kinds keep what they had.
    live: (tx, r, figures, now) =>
      setLive(
        tx,
        r.id,
        figures,
        r.kind === "host"
          ? { manageStatus: "connected", monitorStatus: "running" }
          : { manageStatus: r.manageStatus, monitorStatus: r.monitorStatus },
        now,
      ),
    addPurchaseTerm: insertPurchaseTerm,
    failAll: failInstances,
  };
}
