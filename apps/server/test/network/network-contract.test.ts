import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/platform/config";
import type { Db } from "../../src/platform/db/client";
import type { CloudRef } from "../../src/providers/network/network-cloud";
import { createNetworkCloud } from "../../src/providers/network/network-clouds";
import { createSimulatorNetwork } from "../../src/providers/network/simulator-network";
import {
  deleteSimObject,
  findSimObject,
  listSimChildren,
  listSimObjects,
} from "../../src/providers/network/simulator-network.repo";
import type { SimNetworkKind } from "../../src/providers/network/simulator-network.schema";
import { startTestApp, type TestApp } from "../support/harness";
import { type CloudRule, defineNetworkContract } from "./network-contract";

let t: TestApp;
let db: Db;
let hosts = 0;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

const read = async (project: CloudRef, ref: CloudRef, kind: SimNetworkKind) => {
  const row = await db.transaction((tx) => findSimObject(tx, ref));
  if (!row || row.project !== project || row.kind !== kind)
    throw new Error(`${kind} ${ref} not in ${project}`);
  return row.body;
};

defineNetworkContract("simulator", () => ({
  cloud: createSimulatorNetwork({ db, clock: t.clock }),
  orgId: (tag) => `contract-${tag}`,
  // A host's port as the simulated compute provider makes it (providers/simulator).
  attachHost: async (project, networkRef, subnetRef) => {
    const hostRef = `sim-host-${++hosts}`;
    await createSimulatorNetwork({ db, clock: t.clock }).createPort({
      clientToken: `port:${hostRef}`,
      project,
      networkRef,
      subnetRef,
      fixedIp: null,
      securityGroupRefs: [],
      deviceRef: hostRef,
    });
    return hostRef;
  },
  detachHost: (project, hostRef) =>
    db.transaction(async (tx) => {
      for (const port of await listSimObjects(tx, project, "port")) {
        if (port.body.deviceRef === hostRef) await deleteSimObject(tx, port.ref);
      }
    }),
  look: {
    exists: async (project, kind, ref) => {
      const row = await db.transaction((tx) => findSimObject(tx, ref));
      return row?.project === project && row.kind === kind;
    },
    subnet: async (project, ref) => {
      const body = await read(project, ref, "subnet");
      return {
        name: body.name as string,
        dhcp: body.dhcp as boolean,
        dnsServers: body.dnsServers as string[],
      };
    },
    routes: async (project, routerRef) =>
      (await read(project, routerRef, "router")).routes as { destination: string; nexthop: string }[],
    gateway: async (project, routerRef) =>
      (await read(project, routerRef, "router")).externalGateway === true,
    rules: async (project, groupRef) => {
      await read(project, groupRef, "securityGroup");
      const rows = await db.transaction((tx) => listSimChildren(tx, groupRef, "securityRule"));
      return rows.map((row) => ({ ref: row.ref, ...(row.body as Omit<CloudRule, "ref">) }));
    },
    hostGroups: async (project, hostRef) => {
      const ports = await db.transaction((tx) => listSimObjects(tx, project, "port"));
      const groups = ports
        .filter((p) => p.body.deviceRef === hostRef)
        .flatMap((p) => p.body.groups as string[]);
      return [...new Set(groups)].sort();
    },
  },
}));

describe("which network cloud the server uses", () => {
  it("is the simulator without OPENSTACK_* and OpenStack with them", () => {
    expect(createNetworkCloud(loadConfig({}).openstack, { db, clock: t.clock }).name).toBe("simulator");
    const openstack = loadConfig({
      OPENSTACK_AUTH_URL: "http://127.0.0.1:5000/v3",
      OPENSTACK_USERNAME: "skyledger",
      OPENSTACK_PASSWORD: "secret",
      OPENSTACK_PROJECT: "admin",
      OPENSTACK_PUBLIC_NETWORK: "public",
    }).openstack;
    expect(createNetworkCloud(openstack, { db, clock: t.clock }).name).toBe("openstack");
  });
});
