// Hosts on OpenStack Nova (issue 15, decision 0020), through the same Keystone client as the
// network SPI: every call is made with a token scoped to the organisation's project, so Nova itself
// keeps one organisation's servers from another's calls.
//
// A host boots on a port made first through the network SPI (as the simulator's hosts do), so its
// subnet, fixed address and security groups are Neutron's before Nova sees the server. The
// reference names the project and the server (`nova:<project>:<server>`): every later call needs
// the project's token, and the prefix lets a kind router send those calls here. Creates are
// idempotent by a server tag carrying the client token, set in the create call itself (microversion
// 2.52), so no crash leaves an untagged server a retry would miss.
import { refusedAsProvider } from "../cloud-refusal";
import { NetworkCloudError, type PortCreate } from "../network/network-cloud";
import {
  createOpenStackClient,
  type OpenStackConnection,
  type OpenStackRequest,
} from "../network/openstack/openstack-client";
import { clientTag } from "../network/openstack/openstack-network";
import { type Provider, type ProviderAction, ProviderError, type ProviderInstance } from "../provider";
import { instanceOf, type NovaServer } from "./nova-server";

/** The prefix of every reference this provider gives. */
export const NOVA_REF_PREFIX = "nova:";

// 2.52: tags in the create call. Pinned, so that what Nova answers does not change under us.
const MICROVERSION = "compute 2.52";
/** The server metadata key holding the host's port: the server is how the port is found again. */
const PORT_KEY = "skyledger_port";

/** A host's network as provisioning sends it (modules/network/host-placement.ts `cloudSpecOf`). */
type HostNetwork = Omit<PortCreate, "clientToken" | "deviceRef">;

const hostNetworkOf = (spec: Record<string, unknown>): HostNetwork | null => {
  const network = spec.network as Partial<HostNetwork> | undefined;
  return network?.project && network.networkRef && network.subnetRef ? (network as HostNetwork) : null;
};

const textOf = (spec: Record<string, unknown>, key: string): string => {
  const value = spec[key];
  if (typeof value !== "string" || value === "")
    throw new ProviderError(`a host on OpenStack needs a ${key}`);
  return value;
};

function parseRef(ref: string): { project: string; server: string } {
  const [project, server] = ref.slice(NOVA_REF_PREFIX.length).split(":");
  if (!ref.startsWith(NOVA_REF_PREFIX) || !project || !server)
    throw new ProviderError(`${ref} is not a Nova server's reference`);
  return { project, server };
}

const isGone = (error: unknown) => error instanceof NetworkCloudError && error.status === 404;

