// The simulated cluster: the embedded default, standing in for Slurm when no cluster is
// registered. It keeps Slurm's rules that money depends on — association limits keep a job
// pending, MaxSubmitJobs=0 refuses submissions, a job runs until its time limit — with state in
// the database and time from the injected clock. Nothing runs in the background: each call first
// settles the queue up to the clock's now (jobs that ended free their CPUs, which may start
// waiting jobs at that moment), so a test moves the clock instead of waiting.
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import {
  type AccountLimits,
  type ClusterConnection,
  type ClusterHealth,
  type HpcCluster,
  HpcClusterError,
  type JobOutput,
  type JobRecord,
  type JobState,
  type PartitionInfo,
  type Reservation,
} from "./hpc-cluster";
import {
  deleteSimAccount,
  deleteSimReservation,
  deleteSimUser,
  findSimAccount,
  findSimJob,
  insertSimJob,
  insertSimReservation,
  insertSimUser,
  isSimMember,
  listActiveSimJobs,
  listSimAccounts,
  listSimJobsForAccounting,
  listSimReservations,
  listSimUsers,
  lockSimCluster,
  type SimHpcAccountRow,
  type SimHpcJobRow,
  type SimHpcReservationRow,
  simCpuSecondsUsed,
  updateSimAccountLimits,
  updateSimJob,
  upsertSimAccount,
} from "./simulator-cluster.repo";

/** The simulated hardware: a CPU partition and a GPU partition, like a small real cluster. */
export const SIMULATED_PARTITIONS = [
  { name: "cpu", nodes: 4, cpusPerNode: 64, gpusPerNode: 0 },
  { name: "gpu", nodes: 4, cpusPerNode: 64, gpusPerNode: 8 },
] as const;

type SimPartition = (typeof SIMULATED_PARTITIONS)[number];

const partitionInfo = (p: SimPartition): PartitionInfo => ({
  name: p.name,
  nodes: p.nodes,
  cpus: p.nodes * p.cpusPerNode,
  gpus: p.nodes * p.gpusPerNode,
  state: "UP",
});

/**
 * What a script asks of the simulator in a `#SIM` line, e.g. `#SIM runtime=30 exit=1`: the job
 * ends after 30 s (instead of at its time limit) with exit code 1, i.e. failed.
 */
export function parseSimDirectives(script: string): { runtimeSeconds: number | null; exitCode: number } {
  let runtimeSeconds: number | null = null;
  let exitCode = 0;
  for (const line of script.split("\n")) {
    if (!line.startsWith("#SIM")) continue;
    const runtime = /\bruntime=(\d+)/.exec(line);
    if (runtime) runtimeSeconds = Number(runtime[1]);
    const exit = /\bexit=(\d+)/.exec(line);
    if (exit) exitCode = Number(exit[1]);
  }
  return { runtimeSeconds, exitCode };
}

/**
 * What a simulated job prints by `now`: a first line saying it is simulated, the text of each
 * `echo` line of its script when it starts, `#SIM progress=N` as N evenly spaced progress lines
 * over its run (so a log can be followed live by moving the clock), and how it ended.
 */
