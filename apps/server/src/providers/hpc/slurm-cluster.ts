// The cluster SPI on a real Slurm 22.05 cluster, through slurmrestd (openapi v0.0.38) with JWTs.
// How a pool maps to Slurm (docs/hpc.md, decision 0009):
// - the pool is an account under the parent account, and a QOS of the same name, the account's
//   only and default QOS, carries the pool's limits: GrpTRES cpu and gres/gpu (the pool's CPUs and
//   GPUs), MaxJobsPerAccount (running jobs) and MaxSubmitJobsPerAccount (0 is the hold: Slurm
//   refuses submissions with error 2050). The QOS and not the account association, because
//   slurmrestd 22.05 creates an account association but cannot modify one (the request is
//   answered "Missing required field 'user'" and changes nothing, or crashes slurmrestd), while
//   a QOS it updates in place;
// - GrpTRESMins (a core-hour budget) cannot be set through v0.0.38 at all (its `minutes` fields
//   set the RunMins limits instead), so a Slurm cluster leaves `cpuMinutes` unset and Skyledger
//   holds the pool itself when a prepaid budget runs out;
// - each member is a Slurm user with an association to the account; jobs are submitted as the
//   member, with a token signed for them from the cluster's key.
import type { Clock } from "../../platform/clock";
import {
  type AccountLimits,
  type ClusterAccount,
  type ClusterConnection,
  type ClusterHealth,
  type HpcCluster,
  HpcClusterError,
  type JobRecord,
  type JobState,
  type Reservation,
} from "./hpc-cluster";
import { createTokenSigner } from "./slurm-jwt";
import {
  createSlurmRest,
  errorCode,
  errorText,
  SLURM_ERRORS,
  type SlurmAnswer,
  type SlurmError,
  type SlurmRest,
} from "./slurm-rest";
import { clusterNameOf, createReservationArgs, createScontrol, type Scontrol } from "./slurm-scontrol";

const API = "/slurm/v0.0.38";
const DB = "/slurmdb/v0.0.38";

type Tres = { type: string; name?: string | null; count?: number | null };
type QosLimits = {
  max?: {
    tres?: { total?: Tres[] };
    jobs?: { per?: { account?: number | null }; active_jobs?: { per?: { account?: number | null } } };
  };
};

const SLURM_STATES: Record<string, JobState> = {
  PENDING: "pending",
  REQUEUED: "pending",
  RUNNING: "running",
  SUSPENDED: "running",
  COMPLETING: "running",
  COMPLETED: "completed",
  CANCELLED: "cancelled",
  TIMEOUT: "timeout",
  FAILED: "failed",
  NODE_FAIL: "failed",
  OUT_OF_MEMORY: "failed",
  BOOT_FAIL: "failed",
  DEADLINE: "failed",
  PREEMPTED: "failed",
};

const tresCount = (list: Tres[] | undefined, type: string, name: string | null = null): number | null => {
  const t = list?.find((x) => x.type === type && (x.name ?? null) === name);
  return t && typeof t.count === "number" && t.count >= 0 ? t.count : null;
};

/** The CPUs of a TRES string (`cpu=4,mem=…`), or null when it names none. */
const cpusOfTresString = (tres: string | undefined): number | null => {
  const match = /(?:^|,)cpu=(\d+)/.exec(tres ?? "");
  return match ? Number(match[1]) : null;
};

/** "cpu=64,mem=62.50G,gres/gpu=8" → the GPU count. */
const gpusOfTresString = (tres: unknown): number => {
  const match = /(?:^|,)gres\/gpu(?::[^=,]+)?=(\d+)/.exec(typeof tres === "string" ? tres : "");
  return match ? Number(match[1]) : 0;
};

const epoch = (seconds: unknown): Date | null =>
  typeof seconds === "number" && seconds > 0 ? new Date(seconds * 1000) : null;

/** The QOS body that carries the pool's limits; -1 clears a limit. */
const qosLimits = (limits: AccountLimits): QosLimits => ({
  max: {
    tres: {
      total: [
        { type: "cpu", count: limits.cpus ?? -1 },
        { type: "gres", name: "gpu", count: limits.gpus ?? -1 },
      ],
    },
    jobs: {
      per: { account: limits.maxSubmitJobs ?? -1 },
      active_jobs: { per: { account: limits.runningJobs ?? -1 } },
    },
  },
});

