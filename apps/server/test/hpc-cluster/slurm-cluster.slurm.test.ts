// The cluster contract against a real Slurm 22.05 cluster, plus what only a real one shows: 50 jobs
// of two users read back from accounting with sacct's own figures, the hold refused by Slurm
// (error 2050), and the ways a connection fails. Needs the cluster of scripts/slurm/start.sh (its
// .slurm/env says where it is); `npm run test:slurm`. Creates the Unix users its jobs run as and
// removes them afterwards.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../src/platform/clock";
import type { ClusterConnection, HpcCluster, JobRecord } from "../../src/providers/hpc/hpc-cluster";
import { createSlurmCluster } from "../../src/providers/hpc/slurm-cluster";
import { signSlurmToken } from "../../src/providers/hpc/slurm-jwt";
import { defineClusterContract, sleepScript, UNLIMITED } from "./cluster-contract";
import { eventually, sleep, slurmConnection, slurmEnv, slurmSigningKey } from "./real-cluster";

const conn: ClusterConnection = slurmConnection("skyledger");
const cluster: HpcCluster = createSlurmCluster(conn, { clock: systemClock, timeoutMs: 10_000 });

const run = Date.now().toString(36);
const users: [string, string] = ["skyl_alice", "skyl_bob"];
const createdUsers: string[] = [];
// The jobs' output (slurm-<id>.out) goes to a folder of this run: job ids start again on a fresh
// cluster, and another run's file of the same name in /tmp would belong to someone else.
const workDir = mkdtempSync(path.join(tmpdir(), "skyledger-slurm-"));
chmodSync(workDir, 0o1777);

/** sacct's own figures for these jobs: id → AllocCPUS, gres/gpu, ElapsedRaw, State. */
function sacct(jobIds: string[]) {
  const out = execFileSync(
    "sacct",
    ["-n", "-X", "-P", "-j", jobIds.join(","), "--format=JobID,AllocCPUS,AllocTRES,ElapsedRaw,State,User"],
    { env: { ...process.env, SLURM_CONF: slurmEnv.SLURM_CONF! }, encoding: "utf8" },
  );
  return new Map(
    out
      .trim()
      .split("\n")
      .map((line) => line.split("|"))
      .map(([id, cpus, tres, elapsed, state, user]) => [
        id!,
        {
          cpus: Number(cpus),
          gpus: Number(/gres\/gpu=(\d+)/.exec(tres ?? "")?.[1] ?? 0),
          elapsed: Number(elapsed),
          state: state!,
          user: user!,
        },
      ]),
  );
}

beforeAll(() => {
  for (const user of users) {
    try {
      execFileSync("id", [user], { stdio: "ignore" });
    } catch {
      execFileSync("useradd", ["--no-create-home", "--shell", "/bin/bash", user]);
      createdUsers.push(user);
    }
  }
});

afterAll(() => {
  for (const user of createdUsers) execFileSync("userdel", [user]);
  rmSync(workDir, { recursive: true, force: true });
});

defineClusterContract("slurm", () => ({
  cluster,
  users,
  workDir,
  cpuPartition: "cpu",
  gpuPartition: "gpu",
  keepsCpuMinutes: false,
  account: (tag) => `sky_${tag}_${run}`,
  now: () => new Date(),
  wait: async (seconds) => {
    await sleep(seconds * 1000);
  },
  eventually: (check) => eventually(check),
}));

