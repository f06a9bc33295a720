// The compute contract against OpenStack Nova (scripts/openstack/start.sh, found through
// .openstack/env or OPENSTACK_ENV_FILE), plus what only Nova shows: an ERROR server reports Nova's
// fault, a deleted server's running time is still answered, and what Nova does not serve is
// refused before anything is made. The one suite that waits in real time: it polls a real cloud.
// `npm run test:openstack`.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createOpenStackCompute, NOVA_REF_PREFIX } from "../../src/providers/compute/openstack-compute";
import { createOpenStackClient } from "../../src/providers/network/openstack/openstack-client";
import { createOpenStackNetwork } from "../../src/providers/network/openstack/openstack-network";
import { ProviderError, type ProviderInstance, type ProviderState } from "../../src/providers/provider";
import { openStackConnection } from "../support/openstack-env";
import { defineComputeContract } from "./compute-contract";

const conn = openStackConnection();
const network = createOpenStackNetwork(conn);
const provider = createOpenStackCompute(conn, { network });
const run = Date.now().toString(36);
const serverIdOf = (ref: string) => ref.split(":").at(-1)!;

/** Polls `get` until the host is in `state` (null: gone); what it last saw if it never is. */
async function settle(ref: string, state: ProviderState | null): Promise<ProviderInstance | null> {
  let seen: ProviderInstance | null = null;
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(500)) {
    seen = await provider.get(ref);
    if (state === null ? seen === null : seen?.state === state) return seen;
    if (seen?.state === "error") return seen;
  }
  return seen;
}

defineComputeContract("openstack", () => ({
  provider,
  network,
  orgId: (tag) => `compute-${tag}-${run}`,
  product: { flavorId: "c2m4", imageId: "ubuntu-22.04" },
  settle,
  // Nova binds the port to the server's own id.
  deviceRefOf: serverIdOf,
}));

