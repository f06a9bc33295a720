// The contract every compute provider keeps for hosts on a tenant's subnet: the same cases run
// against the simulator (compute-contract.test.ts, in the normal suite) and against OpenStack Nova
// (compute.openstack.test.ts, `npm run test:openstack`). A host boots on a port made first on its
// subnet, keeps the address asked for, is made once per client token, stops and starts, and takes
// its port with it when deleted, so the subnet can go after it.
import { describe, expect, it } from "vitest";
import type { NetworkCloud } from "../../src/providers/network/network-cloud";
import type { Provider, ProviderInstance, ProviderState } from "../../src/providers/provider";

export type ComputeContractFixture = {
  provider: Provider;
  /** The network SPI the provider makes its ports through (the same cloud). */
  network: NetworkCloud;
  /** A fresh organisation id for one case (a real cloud keeps its projects between runs). */
  orgId(tag: string): string;
  /** A product's flavor and image, as an order sends them. */
  product: { flavorId: string; imageId: string };
  /**
   * Lets the host's operation finish and reads it: the simulator moves its clock, a real cloud is
   * polled until the host is in `state` (null: gone).
   */
  settle(ref: string, state: ProviderState | null): Promise<ProviderInstance | null>;
  /** The reference the network service knows the host by (its ports' device). */
  deviceRefOf(ref: string): string;
};

const token = () => crypto.randomUUID();

export function defineComputeContract(label: string, fixture: () => ComputeContractFixture): void {
  describe(`${label}: the compute contract`, () => {
    it("boots a host on its subnet at the address asked for, once per client token; stops, starts, and deletes it with its port", async () => {
      const fx = fixture();
      const project = await fx.network.ensureProject({ orgId: fx.orgId("host"), name: "Hosts" });
      const networkRef = await fx.network.createNetwork({ clientToken: token(), project, name: "vpc-hosts" });
      const subnet = await fx.network.createSubnet({
        clientToken: token(),
        project,
        networkRef,
        name: "subnet-hosts",
        cidr: "10.60.1.0/24",
        gatewayIp: null,
        dhcp: false,
        dnsServers: [],
      });
      const groupRef = await fx.network.createSecurityGroup({
        clientToken: token(),
        project,
        name: "web",
        description: "web servers",
      });
      const create = {
        clientToken: token(),
        kind: "host" as const,
        name: "contract-host",
        spec: {
          ...fx.product,
          vcpu: 2,
          memoryGb: 4,
          network: {
            project,
            networkRef,
            subnetRef: subnet.ref,
            fixedIp: "10.60.1.23",
            securityGroupRefs: [groupRef],
          },
        },
      };

      const made = await fx.provider.create(create);
      expect(made).toMatchObject({ kind: "host", state: "creating", error: null, address: "10.60.1.23" });
      // A create retried after a crash answers the host the first one made.
      expect((await fx.provider.create(create)).ref).toBe(made.ref);
      expect(await fx.settle(made.ref, "running")).toMatchObject({
        ref: made.ref,
        state: "running",
        error: null,
        address: "10.60.1.23",
      });
      expect(await fx.network.listPorts(project, subnet.ref)).toEqual([
        {
          ref: expect.any(String),
          subnetRef: subnet.ref,
          ip: "10.60.1.23",
          owner: "compute",
          deviceRef: fx.deviceRefOf(made.ref),
        },
      ]);
      // Nothing is charged for a time before the host existed.
      const before = await fx.provider.usage(made.ref, new Date("2020-01-01"), new Date("2020-01-02"));
      expect(before).toEqual({ runningSeconds: 0 });

      const stopping = await fx.provider.act(made.ref, { op: "stop" });
      expect(["stopping", "stopped"]).toContain(stopping.state);
      expect(await fx.settle(made.ref, "stopped")).toMatchObject({ state: "stopped" });
      const starting = await fx.provider.act(made.ref, { op: "start" });
      expect(["starting", "running"]).toContain(starting.state);
      expect(await fx.settle(made.ref, "running")).toMatchObject({ state: "running", address: "10.60.1.23" });

      await fx.provider.delete(made.ref);
      expect(await fx.network.listPorts(project, subnet.ref)).toEqual([]);
      expect(await fx.settle(made.ref, null)).toBeNull();
      // A delete retried (a compensation, a job run twice) succeeds on what is gone.
      await fx.provider.delete(made.ref);
      expect(await fx.provider.get(made.ref)).toBeNull();
      // The subnet, its group and its network can go: the host left nothing on them.
      await fx.network.deleteSecurityGroup(project, groupRef);
      await fx.network.deleteSubnet(project, subnet.ref);
      await fx.network.deleteNetwork(project, networkRef);
    });
  });
}
