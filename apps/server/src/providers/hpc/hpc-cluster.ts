// The HPC cluster SPI: what Skyledger asks of a Slurm cluster (or the simulator standing in for
// one). It is smaller than Slurm: a tenant's pool is one Slurm account under the provider's parent
// account, its quota is the account's limits (on Slurm, a QOS of the account's name: decision
// 0009), each member is a Slurm user of that account, and money is read back from accounting. Two
// implementations keep the same contract (test/hpc-cluster/cluster-contract.ts runs the same
// cases against both): `simulator` (the embedded default, state in the database, jobs run for
// their time limit on the injected clock) and `slurm` (slurmrestd's REST API, openapi v0.0.38,
// with JWTs).
//
// Every call is idempotent where the cluster allows it (ensure… creates or updates), so a step
// retried after a crash never leaves two accounts or fails on the one it made before.

/** How to reach one cluster, as an operator registered it. */
export type ClusterConnection = {
  /** `simulator`, or the slurmrestd base URL, e.g. http://127.0.0.1:6820. */
  restUrl: string;
  /**
   * How Skyledger authenticates to slurmrestd: `signingKey` is the cluster's HS256 key
   * (jwt_hs256.key, base64), from which Skyledger signs short-lived tokens for the administrator
   * and for each member who submits a job; `token` is one administrator JWT (`scontrol token`),
   * enough for accounts, limits and accounting but not for submitting as a member.
   */
  secretKind: "signingKey" | "token";
  secret: string;
  /** The administrator user name (slurmrestd's X-SLURM-USER-NAME), e.g. slurm. */
  adminUser: string;
  /** The parent account every tenant account is created under. */
  parentAccount: string;
  /** The Slurm cluster name (slurm.conf ClusterName) associations are made on. */
  clusterName: string;
};

export type PartitionInfo = {
  name: string;
  nodes: number;
  cpus: number;
  gpus: number;
  /** UP, DOWN, DRAIN, INACTIVE as Slurm says. */
  state: string;
};

export type ClusterHealth = {
  /** slurmctld answered. */
  controller: boolean;
  /** slurmdbd answered (accounting). */
  accounting: boolean;
  partitions: PartitionInfo[];
  nodes: number;
  cpus: number;
  gpus: number;
  /** Jobs pending or running on the whole cluster. */
  queueLength: number;
  /** Set when the cluster did not answer: what went wrong, for the operator. */
  error: string | null;
};

/**
 * An account's limits, for the whole account (all its members together). `null` means unlimited.
 * `maxSubmitJobs: 0` is the hold: Slurm refuses new submissions (arrears, an exhausted package, a
 * frozen pool).
 */
export type AccountLimits = {
  /** CPUs of running jobs (GrpTRES cpu). */
  cpus: number | null;
  /** GPUs of running jobs (GrpTRES gres/gpu). */
  gpus: number | null;
  /** Jobs running at once (MaxJobsPerAccount); more wait. */
  runningJobs: number | null;
  /** Jobs waiting or running at once (MaxSubmitJobsPerAccount); 0 holds the account. */
  maxSubmitJobs: number | null;
  /**
   * A core-hour budget as CPU minutes (GrpTRESMins cpu=…): kept by the simulator; a Slurm 22.05
   * cluster cannot be given one through its REST API and reads back null, so Skyledger holds a
   * pool whose prepaid budget is spent itself (decision 0009).
   */
  cpuMinutes: number | null;
};

export type ClusterAccount = {
  account: string;
  limits: AccountLimits;
  /** Member user names, sorted. */
  users: string[];
};

export type JobState = "pending" | "running" | "completed" | "failed" | "cancelled" | "timeout";

/** One job as accounting (sacct / slurmdbd) reports it. Times are UTC. */
export type JobRecord = {
  jobId: string;
  name: string;
  account: string;
  user: string;
  partition: string;
  state: JobState;
  /** Allocated CPUs (AllocTRES cpu), 0 while pending. */
  cpus: number;
  /** Allocated GPUs (AllocTRES gres/gpu), 0 while pending or without GPUs. */
  gpus: number;
  /**
   * The CPUs and GPUs the job asked for (ReqTRES): what a waiting job is shown with. Only the
   * allocated figures above are rated.
   */
  requestedCpus: number;
  requestedGpus: number;
  submittedAt: Date;
  startedAt: Date | null;
  /** Null while the job runs or waits. */
  endedAt: Date | null;
  timeLimitMinutes: number;
  exitCode: number | null;
  /** Why a pending job waits, as Slurm says it (e.g. QOSGrpCpuLimit, Resources); absent otherwise. */
  reason?: string | null;
};