async function refusal(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

async function subnetOf(tag: string, cidr: string) {
  const project = await network.ensureProject({ orgId: `compute-${tag}-${run}`, name: tag });
  const networkRef = await network.createNetwork({ clientToken: crypto.randomUUID(), project, name: tag });
  const subnet = await network.createSubnet({
    clientToken: crypto.randomUUID(),
    project,
    networkRef,
    name: tag,
    cidr,
    gatewayIp: null,
    dhcp: false,
    dnsServers: [],
  });
  const hostNetwork = { project, networkRef, subnetRef: subnet.ref, fixedIp: null, securityGroupRefs: [] };
  const cleanUp = async () => {
    await network.deleteSubnet(project, subnet.ref);
    await network.deleteNetwork(project, networkRef);
  };
  return { project, subnet, hostNetwork, cleanUp };
}

describe("openstack: what only Nova shows", () => {
  it("refuses a host without a network, the kinds it does not serve and a disk's operations, making nothing", async () => {
    const host = {
      clientToken: crypto.randomUUID(),
      name: "h",
      spec: { flavorId: "c2m4", imageId: "ubuntu-22.04" },
    };
    expect((await refusal(provider.create({ ...host, kind: "host" }))).message).toBe(
      "a host on OpenStack needs a network",
    );
    expect((await refusal(provider.create({ ...host, kind: "disk" }))).message).toBe(
      "disk is not served by Nova yet",
    );
    const { project, hostNetwork, cleanUp } = await subnetOf("refuse", "10.61.1.0/24");
    try {
      const noImage = {
        ...host,
        kind: "host" as const,
        spec: { ...host.spec, imageId: "no-such-image", network: hostNetwork },
      };
      expect((await refusal(provider.create(noImage))).message).toBe(
        'OpenStack has no image "no-such-image"',
      );
      // Nova's own refusal: the port made for the server goes again, its address free.
      const noFlavor = {
        ...noImage,
        spec: { ...noImage.spec, imageId: "ubuntu-22.04", flavorId: "no-such-flavor" },
      };
      expect((await refusal(provider.create(noFlavor))).message).toMatch(
        /^OpenStack compute refused POST \/servers: Flavor no-such-flavor could not be found/,
      );
      expect(await network.listPorts(project, hostNetwork.subnetRef)).toEqual([]);
      expect((await refusal(provider.act(`${NOVA_REF_PREFIX}${project}:x`, { op: "detach" }))).message).toBe(
        "a Nova server cannot detach",
      );
    } finally {
      await cleanUp();
    }
  });

  it("reports Nova's fault when a server cannot be placed, and charges no time for it", async () => {
    // A flavor with more disk than the fake hypervisor's 600000 GB (and within the project's
    // quotas, which Nova checks first): the scheduler finds no host.
    const admin = createOpenStackClient(conn);
    const flavorId = `too-big-${run}`;
    await admin.call("compute", {
      method: "POST",
      path: "/flavors",
      body: { flavor: { id: flavorId, name: flavorId, vcpus: 1, ram: 64, disk: 700000 } },
    });
    const { project, hostNetwork, cleanUp } = await subnetOf("fault", "10.62.1.0/24");
    try {
      const made = await provider.create({
        clientToken: crypto.randomUUID(),
        kind: "host",
        name: "too-big",
        spec: { flavorId, imageId: "ubuntu-22.04", network: hostNetwork },
      });
      const failed = await settle(made.ref, "error");
      expect(failed).toMatchObject({ state: "error", error: expect.stringMatching(/No valid host/) });
      expect(await provider.usage(made.ref, new Date(Date.now() - 3_600_000), new Date())).toEqual({
        runningSeconds: 0,
      });
      await provider.delete(made.ref);
      expect(await network.listPorts(project, hostNetwork.subnetRef)).toEqual([]);
      await settle(made.ref, null);
    } finally {
      await admin.call("compute", { method: "DELETE", path: `/flavors/${flavorId}` });
      await cleanUp();
    }
  });

  it("answers a host's running time from its creation, also once it is deleted", async () => {
    const { project, hostNetwork, cleanUp } = await subnetOf("usage", "10.63.1.0/24");
    try {
      const from = new Date(Date.now() - 60_000);
      const made = await provider.create({
        clientToken: crypto.randomUUID(),
        kind: "host",
        name: "metered",
        spec: { flavorId: "c2m4", imageId: "ubuntu-22.04", network: hostNetwork },
      });
      expect(await settle(made.ref, "running")).toMatchObject({ state: "running" });
      await sleep(2000);
      const live = await provider.usage(made.ref, from, new Date(Date.now() + 3_600_000));
      // Until the end of the window: it runs on.
      expect(live.runningSeconds).toBeGreaterThan(3500);
      await provider.delete(made.ref);
      await settle(made.ref, null);
      const to = new Date(Date.now() + 3_600_000);
      const { runningSeconds } = await provider.usage(made.ref, from, to);
      // From its creation until Nova terminated it: seconds, not the hour left in the window.
      expect(runningSeconds).toBeGreaterThanOrEqual(2);
      expect(runningSeconds).toBeLessThan(120);
      expect(await provider.metrics(made.ref, from, to, 60)).toEqual([]);
      expect(await network.listPorts(project, hostNetwork.subnetRef)).toEqual([]);
    } finally {
      await cleanUp();
    }
  });

  it("reboots a host and rebuilds it from another image, at the same address", async () => {
    const { project, hostNetwork, cleanUp } = await subnetOf("rebuild", "10.65.1.0/24");
    try {
      const made = await provider.create({
        clientToken: crypto.randomUUID(),
        kind: "host",
        name: "rebuilt",
        spec: {
          flavorId: "c2m4",
          imageId: "ubuntu-22.04",
          network: { ...hostNetwork, fixedIp: "10.65.1.40" },
        },
      });
      expect(await settle(made.ref, "running")).toMatchObject({ state: "running" });
      expect(["rebooting", "running"]).toContain((await provider.act(made.ref, { op: "reboot" })).state);
      expect(await settle(made.ref, "running")).toMatchObject({ state: "running" });
      const rebuilding = await provider.act(made.ref, { op: "rebuild", imageId: "centos-7.9" });
      expect(["rebuilding", "running"]).toContain(rebuilding.state);
      expect(await settle(made.ref, "running")).toMatchObject({ state: "running", address: "10.65.1.40" });
      const { images } = await createOpenStackClient(conn).call<{ images: { id: string }[] }>("image", {
        method: "GET",
        path: "/v2/images",
        query: [["name", "centos-7.9"]],
      });
      const { server } = await createOpenStackClient(conn).call<{ server: { image: { id: string } } }>(
        "compute",
        { method: "GET", path: `/servers/${serverIdOf(made.ref)}`, project },
      );
      expect(server.image.id).toBe(images[0]!.id);
      await provider.delete(made.ref);
      await settle(made.ref, null);
    } finally {
      await cleanUp();
    }
  });
});
