// HPC and AI computing pools on Slurm clusters (issue 14): the clusters an operator registers, the
// tenants' pools (one Slurm account each, under the cluster's parent account), their members and
// the jobs the cluster reports, and the public landing of an HPC product (`/apply/{id}`).
import { z } from "zod";
import { RESOURCE_STATUSES } from "../statuses";
import { pageQuery } from "./common";
import { TERMINAL_TICKET_SECONDS } from "./terminal";

export const HPC_BACKENDS = ["simulator", "slurm"] as const;
export type HpcBackend = (typeof HPC_BACKENDS)[number];
/** Shared pools are rated by the core-hour (and GPU-hour); dedicated ones are sold by the node. */
export const HPC_POOL_TYPES = ["hpcShared", "hpcDedicated", "aiShared", "aiDedicated"] as const;
export type HpcPoolType = (typeof HPC_POOL_TYPES)[number];
export const HPC_SHARED_POOL_TYPES: readonly HpcPoolType[] = ["hpcShared", "aiShared"];
/** Dedicated pools: whole nodes reserved for the tenant's account, activated by an operator. */
export const HPC_DEDICATED_POOL_TYPES: readonly HpcPoolType[] = ["hpcDedicated", "aiDedicated"];
/** Why new submissions are held (association MaxSubmitJobs=0); null when the pool takes jobs. */
export const HPC_HOLD_REASONS = ["arrears", "packageExhausted", "frozen"] as const;
export type HpcHoldReason = (typeof HPC_HOLD_REASONS)[number];
export const HPC_SECRET_KINDS = ["signingKey", "token"] as const;
export const HPC_JOB_STATES = ["pending", "running", "completed", "failed", "cancelled", "timeout"] as const;
export type HpcJobState = (typeof HPC_JOB_STATES)[number];
/** The restUrl of a simulated cluster: it is embedded, there is nothing to reach. */
export const SIMULATOR_REST_URL = "simulator";

/** A Slurm name (account, partition, cluster, user): lower case, as sacctmgr stores them. */
export const slurmName = z
  .string()
  .trim()
  .regex(/^[a-z_][a-z0-9_.-]{0,63}$/, "validation.slurmName");

const limit = z.number().int("validation.quantity").min(0, "validation.quantity").nullable();
/** An account's limits on the cluster (its association); null is unlimited, maxSubmitJobs 0 holds it. */
export const hpcLimits = z.object({
  cpus: limit.default(null),
  gpus: limit.default(null),
  /** Jobs running at once (MaxJobs). */
  runningJobs: limit.default(null),
  /** Jobs submitted at once (MaxSubmitJobs). */
  maxSubmitJobs: limit.default(null),
  /** A prepaid core-hour budget as CPU minutes (GrpTRESMins). */
  cpuMinutes: limit.default(null),
});
export type HpcLimits = z.infer<typeof hpcLimits>;

/**
 * The catalogue's spec of an HPC or AI pool product: the pool type, the cluster and partition it
 * runs on and the limits a tenant's account gets (capped by the tenant's quota when provisioned).
 * Priced dimensions: `coreHour` (and `gpuHour` for AI pools) for shared pools, `node` for dedicated.
 */
export const hpcPoolSpec = z.object({
  kind: z.literal("hpcPool"),
  poolType: z.enum(HPC_POOL_TYPES),
  clusterId: z.string().trim().min(1, "validation.required").max(64),
  partition: slurmName,
  limits: hpcLimits.default({
    cpus: null,
    gpus: null,
    runningJobs: null,
    maxSubmitJobs: null,
    cpuMinutes: null,
  }),
  /** A dedicated pool: the most nodes of the partition one application may reserve. */
  maxNodes: z.number().int("validation.quantity").min(1, "validation.quantity").max(10_000).optional(),
});
export type HpcPoolSpec = z.infer<typeof hpcPoolSpec>;

/** The priced dimensions of a pool type (unit price per hour for the hour dimensions). */
export function hpcPricedDimensions(poolType: HpcPoolType): string[] {
  switch (poolType) {
    case "hpcShared":
      return ["coreHour"];
    case "aiShared":
      return ["gpuHour", "coreHour"];
    case "hpcDedicated":
    case "aiDedicated":
      return ["node"];
  }
}

// ---- clusters (operator) ----
const clusterFields = z.object({
  name: z.string().trim().min(1, "validation.required").max(64, "validation.generalLength"),
  backend: z.enum(HPC_BACKENDS),
  /** slurmrestd's base URL (http or https); `simulator` for the simulated cluster. */
  restUrl: z.string().trim().min(1, "validation.required").max(300, "validation.generalLength"),
  secretKind: z.enum(HPC_SECRET_KINDS).default("signingKey"),
  adminUser: slurmName.default("slurm"),
  parentAccount: slurmName,
  clusterName: slurmName,
  /** The console's SSH login host, `host` or `host:port`. */
  loginHost: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/, "validation.loginHost")
    .nullable()
    .default(null),
});