export function simulatedOutput(row: SimHpcJobRow, now: Date): string {
  if (row.startedAt === null) return "";
  const lines = [
    `[simulated] job ${row.id} started on partition ${row.partition} at ${row.startedAt.toISOString()}`,
  ];
  const script = row.script.split("\n");
  for (const line of script) {
    const echo = /^\s*echo\s+(.*)$/.exec(line);
    if (echo) lines.push(echo[1]!.replace(/^(["'])(.*)\1$/, "$2"));
  }
  const progress = Number(/^#SIM\b.*\bprogress=(\d+)/m.exec(row.script)?.[1] ?? 0);
  const end = row.endedAt ?? now;
  const elapsed = Math.max(0, (end.getTime() - row.startedAt.getTime()) / 1000);
  for (let step = 1; step <= progress; step++) {
    if ((row.runSeconds * step) / progress > elapsed) break;
    lines.push(`progress ${step}/${progress}`);
  }
  if (row.endedAt !== null)
    lines.push(`[simulated] job ${row.id} ended ${row.state} at ${row.endedAt.toISOString()}`);
  return `${lines.join("\n")}\n`;
}

const toRecord = (row: SimHpcJobRow): JobRecord => {
  const started = row.startedAt !== null;
  return {
    jobId: String(row.id),
    name: row.name,
    account: row.account,
    user: row.user,
    partition: row.partition,
    state: row.state as JobState,
    // Like sacct: allocated resources only once the job has them.
    cpus: started ? row.cpus : 0,
    gpus: started ? row.gpus : 0,
    requestedCpus: row.cpus,
    requestedGpus: row.gpus,
    submittedAt: row.submittedAt,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    timeLimitMinutes: row.timeLimitMinutes,
    exitCode: row.state === "completed" || row.state === "failed" ? row.exitCode : null,
    reason: row.state === "pending" ? row.reason : null,
  };
};

/** Whether the reservation holds its nodes at `at`. */
const holdsAt = (r: SimHpcReservationRow, at: Date) =>
  r.startsAt <= at && (r.endsAt === null || r.endsAt > at);

/** Whether two reservations' times overlap (a null end is for ever). */
const overlaps = (a: { start: Date; end: Date | null }, b: SimHpcReservationRow) =>
  (a.end === null || b.startsAt < a.end) && (b.endsAt === null || a.start < b.endsAt);

const reservationOf = (r: SimHpcReservationRow): Reservation => ({
  name: r.name,
  account: r.account,
  partition: r.partition,
  nodes: r.nodes,
  start: r.startsAt,
  end: r.endsAt,
});

const endOf = (job: SimHpcJobRow) => new Date(job.startedAt!.getTime() + job.runSeconds * 1000);

export function createSimulatorCluster(conn: ClusterConnection, deps: { db: Db; clock: Clock }): HpcCluster {
  const { db, clock } = deps;
  const cluster = conn.clusterName;

  /** Runs `work` with the cluster locked and its queue settled up to now. */
  function withCluster<T>(work: (tx: Tx, now: Date) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await lockSimCluster(tx, cluster);
      const now = clock.now();
      await settle(tx, now);
      return work(tx, now);
    });
  }

  /** Why `job` cannot start at `at` beside the running jobs (Slurm's pending reason), or null. */
  async function blocker(
    tx: Tx,
    job: SimHpcJobRow,
    running: SimHpcJobRow[],
    accounts: Map<string, SimHpcAccountRow>,
    reservations: SimHpcReservationRow[],
    at: Date,
  ): Promise<string | null> {
    const limits = accounts.get(job.account)?.limits;
    if (!limits) return "InvalidAccount";
    const sum = (jobs: SimHpcJobRow[], f: (j: SimHpcJobRow) => number) => jobs.reduce((n, j) => n + f(j), 0);
    const mine = running.filter((j) => j.account === job.account);
    // The reasons Slurm gives for the limits of a pool's QOS (slurm-cluster.ts).
    if (limits.cpus !== null && sum(mine, (j) => j.cpus) + job.cpus > limits.cpus) return "QOSGrpCpuLimit";
    if (limits.gpus !== null && sum(mine, (j) => j.gpus) + job.gpus > limits.gpus) return "QOSGrpGRES";
    if (limits.runningJobs !== null && mine.length >= limits.runningJobs) return "QOSMaxJobsPerAccount";
    if (limits.cpuMinutes !== null) {
      // Like Slurm, a job starts only if its whole time limit fits in what is left of the budget
      // once the running jobs' remaining time limits are set aside too.
      const used = await simCpuSecondsUsed(tx, cluster, job.account, at);
      const reserved = sum(
        mine,
        (j) => j.cpus * (j.timeLimitMinutes * 60 - (at.getTime() - j.startedAt!.getTime()) / 1000),
      );
      if ((used + reserved) / 60 + job.cpus * job.timeLimitMinutes > limits.cpuMinutes) {
        return "QOSGrpCPUMinutesLimit";
      }
    }
    const partition = SIMULATED_PARTITIONS.find((p) => p.name === job.partition)!;
    // Like Slurm's reservations: a job in one runs on its nodes only; any other job runs on the
    // nodes no reservation holds now (a job left over from a removed reservation counts there).
    const held = reservations.filter((r) => r.partition === job.partition && holdsAt(r, at));
    const own = job.reservation ? held.find((r) => r.name === job.reservation) : undefined;
    if (job.reservation && !own) return "Reservation";
    const sharing = running.filter((j) =>
      own
        ? j.reservation === own.name
        : j.partition === job.partition && !held.some((r) => r.name === j.reservation),
    );
    const nodes = own ? own.nodes : partition.nodes - held.reduce((n, r) => n + r.nodes, 0);
    if (sum(sharing, (j) => j.cpus) + job.cpus > nodes * partition.cpusPerNode) return "Resources";
    if (sum(sharing, (j) => j.gpus) + job.gpus > nodes * partition.gpusPerNode) return "Resources";
    return null;
  }

  /** Starts, at `at`, every waiting job that now fits, oldest first (later ones may pass a blocked one). */
  async function schedule(tx: Tx, active: SimHpcJobRow[], at: Date): Promise<void> {
    const accounts = new Map((await listSimAccounts(tx, cluster)).map((a) => [a.name, a]));
    const reservations = await listSimReservations(tx, cluster);
    for (const job of active) {
      if (job.state !== "pending") continue;
      const running = active.filter((j) => j.state === "running");
      const reason = await blocker(tx, job, running, accounts, reservations, at);
      if (reason === null) {
        Object.assign(job, { state: "running", startedAt: at, reason: null });
        await updateSimJob(tx, job.id, { state: "running", startedAt: at, reason: null });
      } else if (reason !== job.reason) {
        job.reason = reason;
        await updateSimJob(tx, job.id, { reason });
      }
    }
  }

  /** Ends the jobs whose time has come, one end at a time, starting waiting jobs as CPUs free. */
  async function settle(tx: Tx, now: Date): Promise<SimHpcJobRow[]> {
    const active = await listActiveSimJobs(tx, cluster);
    for (;;) {
      const running = active.filter((j) => j.state === "running");
      const next = running.sort((a, b) => endOf(a).getTime() - endOf(b).getTime() || a.id - b.id)[0];
      if (!next || endOf(next) > now) return active;
      const endedAt = endOf(next);
      const state: JobState = next.exitCode === 0 ? "completed" : "failed";
      await updateSimJob(tx, next.id, { state, endedAt });
      active.splice(active.indexOf(next), 1);
      await schedule(tx, active, endedAt);
    }
  }

  async function cancelActive(tx: Tx, active: SimHpcJobRow[], job: SimHpcJobRow, now: Date) {
    await updateSimJob(tx, job.id, { state: "cancelled", endedAt: now });
    active.splice(active.indexOf(job), 1);
  }

  return {
    name: "simulator",

    health: () =>
      withCluster(async (tx): Promise<ClusterHealth> => {
        const partitions = SIMULATED_PARTITIONS.map(partitionInfo);
        return {
          controller: true,
          accounting: true,
          partitions,
          nodes: partitions.reduce((n, p) => n + p.nodes, 0),
          cpus: partitions.reduce((n, p) => n + p.cpus, 0),
          gpus: partitions.reduce((n, p) => n + p.gpus, 0),
          queueLength: (await listActiveSimJobs(tx, cluster)).length,
          error: null,
        };
      }),

    ensureAccount: ({ account, description, limits }) =>
      withCluster(async (tx, now) => {
        await upsertSimAccount(tx, { cluster, name: account, description, limits, createdAt: now });
        await schedule(tx, await listActiveSimJobs(tx, cluster), now);
      }),

    setLimits: (account: string, limits: AccountLimits) =>
      withCluster(async (tx, now) => {
        if (!(await updateSimAccountLimits(tx, cluster, account, limits))) {
          throw new HpcClusterError(`account ${account} does not exist`, "invalid");
        }
        // Raised limits let waiting jobs start now.
        await schedule(tx, await listActiveSimJobs(tx, cluster), now);
      }),

    getAccount: (account) =>
      withCluster(async (tx) => {
        const row = await findSimAccount(tx, cluster, account);
        if (!row) return null;
        return { account, limits: row.limits, users: await listSimUsers(tx, cluster, account) };
      }),

    removeAccount: (account) =>
      withCluster(async (tx, now) => {
        const active = await listActiveSimJobs(tx, cluster);
        for (const job of active.filter((j) => j.account === account))
          await cancelActive(tx, active, job, now);
        await deleteSimAccount(tx, cluster, account);
        await schedule(tx, active, now);
      }),

    ensureUser: (account, user) =>
      withCluster(async (tx, now) => {
        if (!(await findSimAccount(tx, cluster, account))) {
          throw new HpcClusterError(`account ${account} does not exist`, "invalid");
        }
        await insertSimUser(tx, { cluster, account, user, createdAt: now });
      }),

    removeUser: (account, user) =>
      withCluster(async (tx) => {
        await deleteSimUser(tx, cluster, account, user);
      }),

    submitJob: (job) =>
      withCluster(async (tx, now) => {
        const partition = SIMULATED_PARTITIONS.find((p) => p.name === job.partition);
        if (!partition) throw new HpcClusterError(`invalid partition specified: ${job.partition}`, "invalid");
        if (!job.script.startsWith("#!")) {
          throw new HpcClusterError("batch script must start with #!", "invalid");
        }
        if (!Number.isInteger(job.cpus) || job.cpus < 1 || !Number.isInteger(job.gpus) || job.gpus < 0) {
          throw new HpcClusterError("CPUs must be a whole number from 1 and GPUs from 0", "invalid");
        }
        if (!Number.isInteger(job.timeLimitMinutes) || job.timeLimitMinutes < 1) {
          throw new HpcClusterError("the time limit must be a whole number of minutes from 1", "invalid");
        }
        const info = partitionInfo(partition);
        if (job.cpus > info.cpus || job.gpus > info.gpus) {
          throw new HpcClusterError(
            `requested node configuration is not available: ${job.cpus} CPUs and ${job.gpus} GPUs asked, partition ${info.name} has ${info.cpus} CPUs and ${info.gpus} GPUs`,
            "limit",
          );
        }
        const account = await findSimAccount(tx, cluster, job.account);
        if (!account || !(await isSimMember(tx, cluster, job.account, job.user))) {
          throw new HpcClusterError(
            `invalid account or account/partition combination specified: user ${job.user}, account ${job.account}`,
            "refused",
          );
        }
        if (job.reservation) {
          const reserved = (await listSimReservations(tx, cluster)).find((r) => r.name === job.reservation);
          if (!reserved || reserved.partition !== job.partition)
            throw new HpcClusterError(`requested reservation is invalid: ${job.reservation}`, "invalid");
          if (reserved.account !== job.account)
            throw new HpcClusterError(`access denied to requested reservation ${job.reservation}`, "refused");
          if (
            job.cpus > reserved.nodes * partition.cpusPerNode ||
            job.gpus > reserved.nodes * partition.gpusPerNode
          )
            throw new HpcClusterError(
              `requested node configuration is not available: reservation ${job.reservation} has ${reserved.nodes} nodes`,
              "limit",
            );
        }
        const active = await listActiveSimJobs(tx, cluster);
        const { maxSubmitJobs } = account.limits;
        const submitted = active.filter((j) => j.account === job.account).length;
        if (maxSubmitJobs !== null && submitted >= maxSubmitJobs) {
          throw new HpcClusterError(
            "Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)",
            "held",
          );
        }
        const sim = parseSimDirectives(job.script);
        const limitSeconds = job.timeLimitMinutes * 60;
        const row = await insertSimJob(tx, {
          cluster,
          account: job.account,
          user: job.user,
          partition: job.partition,
          name: job.name,
          script: job.script,
          cpus: job.cpus,
          gpus: job.gpus,
          timeLimitMinutes: job.timeLimitMinutes,
          runSeconds: Math.min(limitSeconds, sim.runtimeSeconds ?? limitSeconds),
          exitCode: sim.exitCode,
          state: "pending",
          submittedAt: now,
          reservation: job.reservation ?? null,
        });
        active.push(row);
        await schedule(tx, active, now);
        return { jobId: String(row.id) };
      }),

    cancelJob: (jobId) =>
      withCluster(async (tx, now) => {
        const id = Number(jobId);
        if (!Number.isSafeInteger(id)) return;
        const active = await listActiveSimJobs(tx, cluster);
        const job = active.find((j) => j.id === id);
        if (!job) return;
        await cancelActive(tx, active, job, now);
        await schedule(tx, active, now);
      }),

    jobs: ({ accounts, from, to }) =>
      withCluster(async (tx) =>
        (await listSimJobsForAccounting(tx, cluster, accounts, from, to)).map(toRecord),
      ),

    jobOutput: (jobId) =>
      withCluster(async (tx, now): Promise<JobOutput> => {
        const id = Number(jobId);
        const row = Number.isSafeInteger(id) ? await findSimJob(tx, cluster, id) : null;
        if (!row) throw new HpcClusterError(`invalid job id specified: ${jobId}`, "invalid");
        return { available: true, text: simulatedOutput(row, now) };
      }),

    createReservation: (reservation) =>
      withCluster(async (tx, now) => {
        const partition = SIMULATED_PARTITIONS.find((p) => p.name === reservation.partition);
        if (!partition)
          throw new HpcClusterError(`invalid partition specified: ${reservation.partition}`, "invalid");
        if (!(await findSimAccount(tx, cluster, reservation.account)))
          throw new HpcClusterError(`invalid account specified: ${reservation.account}`, "invalid");
        if (!Number.isInteger(reservation.nodes) || reservation.nodes < 1)
          throw new HpcClusterError("the node count must be a whole number from 1", "invalid");
        const all = await listSimReservations(tx, cluster);
        const same = all.find((r) => r.name === reservation.name);
        if (same) {
          const s = reservationOf(same);
          if (
            s.account === reservation.account &&
            s.partition === reservation.partition &&
            s.nodes === reservation.nodes
          )
            return;
          throw new HpcClusterError(
            `reservation ${reservation.name} exists with other nodes or account`,
            "refused",
          );
        }
        const taken = all
          .filter((r) => r.partition === partition.name && overlaps(reservation, r))
          .reduce((n, r) => n + r.nodes, 0);
        if (reservation.nodes > partition.nodes - taken)
          throw new HpcClusterError(
            `requested nodes are busy: partition ${partition.name} has ${partition.nodes - taken} of ${partition.nodes} nodes free of reservations, ${reservation.nodes} asked`,
            "limit",
          );
        await insertSimReservation(tx, {
          cluster,
          name: reservation.name,
          account: reservation.account,
          partition: reservation.partition,
          nodes: reservation.nodes,
          startsAt: reservation.start,
          endsAt: reservation.end,
        });
        await schedule(tx, await listActiveSimJobs(tx, cluster), now);
      }),

    removeReservation: (name) =>
      withCluster(async (tx, now) => {
        // As on Slurm, which keeps a reservation its jobs still run in: they are cancelled first.
        const active = await listActiveSimJobs(tx, cluster);
        for (const job of active.filter((j) => j.reservation === name))
          await cancelActive(tx, active, job, now);
        await deleteSimReservation(tx, cluster, name);
        await schedule(tx, active, now);
      }),

    reservations: () =>
      withCluster(async (tx) => (await listSimReservations(tx, cluster)).map(reservationOf)),
  };
}
