// The provider SPI between orders and the cloud (architecture §3 "Provisioning"). It is shaped
// after the asynchronous backends that come next: a call starts an operation and returns at once
// (as Nova, Neutron and Cinder answer 202), and the caller polls `get` until the instance settles.
// `clientToken` makes a create idempotent, so a create retried after a crash never makes two.
// Slurm accounts and limits map to the same calls: create = account with limits, resize = new
// limits, usage = sacct's elapsed core-hours, metrics = sstat.

import type { Tx } from "../platform/db/client";

export type ProviderKind =
  | "host"
  | "disk"
  | "elasticIp"
  | "snapshot"
  | "hpcPool"
  | "aiPlatform"
  | "rds"
  | "cache"
  | "queue"
  | "share"
  | "scalableFile"
  | "bucket"
  | "bareMetal";

/** The states a provider reports; the resource module maps them onto spec §4's resource states. */
export type ProviderState =
  | "creating"
  | "running"
  | "stopped"
  | "available"
  | "in-use"
  | "starting"
  | "stopping"
  | "rebooting"
  | "rebuilding"
  | "resizing"
  | "attaching"
  | "detaching"
  | "rolling_back"
  | "deleting"
  | "deleted"
  | "error";

export type ProviderInstance = {
  ref: string;
  kind: ProviderKind;
  state: ProviderState;
  /** Set when the state is `error`: what the backend said, for the tenant's error log. */
  error: string | null;
  /**
   * Disks: the GB the file systems inside use, when the backend can tell (Cinder cannot; an agent
   * in the guest can). An expansion must leave more than this. Cache instances: the memory their
   * keys took at the last measurement (a smaller plan must hold it).
   */
  usedGb?: number;
  /**
   * The IPv4 address the backend gave it, when it gives one: a host's private address (Nova's
   * fixed IP), an elastic IP's public address (Neutron's floating IP).
   */
  address?: string;
};

export type ProviderAction =
  | { op: "start" }
  | { op: "stop" }
  | { op: "reboot" }
  | { op: "rebuild"; imageId: string }
  | { op: "attach"; hostRef: string }
  | { op: "detach" }
  | { op: "rollback"; snapshotRef: string };

export type MetricPoint = {
  at: Date;
  cpuPercent: number;
  memoryPercent: number;
  diskReadKBps: number;
  diskWriteKBps: number;
  netInKbps: number;
  netOutKbps: number;
};

export type Provider = {
  readonly name: "simulator" | "openstack" | "slurm";
  create(input: {
    clientToken: string;
    kind: ProviderKind;
    name: string;
    spec: Record<string, unknown>;
  }): Promise<ProviderInstance>;
  get(ref: string): Promise<ProviderInstance | null>;
  act(ref: string, action: ProviderAction): Promise<ProviderInstance>;
  resize(ref: string, spec: Record<string, unknown>): Promise<ProviderInstance>;
  delete(ref: string): Promise<void>;
  /** Seconds the instance ran in [from, to): what postpaid metering charges. */
  usage(ref: string, from: Date, to: Date): Promise<{ runningSeconds: number }>;
  /**
   * Monitoring points every `stepSeconds` in [from, to], none before the instance was created (a
   * chart starts when the resource does, not with a flat line before it existed).
   */
  metrics(ref: string, from: Date, to: Date, stepSeconds: number): Promise<MetricPoint[]>;
  /**
   * Optional: whether work still runs on the instance that an unsubscribe would cut off (an HPC
   * pool's pending or running jobs): `jobs`, or `dedicated` when the instance is a dedicated
   * resource; `aiPools` when the instance is the AI development platform and AI pools under it
   * are still subscribed; null when nothing runs. Providers without such work leave it out.
   */
  inUse?(ref: string): Promise<InUse>;
  /**
   * Optional: the same answer read in the unsubscribe's own transaction, the resource row locked,
   * for a provider whose answer is in our database (the AI development platform counts the AI
   * pools; an AI pool's order takes the same lock), so that nothing ordered between `inUse` and
   * the unsubscribe slips past it. Remote providers leave it out: `inUse` is theirs.
   */
  inUseWithin?(tx: Tx, ref: string): Promise<InUse>;
};

/** What `Provider.inUse` reports: spec §8's three unsubscribe messages follow from it. */
export type InUse = "jobs" | "dedicated" | "aiPools" | null;

/** A call the backend refused at once (quota on its side, bad state): the message is kept. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderError";
  }
}

/**
 * A managed service's instance (a database, a cache or message-queue instance, a bucket) as the
 * lifecycle sees it: made at once on its server, available, stopped while its resource is frozen.
 */
export const managedInstance = (ref: string, kind: ProviderKind, frozen: boolean): ProviderInstance => ({
  ref,
  kind,
  state: frozen ? "stopped" : "available",
  error: null,
});

/**
 * Runs `call`, reporting the backend's own refusal (an error of `refusal`'s class) as the provider
 * SPI does, its message kept for the order's error log; anything else goes on up.
 */
export async function refusedAs<T>(
  refusal: abstract new (...args: never[]) => Error,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw err instanceof refusal ? new ProviderError(err.message) : err;
  }
}