const urlFitsBackend = (c: { backend: HpcBackend; restUrl: string }) =>
  c.backend === "simulator"
    ? c.restUrl === SIMULATOR_REST_URL
    : /^https?:\/\/[^\s/]+(\/\S*)?$/.test(c.restUrl);

/** Registering a cluster: the secret is the HS256 signing key (base64) or an administrator JWT. */
export const clusterInput = clusterFields
  .extend({ secret: z.string().trim().max(8192).default("") })
  .refine(urlFitsBackend, { path: ["restUrl"], message: "validation.clusterUrl" })
  .refine((c) => c.backend === "simulator" || c.secret.length > 0, {
    path: ["secret"],
    message: "validation.required",
  });
export type ClusterInput = z.input<typeof clusterInput>;

/** Changing a cluster: an absent or empty secret keeps the stored one (it is never shown back). */
export const clusterUpdate = clusterFields
  .extend({ secret: z.string().trim().max(8192).optional() })
  .refine(urlFitsBackend, { path: ["restUrl"], message: "validation.clusterUrl" });
export type ClusterUpdate = z.input<typeof clusterUpdate>;

export const partitionInfo = z.object({
  name: z.string(),
  nodes: z.number().int(),
  cpus: z.number().int(),
  gpus: z.number().int(),
  state: z.string(),
});
export const clusterHealth = z.object({
  controller: z.boolean(),
  accounting: z.boolean(),
  partitions: z.array(partitionInfo),
  nodes: z.number().int(),
  cpus: z.number().int(),
  gpus: z.number().int(),
  queueLength: z.number().int(),
  /** What the cluster said when it did not answer, for the operator. */
  error: z.string().nullable(),
  checkedAt: z.string(),
});
export type ClusterHealth = z.infer<typeof clusterHealth>;

/** A cluster as operators see it; the secret is never part of it. */
export const hpcCluster = z.object({
  id: z.string(),
  name: z.string(),
  backend: z.enum(HPC_BACKENDS),
  /** A simulated cluster: every page says so. */
  simulated: z.boolean(),
  restUrl: z.string(),
  secretKind: z.enum(HPC_SECRET_KINDS),
  adminUser: z.string(),
  parentAccount: z.string(),
  clusterName: z.string(),
  loginHost: z.string().nullable(),
  /**
   * The public half of the cluster's SSH service key (OpenSSH one-line form), which Skyledger made
   * when the cluster was registered: the operator puts it in the members' authorized_keys on the
   * login host. The private half is never returned (decision 0011).
   */
  sshPublicKey: z.string().nullable(),
  /**
   * The login host's own key, pinned (decision 0012): its SHA-256 fingerprint (`SHA256:…`, as
   * `ssh-keygen -lf` prints it) and when it was recorded. Null: none yet, so the terminal and the
   * job output over SFTP refuse to connect until the operator records it.
   */
  sshHostKeyFingerprint: z.string().nullable(),
  sshHostKeyRecordedAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** Pools (tenant accounts) on the cluster that are not released. */
  poolCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Asked of the cluster when the list or the detail was read. */
  health: clusterHealth,
});
export type HpcCluster = z.infer<typeof hpcCluster>;
/** OpenSSH's SHA-256 fingerprint of a key: `SHA256:` and 43 base64 characters without padding. */
export const HOST_KEY_FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}$/;
/**
 * Recording the login host's key: the fingerprint the operator read on the host (pasted), or null
 * to record the one the host shows Skyledger now (trust on first use, confirmed by the operator).
 */
export const hostKeyBody = z.object({
  fingerprint: z
    .string()
    .trim()
    .regex(HOST_KEY_FINGERPRINT, "validation.hostKeyFingerprint")
    .nullable()
    .default(null),
});
export type HostKeyBody = z.input<typeof hostKeyBody>;
// Query strings carry text: z.coerce.boolean() would read "false" as true.
export const clusterQuery = pageQuery.extend({
  includeDisabled: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
});
export const clusterParams = z.object({ id: z.string().min(1).max(64) });

// ---- pools (tenant, CB17) ----
export const poolParams = z.object({ id: z.string().min(1).max(64) });
export const memberParams = z.object({ id: z.string().min(1).max(64), userId: z.string().min(1).max(64) });
export const poolQuery = pageQuery.extend({
  poolType: z.enum(HPC_POOL_TYPES).optional(),
  keyword: z.string().trim().max(64).optional(),
});

export const hpcPool = z.object({
  /** The pool is a subscription: this is its resource id. */
  id: z.string(),
  name: z.string(),
  productCode: z.string().nullable(),
  productNameZh: z.string().nullable(),
  productNameEn: z.string().nullable(),
  poolType: z.enum(HPC_POOL_TYPES),
  status: z.enum(RESOURCE_STATUSES),
  statusName: z.string(),
  clusterId: z.string(),
  clusterName: z.string(),
  simulated: z.boolean(),
  /** The login host of the pool's cluster (the terminal of /hpcv1console); null when it has none. */
  loginHost: z.string().nullable(),
  partition: z.string(),
  /** The Slurm account of the pool. */
  account: z.string(),
  limits: hpcLimits,
  /** Why new jobs are held on the cluster, or null. */
  heldReason: z.enum(HPC_HOLD_REASONS).nullable(),
  memberCount: z.number().int(),
  paymentType: z.enum(["prepaid", "postpaid"]).nullable(),
  createdAt: z.string(),
});
export type HpcPool = z.infer<typeof hpcPool>;

