// Picks the implementation of the network SPI: OpenStack when the server is configured with one
// (OPENSTACK_*), the embedded simulator otherwise.
import type { Clock } from "../../platform/clock";
import type { OpenStackConfig } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import type { NetworkCloud } from "./network-cloud";
import { createOpenStackNetwork } from "./openstack/openstack-network";
import { createSimulatorNetwork } from "./simulator-network";

export function createNetworkCloud(
  openstack: OpenStackConfig | undefined,
  deps: { db: Db; clock: Clock; timeoutMs?: number; fetch?: typeof fetch },
): NetworkCloud {
  if (!openstack) return createSimulatorNetwork(deps);
  // Token expiry is Keystone's wall-clock time, not the server's clock (which a sandbox may have
  // moved, CLOCK_START_AT): the client compares it with the real time.
  return createOpenStackNetwork(openstack, { timeoutMs: deps.timeoutMs, fetch: deps.fetch });
}
