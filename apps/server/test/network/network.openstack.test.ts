// The network contract against a real OpenStack (Keystone and Neutron of scripts/openstack/start.sh,
// found through .openstack/env or OPENSTACK_ENV_FILE), plus what only a real cloud shows: one
// organisation's project is closed to another's users and to Skyledger's calls made for another
// organisation, the sign-in is renewed before a token expires and when one is refused, the
// cloud's refusals keep Neutron's words, a host's port never takes the gateway address (which
// Neutron would give it), and a wrong password, a cloud that does not answer and
// one that answers too slowly each say so. `npm run test:openstack`.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type CloudRef, NetworkCloudError } from "../../src/providers/network/network-cloud";
import {
  createOpenStackClient,
  type OpenStackConnection,
  type OpenStackRequest,
} from "../../src/providers/network/openstack/openstack-client";
import { clientTag, createOpenStackNetwork } from "../../src/providers/network/openstack/openstack-network";
import { type CloudRule, defineNetworkContract, refusal } from "./network-contract";

const root = path.resolve(import.meta.dirname, "../../../..");

function readEnv(): Record<string, string> {
  const file = process.env.OPENSTACK_ENV_FILE ?? path.join(root, ".openstack/env");
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: start the cloud first (scripts/openstack/install.sh && scripts/openstack/start.sh)`,
    );
  }
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

const env = readEnv();
const conn: OpenStackConnection = {
  authUrl: env.OPENSTACK_AUTH_URL!,
  username: env.OPENSTACK_USERNAME!,
  password: env.OPENSTACK_PASSWORD!,
  project: env.OPENSTACK_PROJECT!,
  domain: env.OPENSTACK_DOMAIN!,
  publicNetwork: "public",
};
const cloud = createOpenStackNetwork(conn);
// The test's own look at the cloud, as Skyledger's user (the same credentials, its own tokens).
const client = createOpenStackClient(conn);
const neutron = <T>(project: CloudRef, request: Omit<OpenStackRequest, "project">) =>
  client.call<T>("network", { ...request, project });
const run = Date.now().toString(36);

type Rule = {
  id: string;
  direction: "ingress" | "egress";
  protocol: "tcp" | "udp" | "icmp" | null;
  port_range_min: number | null;
  port_range_max: number | null;
  remote_ip_prefix: string | null;
  remote_group_id: string | null;
};

const collections = {
  network: "networks",
  subnet: "subnets",
  router: "routers",
  securityGroup: "security-groups",
};

defineNetworkContract("openstack", () => ({
  cloud,
  orgId: (tag) => `contract-${tag}-${run}`,
  async attachHost(project, networkRef, subnetRef) {
    // What Nova does for a server on the subnet: a port owned by the server (compute:<zone>).
    const hostRef = crypto.randomUUID();
    await neutron(project, {
      method: "POST",
      path: "/ports",
      body: {
        port: {
          network_id: networkRef,
          fixed_ips: [{ subnet_id: subnetRef }],
          device_id: hostRef,
          device_owner: "compute:nova",
          name: "contract-host",
        },
      },
    });
    return hostRef;
  },
  async detachHost(project, hostRef) {
    const { ports } = await neutron<{ ports: { id: string }[] }>(project, {
      method: "GET",
      path: "/ports",
      query: [["device_id", hostRef]],
    });
    for (const port of ports) await neutron(project, { method: "DELETE", path: `/ports/${port.id}` });
  },
  look: {
    async exists(project, kind, ref) {
      try {
        await neutron(project, { method: "GET", path: `/${collections[kind]}/${ref}` });
        return true;
      } catch (error) {
        if (error instanceof NetworkCloudError && error.status === 404) return false;
        throw error;
      }
    },
    async subnet(project, ref) {
      const { subnet } = await neutron<{
        subnet: { name: string; enable_dhcp: boolean; dns_nameservers: string[] };
      }>(project, { method: "GET", path: `/subnets/${ref}` });
      return { name: subnet.name, dhcp: subnet.enable_dhcp, dnsServers: subnet.dns_nameservers };
    },
    async routes(project, routerRef) {
      const { router } = await neutron<{ router: { routes: { destination: string; nexthop: string }[] } }>(
        project,
        {
          method: "GET",
          path: `/routers/${routerRef}`,
        },
      );
      return router.routes;
    },
    async gateway(project, routerRef) {
      const { router } = await neutron<{ router: { external_gateway_info: { network_id: string } | null } }>(
        project,
        {
          method: "GET",
          path: `/routers/${routerRef}`,
        },
      );
      return router.external_gateway_info !== null;
    },
    async rules(project, groupRef) {
      const { security_group_rules } = await neutron<{ security_group_rules: Rule[] }>(project, {
        method: "GET",
        path: "/security-group-rules",
        query: [["security_group_id", groupRef]],
      });
      return security_group_rules.map(
        (r): CloudRule => ({
          ref: r.id,
          direction: r.direction,
          protocol: r.protocol ?? "any",
          portMin: r.port_range_min,
          portMax: r.port_range_max,
          remoteCidr: r.remote_ip_prefix,
          remoteGroupRef: r.remote_group_id,
        }),
      );
    },
    async hostGroups(project, hostRef) {
      const { ports } = await neutron<{ ports: { security_groups: string[] }[] }>(project, {
        method: "GET",
        path: "/ports",
        query: [["device_id", hostRef]],
      });
      return ports.flatMap((p) => p.security_groups).sort();
    },
  },
}));

describe("openstack: what only a real cloud shows", () => {
  it("keeps one organisation's network from another organisation's project", async () => {
    const projectA = await cloud.ensureProject({ orgId: `iso-a-${run}`, name: "Tenant A" });
    const projectB = await cloud.ensureProject({ orgId: `iso-b-${run}`, name: "Tenant B" });
    const networkA = await cloud.createNetwork({
      clientToken: crypto.randomUUID(),
      project: projectA,
      name: "a-net",
    });

    // A user of B's project only (the `member` role there), as a tenant's own OpenStack user would be.
    const { domainId } = await client.identity();
    const password = `pw-${crypto.randomUUID()}`;
    const { user } = await client.call<{ user: { id: string } }>("identity", {
      method: "POST",
      path: "/users",
      body: { user: { name: `iso-b-user-${run}`, domain_id: domainId, password } },
    });
    const { roles } = await client.call<{ roles: { id: string }[] }>("identity", {
      method: "GET",
      path: "/roles",
      query: [["name", "member"]],
    });
    await client.call("identity", {
      method: "PUT",
      path: `/projects/${projectB}/users/${user.id}/roles/${roles[0]!.id}`,
    });
    try {
      const userB = createOpenStackClient({ ...conn, username: `iso-b-user-${run}`, password });
      const asB = <T>(request: Omit<OpenStackRequest, "project">) =>
        userB.call<T>("network", { ...request, project: projectB });
      expect((await refusal(asB({ method: "GET", path: `/networks/${networkA}` }))).status).toBe(404);
      const { networks } = await asB<{ networks: { id: string }[] }>({ method: "GET", path: "/networks" });
      expect(networks.map((n) => n.id)).not.toContain(networkA);

      // Skyledger's own calls for organisation B cannot reach A's network either: the delete finds
      // nothing in B's project (and, as every delete of something gone, succeeds), and A's stays.
      await cloud.deleteNetwork(projectB, networkA);
      const { network } = await neutron<{ network: { id: string; project_id: string } }>(projectA, {
        method: "GET",
        path: `/networks/${networkA}`,
      });
      expect(network.project_id).toBe(projectA);
      // B may use the same CIDR as A (overlapping addresses are allowed between projects).
      const networkB = await cloud.createNetwork({
        clientToken: crypto.randomUUID(),
        project: projectB,
        name: "b-net",
      });
      await cloud.deleteNetwork(projectB, networkB);
    } finally {
      await client.call("identity", { method: "DELETE", path: `/users/${user.id}` });
      await cloud.deleteNetwork(projectA, networkA);
    }
  });

  it("tags what it makes with the client token and finds an untagged one by its description", async () => {
    const project = await cloud.ensureProject({ orgId: `tags-${run}`, name: "Tags" });
    const clientToken = crypto.randomUUID();
    const ref = await cloud.createNetwork({ clientToken, project, name: "tagged" });
    const { network } = await neutron<{ network: { tags: string[]; description: string } }>(project, {
      method: "GET",
      path: `/networks/${ref}`,
    });
    expect(network).toMatchObject({ tags: [clientTag(clientToken)], description: clientTag(clientToken) });

    // A crash between the create and the tag: the retry finds the network by its description.
    const crashed = crypto.randomUUID();
    const { network: orphan } = await neutron<{ network: { id: string } }>(project, {
      method: "POST",
      path: "/networks",
      body: { network: { name: "crashed", description: clientTag(crashed) } },
    });
    expect(await cloud.createNetwork({ clientToken: crashed, project, name: "crashed" })).toBe(orphan.id);
    for (const r of [ref, orphan.id]) await cloud.deleteNetwork(project, r);
  });

  it("keeps Neutron's message and status when the cloud refuses", async () => {
    const project = await cloud.ensureProject({ orgId: `refusal-${run}`, name: "Refusal" });
    const networkRef = await cloud.createNetwork({ clientToken: crypto.randomUUID(), project, name: "n" });
    const subnet = {
      project,
      networkRef,
      name: "first",
      cidr: "10.70.0.0/16",
      gatewayIp: null,
      dhcp: false,
      dnsServers: [],
    };
    try {
      await cloud.createSubnet({ ...subnet, clientToken: crypto.randomUUID() });
      const error = await refusal(
        cloud.createSubnet({
          ...subnet,
          clientToken: crypto.randomUUID(),
          name: "overlapping",
          cidr: "10.70.1.0/24",
        }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toMatch(
        /^OpenStack network refused POST \/subnets: .*10\.70\.1\.0\/24.*overlaps/,
      );
    } finally {
      await cloud.deleteNetwork(project, networkRef);
    }
  });

  it("keeps a subnet's gateway address from a host's port, and marks a host's port as Nova would", async () => {
    const project = await cloud.ensureProject({ orgId: `port-${run}`, name: "Port" });
    const networkRef = await cloud.createNetwork({ clientToken: crypto.randomUUID(), project, name: "n" });
    try {
      const subnet = await cloud.createSubnet({
        clientToken: crypto.randomUUID(),
        project,
        networkRef,
        name: "s",
        cidr: "10.71.0.0/24",
        gatewayIp: "10.71.0.254",
        dhcp: false,
        dnsServers: [],
      });
      const base = { project, networkRef, subnetRef: subnet.ref, securityGroupRefs: [], deviceRef: null };
      // Neutron itself would give the gateway address to this port.
      const error = await refusal(
        cloud.createPort({ ...base, clientToken: crypto.randomUUID(), fixedIp: "10.71.0.254" }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/^10\.71\.0\.254 is the gateway address of subnet /);

      const clientToken = crypto.randomUUID();
      const hostRef = crypto.randomUUID();
      const made = await cloud.createPort({ ...base, clientToken, fixedIp: "10.71.0.1", deviceRef: hostRef });
      const { port } = await neutron<{
        port: { device_id: string; device_owner: string; tags: string[]; description: string };
      }>(project, { method: "GET", path: `/ports/${made.ref}` });
      expect(port).toMatchObject({
        device_id: hostRef,
        device_owner: "compute:skyledger",
        tags: [clientTag(clientToken)],
        description: clientTag(clientToken),
      });
      await cloud.deletePort(project, made.ref);
    } finally {
      await cloud.deleteNetwork(project, networkRef);
    }
  });

  it("signs in again once when a cached token is refused", async () => {
    let calls = 0;
    let revoke = false;
    const counting: typeof fetch = async (input, init) => {
      const url = String(input);
      if (url.endsWith("/auth/tokens")) calls++;
      // The first Neutron call after `revoke` carries a token Keystone no longer honours.
      if (revoke && url.includes(":9696/")) {
        revoke = false;
        const headers = new Headers(init?.headers);
        headers.set("x-auth-token", "revoked");
        return fetch(input, { ...init, headers });
      }
      return fetch(input, init);
    };
    const own = createOpenStackNetwork(conn, { fetch: counting });
    const project = await own.ensureProject({ orgId: `renew-${run}`, name: "Renew" });
    const ref = await own.createNetwork({ clientToken: crypto.randomUUID(), project, name: "renew" });
    const before = calls;
    revoke = true;
    await own.deleteNetwork(project, ref);
    expect(calls).toBe(before + 1);
    expect(
      (
        await neutron<{ networks: unknown[] }>(project, {
          method: "GET",
          path: "/networks",
          query: [["id", ref]],
        })
      ).networks,
    ).toEqual([]);
  });

  it("says which external network is missing when a router needs a gateway", async () => {
    const project = await cloud.ensureProject({ orgId: `gateway-${run}`, name: "Gateway" });
    const wrong = createOpenStackNetwork({ ...conn, publicNetwork: "no-such-network" });
    const error = await refusal(
      wrong.createRouter({ clientToken: crypto.randomUUID(), project, name: "r", externalGateway: true }),
    );
    expect(error.message).toBe('OpenStack has no external network "no-such-network"');
  });

  it("signs in again two minutes before its token expires", async () => {
    let signIns = 0;
    let clock = Date.now();
    const counting: typeof fetch = async (input, init) => {
      if (String(input).endsWith("/auth/tokens")) signIns++;
      return fetch(input, init);
    };
    const own = createOpenStackClient(conn, { fetch: counting, now: () => clock });
    const list = () => own.call("network", { method: "GET", path: "/networks", query: [["name", "public"]] });
    await list();
    await list();
    expect(signIns).toBe(1);
    // Keystone's tokens here last an hour: 58 minutes and a second after now (so after it was issued,
    // however long the calls above took on a loaded machine) the cached one is too old.
    clock = Date.now() + 58 * 60_000 + 1000;
    await list();
    expect(signIns).toBe(2);
  });

  it("says why when Keystone refuses the password, when nothing answers, and when an answer never comes", async () => {
    const wrong = createOpenStackNetwork({ ...conn, password: "not-the-password" });
    const refused = await refusal(wrong.ensureProject({ orgId: `wrong-${run}`, name: "Wrong" }));
    expect(refused.status).toBe(401);
    expect(refused.message).toMatch(/^Keystone refused to sign in admin to project admin: /);
    expect(refused.message).not.toContain("not-the-password");

    const down = createOpenStackNetwork({ ...conn, authUrl: "http://127.0.0.1:9/v3" }, { timeoutMs: 2000 });
    const unreachable = await refusal(down.ensureProject({ orgId: `down-${run}`, name: "Down" }));
    expect(unreachable).toMatchObject({ status: null });
    expect(unreachable.message).toMatch(/^OpenStack at 127\.0\.0\.1:9 is unreachable: /);

    // A server that takes the connection and never answers.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    try {
      const slow = createOpenStackNetwork(
        { ...conn, authUrl: `http://127.0.0.1:${port}/v3` },
        { timeoutMs: 500 },
      );
      const timedOut = await refusal(slow.ensureProject({ orgId: `slow-${run}`, name: "Slow" }));
      expect(timedOut.message).toBe(`OpenStack at 127.0.0.1:${port} is unreachable: no answer within 500 ms`);
    } finally {
      silent.close();
    }
  });
});
