// The built-in provider (architecture §3): it pretends to run machines with realistic delays, all
// read from the injected clock, so a test moves time instead of waiting. An operation sets the
// state it shows now and the state it settles into; `get` settles it once its time has come.
// Faults armed by an operator make the next operations of a kind fail, as a real cloud sometimes does.
import { createHash } from "node:crypto";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { newId } from "../../platform/ids";
import { refusedAsProvider } from "../cloud-refusal";
import type { NetworkCloud, PortCreate } from "../network/network-cloud";
import {
  type MetricPoint,
  type Provider,
  type ProviderAction,
  ProviderError,
  type ProviderInstance,
  type ProviderKind,
  type ProviderState,
} from "../provider";
import {
  armFault,
  findInstance,
  findInstanceByToken,
  findLiveInstance,
  insertInstance,
  listArmedFaults,
  markInstanceDeleted,
  type SimInstanceRow,
  takeFault,
  updateInstance,
} from "./simulator.repo";

/** Seconds each operation takes, roughly what a small OpenStack cloud takes. */
export const SIMULATOR_DELAYS = {
  // A bare-metal server takes longest: power on, PXE boot, the image written to its disks, a reboot.
  create: { host: 40, disk: 10, elasticIp: 5, snapshot: 20, share: 15, scalableFile: 15, bareMetal: 480 },
  start: 10,
  stop: 10,
  reboot: 15,
  rebuild: 45,
  resize: 30,
  attach: 5,
  detach: 5,
  rollback: 30,
} as const;

export type FaultOperation = "create" | "resize" | "delete" | "act";

type Row = SimInstanceRow;

/** The cloud kinds this simulator makes; HPC pools live on a (simulated) cluster (providers/hpc). */
type CloudKind = Exclude<ProviderKind, "hpcPool" | "aiPlatform" | "rds" | "cache" | "queue" | "bucket">;

const SETTLED_STATE: Record<CloudKind, ProviderState> = {
  host: "running",
  bareMetal: "running",
  disk: "available",
  elasticIp: "available",
  snapshot: "available",
  share: "available",
  scalableFile: "available",
};

// A simulated disk reports a used capacity only when its instance records one, as a disk whose
// guest runs no agent reports none. A simulated file share always reports one: what its instance
// records, 0 until set (decision 0025: deterministic, set by tests and drills, never random).
const toInstance = (row: Row): ProviderInstance => ({
  ref: row.id,
  kind: row.kind as ProviderKind,
  state: row.state as ProviderState,
  error: row.state === "error" ? row.failure : null,
  ...(row.kind === "disk" && typeof row.spec.usedGb === "number" ? { usedGb: row.spec.usedGb } : {}),
  ...(row.kind === "share" || row.kind === "scalableFile"
    ? { usedGb: typeof row.spec.usedGb === "number" ? row.spec.usedGb : 0 }
    : {}),
  ...(row.address ? { address: row.address } : {}),
});

/**
 * The address a new instance is given, fixed by its client token (a retried create gets the same):
 * a host a private address in 10.0.0.0/8, as a tenant network hands out; an elastic IP a public one
 * in 198.18.0.0/15, the range set aside for tests (RFC 2544), so it can never be someone's real
 * address. Other kinds have none. Like two tenant networks of a real cloud, two hosts may be given
 * the same private address; the public range is large enough that a demo never sees a repeat.
 */
export function simulatedAddress(kind: ProviderKind, clientToken: string): string | null {
  const h = createHash("sha256").update(`address:${clientToken}`).digest();
  // The last octet avoids 0 (the network) and 255 (broadcast) of a /24.
  const last = 1 + (h[2]! % 254);
  if (kind === "host" || kind === "bareMetal") return `10.${h[0]}.${h[1]}.${last}`;
  if (kind === "elasticIp") return `198.${18 + (h[0]! % 2)}.${h[1]}.${last}`;
  // A file share's server, in the private range 172.16.0.0/12 as a cloud's file service hands out.
  if (kind === "share" || kind === "scalableFile") return `172.${16 + (h[0]! % 16)}.${h[1]}.${last}`;
  return null;
}

/** A number in [0, 1) fixed by the instance and the minute, so a chart is the same on every read. */
function noise(ref: string, bucket: number, salt: string): number {
  const h = createHash("sha256").update(`${ref}:${bucket}:${salt}`).digest();
  return h.readUInt32BE(0) / 2 ** 32;
}

/** A host's network as provisioning sends it (network/host-placement.ts): the cloud's references. */
type HostCloudNetwork = Omit<PortCreate, "clientToken" | "deviceRef">;