export type JobSubmission = {
  account: string;
  /** The cluster user the job runs as (must exist on the cluster and be a member of the account). */
  user: string;
  partition: string;
  name: string;
  /** The batch script, starting with #!. */
  script: string;
  cpus: number;
  gpus: number;
  timeLimitMinutes: number;
  /** Memory for the job's node in MiB (Slurm's --mem); the cluster's default when absent. */
  memoryMb?: number;
  /** Working directory on the cluster, where Slurm writes the job's output (slurm-<id>.out); /tmp when absent. */
  workDir?: string;
  /**
   * The reservation the job runs in (a dedicated pool's nodes); only the reservation's account may
   * use it. Without one, a job runs on the partition's nodes no reservation holds.
   */
  reservation?: string;
};

/**
 * Nodes of a partition set aside for one account (a dedicated pool): Slurm's advanced reservation.
 * Jobs of the account that name it run on those nodes; nobody else's jobs do, and jobs without a
 * reservation wait for the nodes no reservation holds (reason `Resources`).
 */
export type Reservation = {
  name: string;
  account: string;
  partition: string;
  nodes: number;
  start: Date;
  /** Null: until it is removed. */
  end: Date | null;
};

/** What a job has written to its standard output so far. */
export type JobOutput =
  | { available: true; text: string }
  /**
   * The cluster keeps the output where Skyledger cannot read it (on Slurm, a file on the
   * cluster's file system; slurmrestd does not serve files): `path` says where it is.
   */
  | { available: false; path: string };

export type HpcCluster = {
  readonly name: "simulator" | "slurm";
  /** Never throws for an unreachable cluster: `error` says why and the rest is zero. */
  health(): Promise<ClusterHealth>;
  /** Creates the account under the parent with these limits, or updates the limits of an existing one. */
  ensureAccount(input: { account: string; description: string; limits: AccountLimits }): Promise<void>;
  setLimits(account: string, limits: AccountLimits): Promise<void>;
  /** The account as the cluster has it (limits and member users), or null when it does not exist. */
  getAccount(account: string): Promise<ClusterAccount | null>;
  /** Removes the account and its users' associations; an absent account is fine. */
  removeAccount(account: string): Promise<void>;
  /** Makes `user` a member of `account` (the user must exist on the cluster's nodes). */
  ensureUser(account: string, user: string): Promise<void>;
  removeUser(account: string, user: string): Promise<void>;
  /** Submits a batch job; a refusal by the cluster (limits, hold, bad script) is an HpcClusterError. */
  submitJob(job: JobSubmission): Promise<{ jobId: string }>;
  /** Cancels a pending or running job; a finished or unknown job is fine. */
  cancelJob(jobId: string): Promise<void>;
  /**
   * Every job of these accounts that was running at any moment of [from, to), or is pending or
   * running now: what accounting rates. Ordered by job id.
   */
  jobs(input: { accounts: string[]; from: Date; to: Date }): Promise<JobRecord[]>;
  /** The job's output so far; an unknown job is an HpcClusterError ("invalid"). */
  jobOutput(jobId: string): Promise<JobOutput>;
  /**
   * Sets `nodes` whole nodes of the partition aside for the account. Making the same reservation
   * again is fine; more nodes than the partition has free of other reservations is refused
   * ("limit"), an unknown partition or account is "invalid".
   */
  createReservation(reservation: Reservation): Promise<void>;
  /** Cancels the jobs running in the reservation and removes it; an absent reservation is fine. */
  removeReservation(name: string): Promise<void>;
  /** The reservations Skyledger can see on the cluster, by name. */
  reservations(): Promise<Reservation[]>;
};

/** The cluster refused or failed a call; `message` is what it said, kept for the operator or tenant. */
export class HpcClusterError extends Error {
  constructor(
    message: string,
    readonly reason: "unreachable" | "refused" | "limit" | "held" | "invalid" = "refused",
  ) {
    super(message);
    this.name = "HpcClusterError";
  }
}
