// What Skyledger reads of a Nova server, and how Nova's status and task state map onto the
// provider's states (decision 0020).
import type { ProviderInstance, ProviderState } from "../provider";

export type NovaServer = {
  id: string;
  status: string;
  created: string;
  tags?: string[];
  metadata?: Record<string, string>;
  addresses?: Record<string, { addr: string; version: number }[]>;
  fault?: { message: string; details?: string };
  flavor?: { original_name?: string };
  "OS-EXT-STS:task_state"?: string | null;
  "OS-SRV-USG:launched_at"?: string | null;
  "OS-SRV-USG:terminated_at"?: string | null;
};

/**
 * Nova's task states of the operations the SPI starts: the status alone says ACTIVE until a stop
 * has powered the server off, and a caller polling `get` would read "running" as "stopped already".
 */
const TASK_STATES: Record<string, ProviderState> = {
  "powering-on": "starting",
  "powering-off": "stopping",
  rebooting: "rebooting",
  reboot_pending: "rebooting",
  reboot_started: "rebooting",
  rebooting_hard: "rebooting",
  reboot_pending_hard: "rebooting",
  reboot_started_hard: "rebooting",
  rebuilding: "rebuilding",
  rebuild_block_device_mapping: "rebuilding",
  rebuild_spawning: "rebuilding",
  resize_prep: "resizing",
  resize_migrating: "resizing",
  resize_migrated: "resizing",
  resize_finish: "resizing",
  resize_confirming: "resizing",
  deleting: "deleting",
};

const STATUSES: Record<string, ProviderState> = {
  BUILD: "creating",
  ACTIVE: "running",
  SHUTOFF: "stopped",
  REBOOT: "rebooting",
  HARD_REBOOT: "rebooting",
  REBUILD: "rebuilding",
  RESIZE: "resizing",
  // Skyledger confirms every resize as soon as Nova waits for it (get does).
  VERIFY_RESIZE: "resizing",
  REVERT_RESIZE: "resizing",
  ERROR: "error",
  DELETED: "deleted",
  SOFT_DELETED: "deleted",
};

export function stateOf(server: NovaServer): ProviderState {
  if (server.status === "ERROR") return "error";
  const task = server["OS-EXT-STS:task_state"];
  if (task && TASK_STATES[task]) return TASK_STATES[task];
  // States the SPI has no word for (PAUSED, SUSPENDED, SHELVED, RESCUE…) are set by someone
  // working on the cloud directly: Skyledger reports them as an error a person has to look at.
  return STATUSES[server.status] ?? "error";
}

/** The server's first IPv4 address (its port's fixed IP), once Nova has cached its network. */
export function addressOf(server: NovaServer): string | undefined {
  for (const addresses of Object.values(server.addresses ?? {})) {
    const v4 = addresses.find((a) => a.version === 4);
    if (v4) return v4.addr;
  }
  return undefined;
}

export function instanceOf(ref: string, server: NovaServer): ProviderInstance {
  const state = stateOf(server);
  const address = addressOf(server);
  return {
    ref,
    kind: "host",
    state,
    error:
      state !== "error"
        ? null
        : (server.fault?.message ?? `Nova reports the server ${server.status} (no fault recorded)`),
    ...(address ? { address } : {}),
  };
}