export const hpcMember = z.object({
  userId: z.string(),
  userName: z.string(),
  /** The cluster (Unix) user the member's jobs run as. */
  clusterUser: z.string(),
  addedAt: z.string(),
});
export type HpcMember = z.infer<typeof hpcMember>;

export const hpcJob = z.object({
  jobId: z.string(),
  name: z.string(),
  /** The cluster user, and the member it belongs to when known. */
  user: z.string(),
  userName: z.string().nullable(),
  partition: z.string(),
  state: z.enum(HPC_JOB_STATES),
  cpus: z.number().int(),
  gpus: z.number().int(),
  submittedAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  timeLimitMinutes: z.number().int(),
  exitCode: z.number().int().nullable(),
  /** Seconds run so far (to now for a running job). */
  elapsedSeconds: z.number().int(),
  /** Core-hours and GPU-hours of the job, 4 decimals. */
  coreHours: z.string(),
  gpuHours: z.string(),
});
export type HpcJob = z.infer<typeof hpcJob>;

export const hpcPoolDetail = hpcPool.extend({
  members: z.array(hpcMember),
  /** The pool's jobs this month and those still pending or running, newest first. */
  jobs: z.array(hpcJob),
  /** Usage of this calendar month (business time zone), from the jobs: allocated × elapsed. */
  usage: z.object({
    from: z.string(),
    to: z.string(),
    coreHours: z.string(),
    gpuHours: z.string(),
  }),
  /** Set when the cluster could not be asked for the jobs: they and the usage are then empty. */
  clusterError: z.string().nullable(),
  /** The tenant runs the pool on its packages only: used up, new jobs are held (packageExhausted). */
  packagesOnly: z.boolean(),
  /**
   * The organisation's active core-hour and GPU-hour packages of the pool's product, ending soonest
   * first (the order jobs draw on them): hours left with 2 decimals, of the hours bought.
   */
  packages: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      dimension: z.enum(["coreHour", "gpuHour"]),
      remainingHours: z.string(),
      totalHours: z.number(),
      validFrom: z.string(),
      validUntil: z.string(),
    }),
  ),
});
export type HpcPoolDetail = z.infer<typeof hpcPoolDetail>;

export const packagesOnlyBody = z.object({ packagesOnly: z.boolean() });

export const memberAddBody = z.object({ userId: z.string().trim().min(1, "validation.required").max(64) });
/** A user of the organisation who holds the HPC use set and may be added to the pool. */
export const memberCandidate = z.object({ userId: z.string(), userName: z.string() });

// ---- the public landing of an HPC product (`/apply/{id}`, no sign-in) ----
export const hpcProductParams = z.object({ id: z.string().min(1).max(64) });
export const hpcProductPrice = z.object({
  /** `coreHour`, `gpuHour` or `node`. */
  dimension: z.string(),
  /** Price of one unit: per hour for coreHour and gpuHour, per month for node. */
  unitPrice: z.string(),
  /** The product's discount in hundredths ("0.85"), or null. */
  discount: z.string().nullable(),
  /** The unit price after the discount. */
  discountedUnitPrice: z.string(),
});
export const hpcProductLanding = z.object({
  id: z.string(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  categoryNameZh: z.string(),
  categoryNameEn: z.string(),
  poolType: z.enum(HPC_POOL_TYPES),
  partition: z.string(),
  clusterName: z.string(),
  simulated: z.boolean(),
  limits: hpcLimits,
  postpaid: z.boolean(),
  prepaidPeriods: z.array(z.number().int()),
  manualActivation: z.boolean(),
  /** A dedicated pool: the most nodes one application may take; null for a shared pool. */
  maxNodes: z.number().int().nullable(),
  prices: z.array(hpcProductPrice),
});
export type HpcProductLanding = z.infer<typeof hpcProductLanding>;

// ---- terminal (tenant, CB17; /hpcv1console) ----
/**
 * The WebSocket of the browser terminal. A browser cannot sign an upgrade (no custom headers), so
 * it opens `?ticket=` with the one-time ticket a signed POST minted (docs/hpc.md, "The terminal").
 */
export const HPC_TERMINAL_SOCKET_PATH = "/api/hpc/terminal";
/** Seconds a ticket may wait for its socket (the protocol itself: api/terminal.ts). */
export const HPC_TERMINAL_TICKET_SECONDS = TERMINAL_TICKET_SECONDS;
export const terminalTicket = z.object({
  ticket: z.string(),
  expiresAt: z.string(),
  /** Where to open the socket (with `?ticket=`), relative to the portal's origin. */
  socketPath: z.string(),
  clusterUser: z.string(),
  loginHost: z.string(),
});
export type TerminalTicket = z.infer<typeof terminalTicket>;