const hostNetworkOf = (spec: Record<string, unknown>): HostCloudNetwork | null => {
  const network = spec.network as Partial<HostCloudNetwork> | undefined;
  return network?.project && network.subnetRef ? (network as HostCloudNetwork) : null;
};

/** Where the simulator keeps a host's port (not under `network`, which a resize's spec replaces). */
type PortKept = { project: string; ref: string };

export function createSimulatorProvider(deps: {
  db: Db;
  clock: Clock;
  speedPercent?: number;
  /**
   * The network service a host chosen onto a subnet gets its port from (the simulated one, or
   * Neutron: a simulated host then holds a real port and address).
   */
  network?: Pick<NetworkCloud, "createPort" | "deletePort">;
}): Provider & {
  /** Arms a fault in `tx`, so the operator's audit row of it commits with it. */
  armFault(tx: Tx, operation: FaultOperation, count: number, message: string): Promise<void>;
  faults(): Promise<{ operation: string; remaining: number; message: string }[]>;
} {
  const { db, clock } = deps;
  const speed = deps.speedPercent ?? 100;
  const later = (seconds: number) => new Date(clock.now().getTime() + Math.round(seconds * speed * 10));

  /** Takes one armed fault of the operation, if any: its message. */
  const fault = (operation: FaultOperation) => takeFault(db, operation);

  async function settled(ref: string): Promise<Row | null> {
    const row = await findLiveInstance(db, ref);
    if (!row) return null;
    if (row.state === row.targetState || row.settlesAt > clock.now()) return row;
    return (await updateInstance(db, ref, { state: row.targetState })) ?? row;
  }

  /** Starts an operation on a settled instance: shows `during`, settles into `after`. */
  async function operate(
    ref: string,
    allowed: ProviderState[],
    during: ProviderState,
    after: ProviderState,
    seconds: number,
  ) {
    const row = await settled(ref);
    if (!row) throw new ProviderError(`instance ${ref} not found`);
    if (row.state !== row.targetState) throw new ProviderError(`instance ${ref} is busy (${row.state})`);
    if (!allowed.includes(row.state as ProviderState)) {
      throw new ProviderError(`instance ${ref} cannot do this while ${row.state}`);
    }
    const updated = await updateInstance(db, ref, {
      state: during,
      targetState: after,
      settlesAt: later(seconds),
    });
    return toInstance(updated!);
  }

  return {
    name: "simulator",

    async create({ clientToken, kind, spec }) {
      const existing = await findInstanceByToken(db, clientToken);
      if (existing) return toInstance(existing);
      if (
        kind === "hpcPool" ||
        kind === "aiPlatform" ||
        kind === "rds" ||
        kind === "cache" ||
        kind === "queue" ||
        kind === "bucket"
      )
        throw new ProviderError(`${kind} is provisioned by its own module's provider`);
      const failure = await fault("create");
      const now = clock.now();
      const id = `sim-${newId()}`;
      // A host on a subnet boots on a port made first, as Nova boots on a Neutron port; its
      // address is the port's. The port's token is the host's, so a retried create reuses it.
      const network = kind === "host" && !failure ? hostNetworkOf(spec) : null;
      let port: { kept: PortKept; ip: string } | null = null;
      if (network) {
        if (!deps.network) throw new ProviderError("no network service to put the host on its subnet");
        const made = await refusedAsProvider(
          deps.network.createPort({ ...network, clientToken: `port:${clientToken}`, deviceRef: id }),
        );
        port = { kept: { project: network.project, ref: made.ref }, ip: made.ip };
      }
      const row = await insertInstance(db, {
        id,
        clientToken,
        kind,
        spec: port ? { ...spec, port: port.kept } : spec,
        state: "creating",
        targetState: failure ? "error" : SETTLED_STATE[kind],
        settlesAt: later(SIMULATOR_DELAYS.create[kind]),
        failure: failure
          ? `${now.toISOString()} create ${kind}: scheduling\n${later(SIMULATOR_DELAYS.create[kind]).toISOString()} ERROR ${failure}`
          : null,
        address: failure ? null : (port?.ip ?? simulatedAddress(kind, clientToken)),
        createdAt: now,
      });
      if (row) return toInstance(row);
      // A concurrent create with the same token won the insert: answer its instance.
      const winner = await findInstanceByToken(db, clientToken);
      return toInstance(winner!);
    },

    async get(ref) {
      const row = await settled(ref);
      return row ? toInstance(row) : null;
    },

    async act(ref, action: ProviderAction) {
      const failure = await fault("act");
      if (failure) throw new ProviderError(failure);
      switch (action.op) {
        case "start":
          return operate(ref, ["stopped"], "starting", "running", SIMULATOR_DELAYS.start);
        case "stop":
          return operate(ref, ["running"], "stopping", "stopped", SIMULATOR_DELAYS.stop);
        case "reboot":
          return operate(ref, ["running"], "rebooting", "running", SIMULATOR_DELAYS.reboot);
        case "rebuild":
          return operate(ref, ["running", "stopped"], "rebuilding", "running", SIMULATOR_DELAYS.rebuild);
        case "attach":
          return operate(ref, ["available"], "attaching", "in-use", SIMULATOR_DELAYS.attach);
        case "detach":
          return operate(ref, ["in-use"], "detaching", "available", SIMULATOR_DELAYS.detach);
        case "rollback":
          return operate(ref, ["stopped"], "rolling_back", "stopped", SIMULATOR_DELAYS.rollback);
      }
    },

    async resize(ref, spec) {
      const failure = await fault("resize");
      if (failure) throw new ProviderError(failure);
      const row = await settled(ref);
      if (!row) throw new ProviderError(`instance ${ref} not found`);
      const back = row.state as ProviderState;
      const started = await operate(
        ref,
        ["running", "stopped", "available", "in-use"],
        "resizing",
        back,
        SIMULATOR_DELAYS.resize,
      );
      await updateInstance(db, ref, { spec: { ...row.spec, ...spec } });
      return started;
    },

    async delete(ref) {
      const failure = await fault("delete");
      if (failure) throw new ProviderError(failure);
      // Deleting what is already gone succeeds, so a compensation can always run twice.
      const port = (await findInstance(db, ref))?.spec.port as PortKept | undefined;
      if (port && deps.network) await refusedAsProvider(deps.network.deletePort(port.project, port.ref));
      await markInstanceDeleted(db, ref, clock.now());
    },

    async usage(ref, from, to) {
      const row = await findInstance(db, ref);
      if (!row || row.failure) return { runningSeconds: 0 };
      // Billed from the moment it was created until it is deleted, stopped or not (a stopped host
      // keeps its reserved CPU, memory and disk), as the clouds it stands for bill.
      const start = Math.max(from.getTime(), row.createdAt.getTime());
      const end = Math.min(to.getTime(), row.deletedAt?.getTime() ?? Number.POSITIVE_INFINITY);
      return { runningSeconds: Math.max(0, Math.floor((end - start) / 1000)) };
    },

    async metrics(ref, from, to, stepSeconds) {
      const row = await findInstance(db, ref);
      if (!row) return [];
      const points: MetricPoint[] = [];
      const phase = noise(ref, 0, "phase") * Math.PI * 2;
      const base = 15 + noise(ref, 0, "base") * 35;
      const step = stepSeconds * 1000;
      // The series starts at the first step at or after the instance's creation: nothing before it.
      const created = row.createdAt.getTime();
      const first = from.getTime() + Math.max(0, Math.ceil((created - from.getTime()) / step)) * step;
      for (let t = first; t <= to.getTime(); t += step) {
        const alive = row.deletedAt === null || t < row.deletedAt.getTime();
        const bucket = Math.floor(t / step);
        const wave = Math.sin((t / 3_600_000) * ((Math.PI * 2) / 24) + phase);
        const r = (salt: string) => noise(ref, bucket, salt);
        const round = (n: number) => Math.round(n * 100) / 100;
        points.push(
          alive && row.kind === "host"
            ? {
                at: new Date(t),
                cpuPercent: round(Math.min(100, Math.max(0, base + 20 * wave + 10 * r("cpu")))),
                memoryPercent: round(Math.min(100, 35 + 10 * wave + 5 * r("mem"))),
                diskReadKBps: round(200 + 800 * r("dr")),
                diskWriteKBps: round(100 + 600 * r("dw")),
                netInKbps: round(Math.max(0, 500 + 400 * wave + 300 * r("ni"))),
                netOutKbps: round(Math.max(0, 300 + 250 * wave + 200 * r("no"))),
              }
            : {
                at: new Date(t),
                cpuPercent: 0,
                memoryPercent: 0,
                diskReadKBps: 0,
                diskWriteKBps: 0,
                netInKbps: 0,
                netOutKbps: 0,
              },
        );
      }
      return points;
    },

    async armFault(tx, operation, count, message) {
      await armFault(tx, { operation, remaining: count, message, createdAt: clock.now() });
    },

    faults: () => listArmedFaults(db),
  };
}
