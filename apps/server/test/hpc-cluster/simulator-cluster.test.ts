// The cluster contract on the simulator, plus what only the simulator does (its queue settles on
// the injected clock). Real database (PGlite), fake clock, no sleeping.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHpcCluster } from "../../src/providers/hpc/clusters";
import type { HpcCluster } from "../../src/providers/hpc/hpc-cluster";
import { startTestApp, type TestApp } from "../support/harness";
import { defineClusterContract, sleepScript, UNLIMITED } from "./cluster-contract";

let t: TestApp;
let cluster: HpcCluster;
let counter = 0;

beforeAll(async () => {
  t = await startTestApp();
  cluster = createHpcCluster(
    "simulator",
    {
      restUrl: "simulator",
      secretKind: "token",
      secret: "",
      adminUser: "slurm",
      parentAccount: "skyledger",
      clusterName: "sim-contract",
    },
    { db: t.database.db, clock: t.clock },
  );
});
afterAll(() => t.close());

defineClusterContract("simulator", () => ({
  cluster,
  users: ["alice", "bob"],
  cpuPartition: "cpu",
  gpuPartition: "gpu",
  keepsCpuMinutes: true,
  account: (tag) => `sim_${tag}_${++counter}`,
  now: () => t.clock.now(),
  wait: async (seconds) => t.clock.advance(seconds * 1000),
  eventually: (check) => check(),
}));

describe("simulator: the queue on the clock", () => {
  it("starts a waiting job at the moment the job before it ends, and runs a job no longer than its time limit", async () => {
    const account = "sim_queue";
    await cluster.ensureAccount({ account, description: "queue", limits: { ...UNLIMITED, cpus: 64 } });
    await cluster.ensureUser(account, "alice");
    const base = { account, user: "alice", partition: "cpu", name: "q", gpus: 0, timeLimitMinutes: 1 };
    const submitted = t.clock.now();
    const first = await cluster.submitJob({ ...base, cpus: 64, script: sleepScript(10) });
    const second = await cluster.submitJob({ ...base, cpus: 64, script: "#!/bin/bash\nsleep 1000\n" });
    t.clock.advance(3_600_000);
    const records = await cluster.jobs({ accounts: [account], from: submitted, to: t.clock.now() });
    const [a, b] = [first, second].map((j) => records.find((r) => r.jobId === j.jobId)!);
    expect(a!.endedAt!.getTime() - submitted.getTime()).toBe(10_000);
    expect(b!.startedAt).toEqual(a!.endedAt);
    // Its script would sleep 1000 s: the one-minute time limit ends it.
    expect(b!.endedAt!.getTime() - b!.startedAt!.getTime()).toBe(60_000);
    expect(b!.state).toBe("completed");
  });

  it("refuses a submission beyond MaxSubmitJobs and keeps jobs beyond MaxJobs waiting", async () => {
    const account = "sim_counts";
    await cluster.ensureAccount({
      account,
      description: "counts",
      limits: { ...UNLIMITED, runningJobs: 1, maxSubmitJobs: 2 },
    });
    await cluster.ensureUser(account, "alice");
    const base = {
      account,
      user: "alice",
      partition: "cpu",
      name: "c",
      cpus: 1,
      gpus: 0,
      timeLimitMinutes: 5,
    };
    const one = await cluster.submitJob({ ...base, script: sleepScript(60) });
    const two = await cluster.submitJob({ ...base, script: sleepScript(60) });
    await expect(cluster.submitJob({ ...base, script: sleepScript(60) })).rejects.toMatchObject({
      reason: "held",
    });
    const now = t.clock.now();
    const records = await cluster.jobs({ accounts: [account], from: now, to: now });
    expect(records.map((r) => [r.jobId, r.state, r.reason ?? null])).toEqual([
      [one.jobId, "running", null],
      [two.jobId, "pending", "AssocMaxJobsLimit"],
    ]);
  });

  it("keeps a job pending when its time limit would overrun the core-minute budget, and ends a failing one as failed", async () => {
    const account = "sim_budget";
    await cluster.ensureAccount({
      account,
      description: "budget",
      limits: { ...UNLIMITED, cpuMinutes: 100 },
    });
    await cluster.ensureUser(account, "alice");
    const base = { account, user: "alice", partition: "cpu", name: "b", gpus: 0 };
    const fits = await cluster.submitJob({
      ...base,
      cpus: 10,
      timeLimitMinutes: 10,
      script: "#!/bin/bash\n#SIM runtime=60 exit=3\n",
    });
    const over = await cluster.submitJob({
      ...base,
      cpus: 10,
      timeLimitMinutes: 10,
      script: sleepScript(60),
    });
    t.clock.advance(120_000);
    const records = await cluster.jobs({ accounts: [account], from: new Date(0), to: t.clock.now() });
    expect(records.find((r) => r.jobId === fits.jobId)).toMatchObject({ state: "failed", exitCode: 3 });
    // 10 CPU-minutes used; 10 CPUs × 10 minutes more would pass 100.
    expect(records.find((r) => r.jobId === over.jobId)).toMatchObject({
      state: "pending",
      reason: "AssocGrpCPUMinutesLimit",
    });
  });

  it("refuses a user who is not a member and a script without #!", async () => {
    const account = "sim_refuse";
    await cluster.ensureAccount({ account, description: "refuse", limits: UNLIMITED });
    await cluster.ensureUser(account, "alice");
    const base = { account, partition: "cpu", name: "r", cpus: 1, gpus: 0, timeLimitMinutes: 5 };
    await expect(
      cluster.submitJob({ ...base, user: "mallory", script: sleepScript(1) }),
    ).rejects.toMatchObject({
      reason: "refused",
    });
    await expect(cluster.submitJob({ ...base, user: "alice", script: "sleep 1" })).rejects.toMatchObject({
      reason: "invalid",
    });
  });
});