const limitsOfQos = (qos: { limits?: QosLimits }): AccountLimits => {
  const max = qos.limits?.max;
  const count = (n: number | null | undefined) => (typeof n === "number" && n >= 0 ? n : null);
  return {
    cpus: tresCount(max?.tres?.total, "cpu"),
    gpus: tresCount(max?.tres?.total, "gres", "gpu"),
    runningJobs: count(max?.jobs?.active_jobs?.per?.account),
    maxSubmitJobs: count(max?.jobs?.per?.account),
    cpuMinutes: null,
  };
};

/** Slurm's relative time, e.g. `now-3600seconds`, for `at` moved by `marginSeconds`. */
const relativeToNow = (at: Date, marginSeconds: number): string => {
  const seconds = Math.round((at.getTime() - Date.now()) / 1000) + marginSeconds;
  return seconds >= 0 ? `now+${seconds}seconds` : `now-${-seconds}seconds`;
};

export type SlurmClusterDeps = {
  clock: Clock;
  /** Each call's time limit; unreachable after it. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** How reservations are made (slurmrestd 22.05 cannot): scontrol on this host by default. */
  scontrol?: Scontrol;
};

export function createSlurmCluster(conn: ClusterConnection, deps: SlurmClusterDeps): HpcCluster {
  const rest: SlurmRest = createSlurmRest(conn.restUrl, deps.timeoutMs ?? 10_000, deps.fetch);
  const scontrol = deps.scontrol ?? createScontrol("scontrol", deps.timeoutMs ?? 10_000);
  const sign = conn.secretKind === "signingKey" ? createTokenSigner(conn.secret) : null;
  const tokenFor = (user: string): string => {
    if (sign) return sign(user);
    if (user === conn.adminUser) return conn.secret;
    throw new HpcClusterError(
      `this cluster was registered with an administrator token, which cannot submit jobs as ${user}: register the cluster's JWT signing key to let members submit`,
      "refused",
    );
  };

  /** An administrator call; Slurm's errors other than the `tolerated` ones become an HpcClusterError. */
  async function admin(
    method: "GET" | "POST" | "DELETE",
    path: string,
    options: { body?: unknown; query?: Record<string, string>; tolerated?: (e: SlurmError) => boolean } = {},
  ): Promise<SlurmAnswer> {
    const { status, body } = await rest(method, path, {
      user: conn.adminUser,
      token: tokenFor(conn.adminUser),
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.query ? { query: options.query } : {}),
    });
    const all = body.errors ?? [];
    const errors = all.filter((e) => !options.tolerated?.(e));
    // slurmrestd answers HTTP 500 for a tolerated error too ("Nothing found").
    if (errors.length > 0 || (status >= 500 && all.length === 0)) {
      const message = errors.map(errorText).join("; ") || `HTTP ${status}`;
      throw new HpcClusterError(`${method} ${path}: ${message}`, "refused");
    }
    return body;
  }

  const nothingFound = (e: SlurmError) => errorCode(e) === SLURM_ERRORS.nothingFound;

  async function accountAssociations(account: string): Promise<{ user?: string | null }[]> {
    const answer = await admin("GET", `${DB}/associations`, {
      query: { account, cluster: conn.clusterName },
      tolerated: nothingFound,
    });
    return (answer.associations as { user?: string | null }[] | undefined) ?? [];
  }

  /** Creates the account (if absent) and its association under `parent`, with `qos` as its QOS. */
  async function ensureAccountRecord(
    account: string,
    description: string,
    parent: string,
    qos: string | null,
  ) {
    await admin("POST", `${DB}/accounts`, {
      body: { accounts: [{ name: account, description, organization: conn.parentAccount }] },
    });
    const associations = await accountAssociations(account);
    if (associations.some((a) => !a.user)) return;
    await admin("POST", `${DB}/associations`, {
      body: {
        associations: [
          {
            cluster: conn.clusterName,
            account,
            parent_account: parent,
            ...(qos ? { qos: [qos], default: { qos } } : {}),
          },
        ],
      },
      // slurmrestd 22.05 answers this for every account association, and creates it all the same
      // (sending "user": "" would silence it but put the account outside the tree).
      tolerated: (e) => /Missing required field 'user'/.test(errorText(e)),
    });
    if (!(await accountAssociations(account)).some((a) => !a.user)) {
      throw new HpcClusterError(`the association of account ${account} was not created`, "refused");
    }
  }

  let parentReady: Promise<void> | null = null;
  /** The provider's parent account, made once under root if the operator has not made it. */
  const ensureParent = () => {
    parentReady ??= ensureAccountRecord(conn.parentAccount, "Skyledger pools", "root", null).catch(
      (error) => {
        parentReady = null;
        throw error;
      },
    );
    return parentReady;
  };

  async function accountExists(account: string): Promise<boolean> {
    const found = await admin("GET", `${DB}/account/${encodeURIComponent(account)}`, {
      tolerated: nothingFound,
    });
    return ((found.accounts as unknown[] | undefined) ?? []).length > 0;
  }

  async function getAccount(account: string): Promise<ClusterAccount | null> {
    if (!(await accountExists(account))) return null;
    const qos = await admin("GET", `${DB}/qos/${encodeURIComponent(account)}`, { tolerated: nothingFound });
    const [record] = (qos.QOS as { limits?: QosLimits }[] | undefined) ?? [];
    const users = (await accountAssociations(account))
      .map((a) => a.user)
      .filter((u): u is string => Boolean(u))
      .sort();
    return {
      account,
      limits: record
        ? limitsOfQos(record)
        : { cpus: null, gpus: null, runningJobs: null, maxSubmitJobs: null, cpuMinutes: null },
      users: [...new Set(users)],
    };
  }

  async function setQos(account: string, description: string, limits: AccountLimits) {
    await admin("POST", `${DB}/qos`, {
      body: { QOS: [{ name: account, description, limits: qosLimits(limits) }] },
    });
  }

  /** The cluster's pending and running jobs, as slurmctld has them. */
  async function activeJobs(): Promise<CtldJob[]> {
    const answer = await admin("GET", `${API}/jobs`);
    return ((answer.jobs as CtldJob[] | undefined) ?? []).filter(
      (j) => j.job_state === "PENDING" || j.job_state === "RUNNING" || j.job_state === "SUSPENDED",
    );
  }

  async function cancel(jobId: string) {
    await admin("DELETE", `${API}/job/${encodeURIComponent(jobId)}`, {
      tolerated: (e) =>
        [SLURM_ERRORS.invalidJobId, SLURM_ERRORS.alreadyDone].includes(errorCode(e) as 2017 | 2021),
    });
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  return {
    name: "slurm",

    async health(): Promise<ClusterHealth> {
      const empty = { partitions: [], nodes: 0, cpus: 0, gpus: 0, queueLength: 0 };
      try {
        const ping = await admin("GET", `${API}/ping`);
        const controller = ((ping.pings as { ping?: string }[] | undefined) ?? []).some(
          (p) => p.ping === "UP",
        );
        const accounting = await admin("GET", `${DB}/diag`).then(
          () => true,
          () => false,
        );
        const partitions = (
          (await admin("GET", `${API}/partitions`)).partitions as Record<string, unknown>[]
        ).map((p) => ({
          name: String(p.name),
          nodes: Number(p.total_nodes ?? 0),
          cpus: Number(p.total_cpus ?? 0),
          gpus: gpusOfTresString(p.tres),
          state: String(p.state ?? "UNKNOWN"),
        }));
        const nodes = ((await admin("GET", `${API}/nodes`)).nodes as Record<string, unknown>[]) ?? [];
        return {
          controller,
          accounting,
          partitions,
          nodes: nodes.length,
          cpus: nodes.reduce((n, node) => n + Number(node.cpus ?? 0), 0),
          gpus: nodes.reduce((n, node) => n + gpusOfTresString(node.tres), 0),
          queueLength: (await activeJobs()).length,
          error: controller ? null : "slurmctld does not answer ping",
        };
      } catch (error) {
        return { controller: false, accounting: false, ...empty, error: (error as Error).message };
      }
    },

    async ensureAccount({ account, description, limits }) {
      await ensureParent();
      // The QOS first: the account's association is created with it as its only QOS.
      await setQos(account, description, limits);
      await ensureAccountRecord(account, description, conn.parentAccount, account);
    },

    async setLimits(account, limits) {
      if (!(await accountExists(account)))
        throw new HpcClusterError(`account ${account} does not exist`, "invalid");
      await setQos(account, `limits of ${account}`, limits);
    },

    getAccount,

    async removeAccount(account) {
      if (!(await accountExists(account))) {
        await admin("DELETE", `${DB}/qos/${encodeURIComponent(account)}`, { tolerated: nothingFound });
        return;
      }
      const jobs = (await activeJobs()).filter((j) => j.account === account);
      for (const job of jobs) await cancel(String(job.job_id));
      // slurmdbd refuses to remove an account while slurmctld still has its jobs: they end
      // within a second or two of the cancel.
      for (let attempt = 0; ; attempt++) {
        try {
          await admin("DELETE", `${DB}/account/${encodeURIComponent(account)}`, { tolerated: nothingFound });
          break;
        } catch (error) {
          if (attempt >= 20) throw error;
          await sleep(500);
        }
      }
      await admin("DELETE", `${DB}/qos/${encodeURIComponent(account)}`, { tolerated: nothingFound });
    },

    async ensureUser(account, user) {
      const known = await admin("GET", `${DB}/user/${encodeURIComponent(user)}`, { tolerated: nothingFound });
      if (((known.users as unknown[] | undefined) ?? []).length === 0) {
        await admin("POST", `${DB}/users`, { body: { users: [{ name: user, default: { account } }] } });
      }
      if ((await accountAssociations(account)).some((a) => a.user === user)) return;
      await admin("POST", `${DB}/associations`, {
        body: { associations: [{ cluster: conn.clusterName, account, user }] },
      });
    },

    async removeUser(account, user) {
      await admin("DELETE", `${DB}/association`, {
        query: { cluster: conn.clusterName, account, user },
        tolerated: nothingFound,
      });
    },

    async submitJob(job) {
      if (!job.script.startsWith("#!"))
        throw new HpcClusterError("batch script must start with #!", "invalid");
      const token = tokenFor(job.user);
      const { status, body } = await rest("POST", `${API}/job/submit`, {
        user: job.user,
        token,
        body: {
          script: job.script,
          job: {
            name: job.name,
            account: job.account,
            partition: job.partition,
            tasks: 1,
            cpus_per_task: job.cpus,
            ...(job.gpus > 0 ? { gres: `gpu:${job.gpus}` } : {}),
            time_limit: job.timeLimitMinutes,
            ...(job.memoryMb ? { memory_per_node: job.memoryMb } : {}),
            current_working_directory: job.workDir ?? "/tmp",
            ...(job.reservation ? { reservation: job.reservation } : {}),
            // v0.0.38 wants an object here (later versions a list).
            environment: { PATH: "/usr/local/bin:/usr/bin:/bin" },
          },
        },
      });
      const errors = body.errors ?? [];
      const jobId = typeof body.job_id === "number" ? String(body.job_id) : null;
      if (errors.length === 0 && jobId && status < 400) return { jobId };
      // Nodes held by another account's reservation: Slurm queues the job (sbatch says so as a
      // warning) and it waits until the nodes are free again, as on the simulator.
      if (
        jobId &&
        errors.length > 0 &&
        errors.every((e) => /required node not available/i.test(errorText(e)))
      )
        return { jobId };
      // Slurm may queue a job it also calls impossible (larger than the partition): nothing may
      // stay behind on the cluster for a refused submission.
      if (jobId) await cancel(jobId);
      const code = errors.map(errorCode).find((c) => c !== 0) ?? 0;
      const message = errors.map(errorText).join("; ") || `HTTP ${status}`;
      if (code === SLURM_ERRORS.accountingPolicy) throw new HpcClusterError(message, "held");
      if (code === SLURM_ERRORS.nodeConfigUnavailable || code === SLURM_ERRORS.partitionConfigUnavailable) {
        throw new HpcClusterError(message, "limit");
      }
      if (code === SLURM_ERRORS.invalidPartition) throw new HpcClusterError(message, "invalid");
      throw new HpcClusterError(message, "refused");
    },

    cancelJob: cancel,

    async jobs({ accounts, from, to }) {
      if (accounts.length === 0) return [];
      const answer = await admin("GET", `${DB}/jobs`, {
        query: {
          // One slurmdbd may keep the accounting of several clusters.
          cluster: conn.clusterName,
          account: accounts.join(","),
          // Slurm reads absolute times in the cluster's own time zone, which Skyledger does not
          // know: the window is given relative to the cluster's now, a minute wider on each side,
          // and cut exactly below.
          start_time: relativeToNow(from, -60),
          end_time: relativeToNow(to, 60),
        },
        tolerated: nothingFound,
      });
      const records = new Map(
        ((answer.jobs as Record<string, unknown>[] | undefined) ?? []).map((raw) => {
          const record = toJobRecord(raw);
          return [record.jobId, record];
        }),
      );
      // slurmdbd learns of a job's start and of why it waits a moment after slurmctld: what waits
      // or runs now is taken from slurmctld.
      for (const live of await activeJobs()) {
        if (!accounts.includes(live.account)) continue;
        const record = liveJobRecord(live);
        const stored = records.get(record.jobId);
        records.set(record.jobId, stored ? { ...stored, ...record, name: stored.name } : record);
      }
      return [...records.values()]
        .filter(
          (r) =>
            accounts.includes(r.account) &&
            (r.state === "pending" ||
              r.state === "running" ||
              (r.startedAt !== null && r.startedAt < to && (r.endedAt === null || r.endedAt > from))),
        )
        .sort((a, b) => Number(a.jobId) - Number(b.jobId));
    },

    async jobOutput(jobId) {
      // slurmrestd serves no files: Skyledger can only say where the job writes its output. The
      // submission leaves Slurm's default, slurm-<id>.out in the working directory.
      const id = encodeURIComponent(jobId);
      const live = await admin("GET", `${API}/job/${id}`, {
        tolerated: (e) => nothingFound(e) || errorCode(e) === SLURM_ERRORS.invalidJobId,
      });
      const job = (
        live.jobs as { standard_output?: string; current_working_directory?: string }[] | undefined
      )?.[0];
      if (job?.standard_output)
        return { available: false, path: job.standard_output.replaceAll("%j", jobId) };
      // A job that waits has no standard_output yet: Slurm's default file in its directory.
      if (job?.current_working_directory)
        return { available: false, path: `${job.current_working_directory}/slurm-${jobId}.out` };
      const stored = await admin("GET", `${DB}/job/${id}`, { tolerated: nothingFound });
      const record = (stored.jobs as { working_directory?: string }[] | undefined)?.[0];
      if (!record) throw new HpcClusterError(`invalid job id specified: ${jobId}`, "invalid");
      return { available: false, path: `${record.working_directory ?? "/tmp"}/slurm-${jobId}.out` };
    },

    reservations,

    async createReservation(reservation) {
      const same = (await reservations()).find((r) => r.name === reservation.name);
      if (same) {
        if (
          same.account === reservation.account &&
          same.partition === reservation.partition &&
          same.nodes === reservation.nodes
        )
          return;
        throw new HpcClusterError(
          `reservation ${reservation.name} exists with other nodes or account`,
          "refused",
        );
      }
      await sameController();
      await scontrol(createReservationArgs(reservation, new Date()));
      // Slurm reserves what the partition has when asked for more nodes than it holds: fewer
      // nodes than the pool was sold is a refusal, and nothing may stay behind.
      const made = (await reservations()).find((r) => r.name === reservation.name);
      if (!made || made.nodes < reservation.nodes) {
        await scontrol(["delete", `reservationname=${reservation.name}`]).catch(() => undefined);
        throw new HpcClusterError(
          `requested nodes are busy: partition ${reservation.partition} has ${made?.nodes ?? 0} nodes to reserve, ${reservation.nodes} asked`,
          "limit",
        );
      }
    },

    async removeReservation(name) {
      if (!(await reservations()).some((r) => r.name === name)) return;
      await sameController();
      // Slurm keeps a reservation its jobs still run in ("Requested reservation is in use").
      for (const job of (await activeJobs()).filter((j) => j.resv_name === name))
        await cancel(String(job.job_id));
      for (let attempt = 1; ; attempt++) {
        try {
          await scontrol(["delete", `reservationname=${name}`]);
          return;
        } catch (error) {
          if (attempt >= 10 || !/in use/i.test((error as Error).message)) throw error;
          // Cancelled jobs take a moment to leave the nodes.
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    },
  };

  /** Reservations as slurmctld has them (slurmrestd reads them; only scontrol makes them). */
  async function reservations(): Promise<Reservation[]> {
    const answer = await admin("GET", `${API}/reservations`, { tolerated: nothingFound });
    type Row = {
      name?: string;
      accounts?: string;
      partition?: string;
      node_count?: number;
      start_time?: number;
      end_time?: number;
    };
    return ((answer.reservations as Row[] | undefined) ?? [])
      .map((r) => ({
        name: r.name ?? "",
        account: (r.accounts ?? "").split(",")[0] ?? "",
        partition: r.partition ?? "",
        nodes: r.node_count ?? 0,
        start: epoch(r.start_time) ?? new Date(0),
        end: epoch(r.end_time),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * scontrol reaches the controller of this host's slurm.conf: refuse rather than reserve nodes
   * on another cluster than the one registered.
   */
  async function sameController(): Promise<void> {
    const name = clusterNameOf(await scontrol(["show", "config"]));
    if (name !== conn.clusterName)
      throw new HpcClusterError(
        `scontrol on Skyledger's host reaches cluster ${name ?? "(none)"}, not ${conn.clusterName}: reservations cannot be made from here (decision 0010)`,
        "unreachable",
      );
  }
}

type CtldJob = {
  job_id: number;
  name: string;
  account: string;
  user_name: string;
  partition: string;
  job_state: string;
  state_reason?: string;
  tres_alloc_str?: string;
  /** What the job asked for, e.g. `cpu=4,mem=1G,node=1,billing=4,gres/gpu=2`. */
  tres_req_str?: string;
  /** The CPUs asked (allocated once it runs). */
  cpus?: number;
  /** GPUs asked per node, e.g. `gres:gpu:2` (22.05 leaves them out of tres_req_str while pending). */
  tres_per_node?: string;
  submit_time?: number;
  start_time?: number;
  time_limit?: number;
  resv_name?: string;
};

/** A pending or running job as slurmctld reports it. */
function liveJobRecord(job: CtldJob): JobRecord {
  const running = job.job_state !== "PENDING";
  const cpus = cpusOfTresString(job.tres_alloc_str);
  const requestedGpus = gpusOfTresString(job.tres_req_str);
  return {
    jobId: String(job.job_id),
    name: job.name,
    account: job.account,
    user: job.user_name,
    partition: job.partition,
    state: running ? "running" : "pending",
    cpus: running ? (cpus ?? 0) : 0,
    gpus: running ? gpusOfTresString(job.tres_alloc_str) : 0,
    // A waiting job has nothing allocated yet: what it asked for is shown instead.
    requestedCpus: cpusOfTresString(job.tres_req_str) ?? Number(job.cpus ?? 0),
    requestedGpus: requestedGpus || Number(/gpu(?::[^:,]+)?:(\d+)/.exec(job.tres_per_node ?? "")?.[1] ?? 0),
    submittedAt: epoch(job.submit_time) ?? new Date(0),
    startedAt: running ? epoch(job.start_time) : null,
    endedAt: null,
    timeLimitMinutes: Number(job.time_limit ?? 0),
    exitCode: null,
    reason: running ? null : (job.state_reason ?? null),
  };
}

type SlurmdbJob = {
  job_id: number;
  name: string;
  account: string;
  /**
   * Null when slurmdbd no longer knows the job's association: an account removed (a pool
   * released) before the job's record reached slurmdbd loses the association with its user.
   */
  user: string | null;
  association?: { user?: string | null } | null;
  partition: string;
  state: { current: string; reason?: string };
  tres?: { allocated?: Tres[]; requested?: Tres[] };
  time: { submission?: number; start?: number; end?: number; limit?: number };
  exit_code?: { status?: string; return_code?: number };
};

function toJobRecord(raw: Record<string, unknown>): JobRecord {
  const job = raw as unknown as SlurmdbJob;
  const state = SLURM_STATES[job.state.current] ?? "failed";
  const ended = state !== "pending" && state !== "running";
  const allocated = job.tres?.allocated;
  return {
    jobId: String(job.job_id),
    name: job.name,
    account: job.account,
    // A job whose user slurmdbd cannot name is still rated and charged (its bill line shows no user).
    user: job.user ?? job.association?.user ?? "",
    partition: job.partition,
    state,
    cpus: tresCount(allocated, "cpu") ?? 0,
    gpus: tresCount(allocated, "gres", "gpu") ?? 0,
    requestedCpus: tresCount(job.tres?.requested, "cpu") ?? tresCount(allocated, "cpu") ?? 0,
    requestedGpus: tresCount(job.tres?.requested, "gres", "gpu") ?? tresCount(allocated, "gres", "gpu") ?? 0,
    submittedAt: epoch(job.time.submission) ?? new Date(0),
    // slurmdbd gives a job cancelled while pending a start equal to its end: it never ran.
    startedAt:
      state === "pending" || (state === "cancelled" && !allocated?.length) ? null : epoch(job.time.start),
    endedAt: ended ? epoch(job.time.end) : null,
    timeLimitMinutes: Number(job.time.limit ?? 0),
    exitCode: state === "completed" || state === "failed" ? (job.exit_code?.return_code ?? null) : null,
    reason: state === "pending" ? (job.state.reason ?? null) : null,
  };
}