export function createOpenStackCompute(
  conn: OpenStackConnection,
  deps: {
    /** The network SPI the host's port is made and deleted through (Neutron, in production). */
    network: {
      createPort(input: PortCreate): Promise<{ ref: string; ip: string }>;
      deletePort(project: string, ref: string): Promise<void>;
    };
    timeoutMs?: number;
    fetch?: typeof fetch;
  },
): Provider {
  const client = createOpenStackClient(conn, { timeoutMs: deps.timeoutMs, fetch: deps.fetch });
  const nova = <T>(project: string, request: Omit<OpenStackRequest, "project" | "headers">) =>
    client.call<T>("compute", { ...request, project, headers: { "openstack-api-version": MICROVERSION } });

  async function show(project: string, server: string): Promise<NovaServer | null> {
    try {
      return (await nova<{ server: NovaServer }>(project, { method: "GET", path: `/servers/${server}` }))
        .server;
    } catch (error) {
      if (isGone(error)) return null;
      throw new ProviderError((error as Error).message);
    }
  }

  const action = (project: string, server: string, body: Record<string, unknown>) =>
    refusedAsProvider(nova(project, { method: "POST", path: `/servers/${server}/action`, body }));

  /** The Glance image a product's image id names (decision 0020: the image's name). */
  const images = new Map<string, Promise<string>>();
  function imageRef(project: string, name: string): Promise<string> {
    let found = images.get(name);
    if (!found) {
      found = refusedAsProvider(
        client.call<{ images: { id: string }[] }>("image", {
          method: "GET",
          path: "/v2/images",
          project,
          query: [
            ["name", name],
            ["status", "active"],
          ],
        }),
      ).then(({ images: [image] }) => {
        if (!image) throw new ProviderError(`OpenStack has no image "${name}"`);
        return image.id;
      });
      images.set(name, found);
      // A refusal is not remembered: the image may be uploaded later.
      found.catch(() => images.delete(name));
    }
    return found;
  }

  /** A server deleted after `since`: Nova lists deleted servers only to a changes-since query. */
  async function deletedServer(project: string, server: string, since: Date): Promise<NovaServer | null> {
    let marker: string | null = null;
    for (;;) {
      const query: [string, string][] = [
        ["changes-since", since.toISOString()],
        ["limit", "200"],
      ];
      if (marker) query.push(["marker", marker]);
      const { servers } = await refusedAsProvider(
        nova<{ servers: NovaServer[] }>(project, { method: "GET", path: "/servers/detail", query }),
      );
      const match = servers.find((s) => s.id === server);
      if (match) return match;
      if (servers.length < 200) return null;
      marker = servers.at(-1)!.id;
    }
  }

  async function get(ref: string): Promise<ProviderInstance | null> {
    const { project, server: id } = parseRef(ref);
    const server = await show(project, id);
    if (!server || server.status === "DELETED" || server.status === "SOFT_DELETED") return null;
    // Nova holds a resized server for a confirmation (or a revert); Skyledger's resize is final.
    if (server.status === "VERIFY_RESIZE") {
      await action(project, id, { confirmResize: null });
      return get(ref);
    }
    return instanceOf(ref, server);
  }

  async function settledAfter(ref: string): Promise<ProviderInstance> {
    const instance = await get(ref);
    if (!instance) throw new ProviderError(`server ${ref} is gone`);
    return instance;
  }

  return {
    name: "openstack",

    async create({ clientToken, kind, name, spec }) {
      if (kind !== "host") throw new ProviderError(`${kind} is not served by Nova yet`);
      const network = hostNetworkOf(spec);
      if (!network) throw new ProviderError("a host on OpenStack needs a network");
      const { project } = network;
      const tag = clientTag(clientToken);
      const { servers } = await refusedAsProvider(
        nova<{ servers: NovaServer[] }>(project, {
          method: "GET",
          path: "/servers/detail",
          query: [["tags", tag]],
        }),
      );
      if (servers[0]) return instanceOf(`${NOVA_REF_PREFIX}${project}:${servers[0].id}`, servers[0]);

      const flavorRef = textOf(spec, "flavorId");
      const image = await imageRef(project, textOf(spec, "imageId"));
      // The port's client token is the host's: a create retried after a crash reuses it.
      const port = await refusedAsProvider(
        deps.network.createPort({ ...network, clientToken: `port:${clientToken}`, deviceRef: null }),
      );
      const booting = nova<{ server: { id: string } }>(project, {
        method: "POST",
        path: "/servers",
        body: {
          server: {
            name,
            imageRef: image,
            // A product's flavor id is the Nova flavor's id (scripts/openstack/bootstrap.mjs).
            flavorRef,
            networks: [{ port: port.ref }],
            tags: [tag],
            metadata: { [PORT_KEY]: port.ref },
          },
        },
      });
      const server = await booting.then(
        (answer) => answer.server,
        async (error: unknown) => {
          // Nova refused (its quota, an unknown flavor): no server holds the port, which would
          // otherwise keep its address taken. A create that never got an answer keeps it: the
          // server may exist, and a retry finds both.
          if (error instanceof NetworkCloudError && error.status !== null)
            await deps.network.deletePort(project, port.ref).catch(() => undefined);
          return refusedAsProvider(Promise.reject(error));
        },
      );
      return {
        ref: `${NOVA_REF_PREFIX}${project}:${server.id}`,
        kind: "host",
        state: "creating",
        error: null,
        address: port.ip,
      };
    },

    get,

    async act(ref, op: ProviderAction) {
      const { project, server } = parseRef(ref);
      switch (op.op) {
        case "start":
          await action(project, server, { "os-start": null });
          break;
        case "stop":
          await action(project, server, { "os-stop": null });
          break;
        case "reboot":
          await action(project, server, { reboot: { type: "SOFT" } });
          break;
        case "rebuild":
          await action(project, server, { rebuild: { imageRef: await imageRef(project, op.imageId) } });
          break;
        default:
          throw new ProviderError(`a Nova server cannot ${op.op}`);
      }
      return settledAfter(ref);
    },

    async resize(ref, spec) {
      const { project, server: id } = parseRef(ref);
      const flavorRef = textOf(spec, "flavorId");
      const server = await show(project, id);
      if (!server) throw new ProviderError(`server ${ref} is gone`);
      // Nova refuses a resize to the flavor a server has; a resize put back after a failed
      // change asks for exactly that, and there is nothing to do.
      if (server.flavor?.original_name !== flavorRef) await action(project, id, { resize: { flavorRef } });
      return settledAfter(ref);
    },

    async delete(ref) {
      const { project, server: id } = parseRef(ref);
      const server = await show(project, id);
      if (!server) return;
      // The port goes first: Nova leaves a port it did not make (only unbinds it), and the server's
      // metadata is the one place its id is kept, so a delete retried after a crash between the
      // two still finds it. Neutron lets a server's port go while the server runs.
      const port = server.metadata?.[PORT_KEY];
      if (port) await refusedAsProvider(deps.network.deletePort(project, port));
      try {
        await nova(project, { method: "DELETE", path: `/servers/${id}` });
      } catch (error) {
        if (!isGone(error)) throw new ProviderError((error as Error).message);
      }
    },

    async usage(ref, from, to) {
      const { project, server: id } = parseRef(ref);
      const server = (await show(project, id)) ?? (await deletedServer(project, id, from));
      // A server that never became ACTIVE ran nothing and is not charged (as the simulator's
      // failed creates are not).
      if (!server?.["OS-SRV-USG:launched_at"]) return { runningSeconds: 0 };
      // Charged from its creation until its deletion, stopped or not: a stopped server keeps its
      // CPU, memory and disk reserved on the compute host (placement still holds its allocation).
      const start = Math.max(from.getTime(), Date.parse(`${server.created}`));
      const terminated = server["OS-SRV-USG:terminated_at"];
      const end = Math.min(
        to.getTime(),
        terminated ? Date.parse(`${terminated}Z`) : Number.POSITIVE_INFINITY,
      );
      return { runningSeconds: Math.max(0, Math.floor((end - start) / 1000)) };
    },

    // Nova's fake driver runs no guest and reports no diagnostics; on a real hypervisor the
    // monitoring page reads the guest's node exporter through Prometheus (decision 0019), not
    // Nova. So Nova gives no points, and the page says where its numbers come from.
    metrics: async () => [],
  };
}