describe("slurm: what only a real cluster shows", () => {
  it("reads 50 jobs of two users back from accounting with sacct's CPUs, GPUs, elapsed time and state", async () => {
    const account = `sky_bulk_${run}`;
    await cluster.ensureAccount({ account, description: "bulk", limits: UNLIMITED });
    for (const user of users) await cluster.ensureUser(account, user);
    const from = new Date(Date.now() - 1000);
    const submitted: string[] = [];
    for (let i = 0; i < 50; i++) {
      const gpu = i % 5 === 0;
      const { jobId } = await cluster.submitJob({
        account,
        user: users[i % 2]!,
        partition: gpu ? "gpu" : "cpu",
        name: `bulk-${i}`,
        script: sleepScript(1),
        cpus: 1 + (i % 3),
        gpus: gpu ? 1 : 0,
        timeLimitMinutes: 2,
        workDir,
      });
      submitted.push(jobId);
    }
    const records: JobRecord[] = await eventually(async () => {
      const all = await cluster.jobs({ accounts: [account], from, to: new Date() });
      const finished = all.filter((r) => r.state === "completed");
      expect(finished.map((r) => r.jobId)).toEqual(submitted);
      return finished;
    }, 90);
    const figures = sacct(submitted);
    for (const [i, record] of records.entries()) {
      const own = figures.get(record.jobId)!;
      expect(own.state).toBe("COMPLETED");
      expect(record.user).toBe(own.user);
      expect(record.user).toBe(users[i % 2]);
      expect(record.cpus).toBe(own.cpus);
      expect(record.cpus).toBe(1 + (i % 3));
      expect(record.gpus).toBe(own.gpus);
      expect(record.gpus).toBe(i % 5 === 0 ? 1 : 0);
      expect((record.endedAt!.getTime() - record.startedAt!.getTime()) / 1000).toBe(own.elapsed);
      expect(own.elapsed).toBeGreaterThanOrEqual(1);
    }
    await cluster.removeAccount(account);
  });

  it("is refused by Slurm itself under a hold: error 2050, accounting policy", async () => {
    const account = `sky_held_${run}`;
    await cluster.ensureAccount({ account, description: "held", limits: { ...UNLIMITED, maxSubmitJobs: 0 } });
    await cluster.ensureUser(account, users[0]);
    const job = {
      account,
      user: users[0],
      partition: "cpu",
      name: "held",
      cpus: 1,
      gpus: 0,
      timeLimitMinutes: 1,
    };
    await expect(cluster.submitJob({ ...job, script: sleepScript(1) })).rejects.toMatchObject({
      reason: "held",
      message: expect.stringContaining("accounting/QOS policy"),
    });
    await cluster.removeAccount(account);
  });

  it("reports its health: the loopback node's 64 CPUs and 8 GPUs in partitions cpu and gpu", async () => {
    const health = await cluster.health();
    expect(health).toMatchObject({
      controller: true,
      accounting: true,
      nodes: 1,
      cpus: 64,
      gpus: 8,
      error: null,
    });
    expect(health.partitions.map((p) => [p.name, p.cpus, p.gpus, p.state])).toEqual([
      ["cpu", 64, 8, "UP"],
      ["gpu", 64, 8, "UP"],
    ]);
  });

  it("says so when the cluster does not answer, and health() does not throw", async () => {
    const down = createSlurmCluster(
      { ...conn, restUrl: "http://127.0.0.1:9" },
      { clock: systemClock, timeoutMs: 2000 },
    );
    const health = await down.health();
    expect(health).toMatchObject({ controller: false, accounting: false, nodes: 0, cpus: 0 });
    expect(health.error).toMatch(/unreachable/);
    await expect(down.getAccount("any")).rejects.toMatchObject({ reason: "unreachable" });
  });

  it("is refused with a wrong signing key, and a token-only connection cannot submit as a member", async () => {
    const wrong = createSlurmCluster(
      { ...conn, secret: Buffer.from("not the cluster's key, 32 bytes!").toString("base64") },
      { clock: systemClock },
    );
    await expect(wrong.getAccount("any")).rejects.toMatchObject({ reason: "refused" });

    const now = Math.floor(Date.now() / 1000);
    const tokenOnly = createSlurmCluster(
      { ...conn, secretKind: "token", secret: signSlurmToken(slurmSigningKey, conn.adminUser, now, 600) },
      { clock: systemClock },
    );
    const account = `sky_token_${run}`;
    await tokenOnly.ensureAccount({ account, description: "token", limits: UNLIMITED });
    await tokenOnly.ensureUser(account, users[0]);
    await expect(
      tokenOnly.submitJob({
        account,
        user: users[0],
        partition: "cpu",
        name: "t",
        script: sleepScript(1),
        cpus: 1,
        gpus: 0,
        timeLimitMinutes: 1,
      }),
    ).rejects.toMatchObject({ reason: "refused", message: expect.stringContaining("signing key") });
    await tokenOnly.removeAccount(account);
  });
});
