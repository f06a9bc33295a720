// The contract every implementation of the cluster SPI keeps: the same cases run against the
// simulator (simulator-cluster.test.ts, in the normal suite, on the fake clock) and against a real
// Slurm cluster (slurm-cluster.slurm.test.ts, `npm run test:slurm`). Jobs finish by themselves:
// their script sleeps as long as its `#SIM runtime=` line tells the simulator.
import { describe, expect, it } from "vitest";
import {
  type AccountLimits,
  type HpcCluster,
  HpcClusterError,
  type JobRecord,
  type JobSubmission,
} from "../../src/providers/hpc/hpc-cluster";

export type ContractFixture = {
  cluster: HpcCluster;
  /** Two cluster users that exist on the cluster's nodes. */
  users: [string, string];
  /** A working directory both users may write their jobs' output to. */
  workDir: string;
  cpuPartition: string;
  gpuPartition: string;
  /** Whether the cluster keeps a core-minute budget (Slurm 22.05's REST API cannot set GrpTRESMins). */
  keepsCpuMinutes: boolean;
  /** A fresh account name for one case (a real cluster keeps its accounts between runs). */
  account(tag: string): string;
  now(): Date;
  /** Lets `seconds` of cluster time pass: the simulator moves its clock, a real cluster is waited for. */
  wait(seconds: number): Promise<void>;
  /** Retries `check` until it passes (a real cluster settles a moment later); the simulator checks once. */
  eventually<T>(check: () => Promise<T>): Promise<T>;
};

export const UNLIMITED: AccountLimits = {
  cpus: null,
  gpus: null,
  runningJobs: null,
  maxSubmitJobs: null,
  cpuMinutes: null,
};

/** A script that runs `seconds` on both: it sleeps, and tells the simulator how long. */
export const sleepScript = (seconds: number) => `#!/bin/bash\n#SIM runtime=${seconds}\nsleep ${seconds}\n`;

export function defineClusterContract(label: string, fixture: () => ContractFixture): void {
  describe(`${label}: the cluster contract`, () => {
    const job = (fx: ContractFixture, account: string, over: Partial<JobSubmission> = {}): JobSubmission => ({
      account,
      user: fx.users[0],
      partition: fx.cpuPartition,
      name: "contract",
      script: sleepScript(2),
      cpus: 1,
      gpus: 0,
      timeLimitMinutes: 5,
      workDir: fx.workDir,
      ...over,
    });

    const recordOf = async (fx: ContractFixture, account: string, jobId: string): Promise<JobRecord> => {
      const records = await fx.cluster.jobs({
        accounts: [account],
        from: new Date(fx.now().getTime() - 3_600_000),
        to: new Date(fx.now().getTime() + 60_000),
      });
      const record = records.find((r) => r.jobId === jobId);
      if (!record) throw new Error(`job ${jobId} not in accounting yet`);
      return record;
    };

    const refusal = async (promise: Promise<unknown>): Promise<HpcClusterError> => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(HpcClusterError);
      return error as HpcClusterError;
    };

    it("reports its health: controller, accounting, partitions with CPUs and GPUs", async () => {
      const fx = fixture();
      const health = await fx.cluster.health();
      expect(health).toMatchObject({ controller: true, accounting: true, error: null });
      const names = health.partitions.map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining([fx.cpuPartition, fx.gpuPartition]));
      expect(health.partitions.find((p) => p.name === fx.gpuPartition)!.gpus).toBeGreaterThanOrEqual(8);
      expect(health.cpus).toBeGreaterThanOrEqual(64);
      expect(health.gpus).toBeGreaterThanOrEqual(8);
    });

    it("creates an account with its limits, updates them, and ensureAccount twice keeps one account", async () => {
      const fx = fixture();
      const account = fx.account("limits");
      const first: AccountLimits = { cpus: 8, gpus: 2, runningJobs: 4, maxSubmitJobs: 20, cpuMinutes: 6000 };
      await fx.cluster.ensureAccount({ account, description: "contract limits", limits: first });
      const kept = fx.keepsCpuMinutes ? first : { ...first, cpuMinutes: null };
      expect(await fx.cluster.getAccount(account)).toEqual({ account, limits: kept, users: [] });

      const second: AccountLimits = { ...first, cpus: 16, gpus: null, cpuMinutes: null };
      await fx.cluster.ensureAccount({ account, description: "contract limits", limits: second });
      await fx.cluster.ensureUser(account, fx.users[0]);
      await fx.cluster.ensureUser(account, fx.users[0]);
      await fx.cluster.ensureUser(account, fx.users[1]);
      expect(await fx.cluster.getAccount(account)).toEqual({
        account,
        limits: second,
        users: [...fx.users].sort(),
      });

      await fx.cluster.setLimits(account, UNLIMITED);
      expect((await fx.cluster.getAccount(account))?.limits).toEqual(UNLIMITED);
      await fx.cluster.removeUser(account, fx.users[1]);
      expect((await fx.cluster.getAccount(account))?.users).toEqual([fx.users[0]]);
      await fx.cluster.removeAccount(account);
    });

    it("runs a job within the limits and keeps one over the account's CPU limit pending until it is raised", async () => {
      const fx = fixture();
      const account = fx.account("grpcpu");
      await fx.cluster.ensureAccount({ account, description: "contract", limits: { ...UNLIMITED, cpus: 8 } });
      await fx.cluster.ensureUser(account, fx.users[0]);
      const within = await fx.cluster.submitJob(job(fx, account, { cpus: 4, script: sleepScript(60) }));
      const over = await fx.cluster.submitJob(job(fx, account, { cpus: 16, script: sleepScript(2) }));
      await fx.eventually(async () => {
        expect((await recordOf(fx, account, within.jobId)).state).toBe("running");
        // Nothing allocated while it waits; what it asked for is reported beside.
        expect(await recordOf(fx, account, over.jobId)).toMatchObject({
          state: "pending",
          cpus: 0,
          gpus: 0,
          requestedCpus: 16,
          requestedGpus: 0,
          startedAt: null,
        });
        // Slurm's own reason for the pool's CPU limit (QOSGrpCpuLimit; AssocGrpCpuLimit on an association).
        expect((await recordOf(fx, account, over.jobId)).reason).toMatch(/GrpCpuLimit$/);
      });
      await fx.wait(3);
      expect((await recordOf(fx, account, over.jobId)).state).toBe("pending");

      await fx.cluster.setLimits(account, { ...UNLIMITED, cpus: 32 });
      await fx.eventually(async () => {
        const started = await recordOf(fx, account, over.jobId);
        expect(started.state).not.toBe("pending");
        expect(started).toMatchObject({ cpus: 16, requestedCpus: 16 });
      });
      await fx.cluster.cancelJob(within.jobId);
      await fx.cluster.cancelJob(over.jobId);
      await fx.cluster.removeAccount(account);
    });

    it("reports a GPU job held over the account's GPU limit with the CPUs and GPUs it asked for, none allocated", async () => {
      const fx = fixture();
      const account = fx.account("grpgpu");
      await fx.cluster.ensureAccount({ account, description: "contract", limits: { ...UNLIMITED, gpus: 1 } });
      await fx.cluster.ensureUser(account, fx.users[0]);
      const held = await fx.cluster.submitJob(
        job(fx, account, { partition: fx.gpuPartition, cpus: 3, gpus: 2, script: sleepScript(2) }),
      );
      await fx.eventually(async () => {
        const record = await recordOf(fx, account, held.jobId);
        expect(record).toMatchObject({
          state: "pending",
          cpus: 0,
          gpus: 0,
          requestedCpus: 3,
          requestedGpus: 2,
          startedAt: null,
        });
        expect(record.reason).toMatch(/GrpGRES$/);
      });
      await fx.cluster.cancelJob(held.jobId);
      await fx.cluster.removeAccount(account);
    });

    it("counts running and queued jobs for the whole account, whichever member submitted them", async () => {
      const fx = fixture();
      const account = fx.account("counts");
      await fx.cluster.ensureAccount({
        account,
        description: "contract",
        limits: { ...UNLIMITED, runningJobs: 1, maxSubmitJobs: 2 },
      });
      for (const user of fx.users) await fx.cluster.ensureUser(account, user);
      const first = await fx.cluster.submitJob(job(fx, account, { script: sleepScript(60) }));
      const second = await fx.cluster.submitJob(
        job(fx, account, { user: fx.users[1], script: sleepScript(60) }),
      );
      await fx.eventually(async () => {
        expect((await recordOf(fx, account, first.jobId)).state).toBe("running");
        const waiting = await recordOf(fx, account, second.jobId);
        expect(waiting.state).toBe("pending");
        expect(waiting.reason).toMatch(/MaxJobs/);
      });
      const third = await refusal(fx.cluster.submitJob(job(fx, account, { user: fx.users[1] })));
      expect(third.reason).toBe("held");
      await fx.cluster.removeAccount(account);
    });

    it("refuses a job larger than the partition", async () => {
      const fx = fixture();
      const account = fx.account("toobig");
      await fx.cluster.ensureAccount({ account, description: "contract", limits: UNLIMITED });
      await fx.cluster.ensureUser(account, fx.users[0]);
      const error = await refusal(fx.cluster.submitJob(job(fx, account, { cpus: 100_000 })));
      expect(error.reason).toBe("limit");
      await fx.cluster.removeAccount(account);
    });

    it("holds an account (MaxSubmitJobs 0 refuses a submission) and accepts one once the hold is lifted", async () => {
      const fx = fixture();
      const account = fx.account("hold");
      await fx.cluster.ensureAccount({ account, description: "contract", limits: { ...UNLIMITED, cpus: 8 } });
      await fx.cluster.ensureUser(account, fx.users[0]);
      await fx.cluster.setLimits(account, { ...UNLIMITED, cpus: 8, maxSubmitJobs: 0 });
      expect((await fx.cluster.getAccount(account))?.limits.maxSubmitJobs).toBe(0);
      const error = await fx.eventually(() => refusal(fx.cluster.submitJob(job(fx, account))));
      expect(error.reason).toBe("held");

      await fx.cluster.setLimits(account, { ...UNLIMITED, cpus: 8 });
      const accepted = await fx.eventually(() => fx.cluster.submitJob(job(fx, account)));
      expect(accepted.jobId).toMatch(/^\d+$/);
      await fx.cluster.cancelJob(accepted.jobId);
      await fx.cluster.removeAccount(account);
    });

    it("cancels a running and a pending job at the time of the cancel; cancelling again is fine", async () => {
      const fx = fixture();
      const account = fx.account("cancel");
      await fx.cluster.ensureAccount({ account, description: "contract", limits: { ...UNLIMITED, cpus: 4 } });
      await fx.cluster.ensureUser(account, fx.users[0]);
      const running = await fx.cluster.submitJob(job(fx, account, { cpus: 4, script: sleepScript(120) }));
      const pending = await fx.cluster.submitJob(job(fx, account, { cpus: 4, script: sleepScript(120) }));
      await fx.eventually(async () => {
        expect((await recordOf(fx, account, running.jobId)).state).toBe("running");
        expect((await recordOf(fx, account, pending.jobId)).state).toBe("pending");
      });
      await fx.wait(2);
      const before = fx.now();
      // The pending one first: cancelling the running one frees the CPUs it waits for.
      await fx.cluster.cancelJob(pending.jobId);
      await fx.cluster.cancelJob(running.jobId);
      await fx.cluster.cancelJob(running.jobId);
      const after = fx.now();
      await fx.eventually(async () => {
        const ran = await recordOf(fx, account, running.jobId);
        expect(ran.state).toBe("cancelled");
        expect(ran.cpus).toBe(4);
        // Slurm keeps whole seconds.
        expect(ran.endedAt!.getTime()).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000);
        expect(ran.endedAt!.getTime()).toBeLessThanOrEqual(after.getTime() + 1000);
        expect(ran.endedAt!.getTime() - ran.startedAt!.getTime()).toBeGreaterThanOrEqual(1000);
      });
      // The job cancelled while waiting never runs.
      await fx.wait(2);
      const never = await fx.cluster.jobs({
        accounts: [account],
        from: new Date(fx.now().getTime() - 3_600_000),
        to: new Date(fx.now().getTime() + 60_000),
      });
      expect(never.find((r) => r.jobId === pending.jobId)?.startedAt ?? null).toBeNull();
      await fx.cluster.removeAccount(account);
    });

    it("gives a job's output, or where on the cluster it is written; an unknown job is invalid", async () => {
      const fx = fixture();
      const account = fx.account("output");
      await fx.cluster.ensureAccount({ account, description: "contract", limits: UNLIMITED });
      await fx.cluster.ensureUser(account, fx.users[0]);
      const { jobId } = await fx.cluster.submitJob(
        job(fx, account, { script: "#!/bin/bash\n#SIM runtime=1\necho contract-output\n" }),
      );
      await fx.wait(3);
      const output = await fx.eventually(async () => {
        expect((await recordOf(fx, account, jobId)).state).toBe("completed");
        return fx.cluster.jobOutput(jobId);
      });
      if (output.available) expect(output.text).toContain("contract-output");
      else expect(output.path).toBe(`${fx.workDir}/slurm-${jobId}.out`);
      await expect(fx.cluster.jobOutput("987654321")).rejects.toMatchObject({ reason: "invalid" });
      await fx.cluster.removeAccount(account);
    });

    it("reports a finished job's CPUs, GPUs, start, end, state and exit code from accounting", async () => {
      const fx = fixture();
      const account = fx.account("acct");
      await fx.cluster.ensureAccount({ account, description: "contract", limits: UNLIMITED });
      await fx.cluster.ensureUser(account, fx.users[1]);
      const submittedAt = fx.now();
      const { jobId } = await fx.cluster.submitJob(
        job(fx, account, {
          user: fx.users[1],
          partition: fx.gpuPartition,
          cpus: 2,
          gpus: 1,
          name: "figures",
        }),
      );
      await fx.wait(3);
      const record = await fx.eventually(async () => {
        const r = await recordOf(fx, account, jobId);
        expect(r.state).toBe("completed");
        return r;
      });
      expect(record).toMatchObject({
        jobId,
        name: "figures",
        account,
        user: fx.users[1],
        partition: fx.gpuPartition,
        cpus: 2,
        gpus: 1,
        timeLimitMinutes: 5,
        exitCode: 0,
      });
      expect(record.submittedAt.getTime()).toBeGreaterThanOrEqual(
        Math.floor(submittedAt.getTime() / 1000) * 1000,
      );
      expect(record.startedAt!.getTime()).toBeGreaterThanOrEqual(record.submittedAt.getTime());
      const elapsed = (record.endedAt!.getTime() - record.startedAt!.getTime()) / 1000;
      expect(elapsed).toBeGreaterThanOrEqual(2);
      expect(elapsed).toBeLessThanOrEqual(4);

      // A window after the job ended does not list it; one that covers its run does.
      const later = await fx.cluster.jobs({
        accounts: [account],
        from: new Date(record.endedAt!.getTime() + 1000),
        to: new Date(record.endedAt!.getTime() + 3_600_000),
      });
      expect(later.map((r) => r.jobId)).not.toContain(jobId);
      const covering = await fx.cluster.jobs({
        accounts: [account],
        from: record.startedAt!,
        to: record.endedAt!,
      });
      expect(covering.map((r) => r.jobId)).toContain(jobId);
      await fx.cluster.removeAccount(account);
    });

    it("removes an account: it is gone, removing it again is fine, and its users can no longer submit", async () => {
      const fx = fixture();
      const account = fx.account("remove");
      await fx.cluster.ensureAccount({ account, description: "contract", limits: UNLIMITED });
      await fx.cluster.ensureUser(account, fx.users[0]);
      await fx.cluster.removeAccount(account);
      expect(await fx.cluster.getAccount(account)).toBeNull();
      await fx.cluster.removeAccount(account);
      await refusal(fx.cluster.submitJob(job(fx, account)));
    });

    // A real cluster here may be shared: the reservation is held for seconds and always removed.
    it("reserves a partition's nodes for one account: its jobs run there, another's wait with Resources until it is removed", async () => {
      const fx = fixture();
      const owner = fx.account("resv");
      const other = fx.account("resvo");
      const name = `${owner}_r`;
      const nodes = (await fx.cluster.health()).partitions.find((p) => p.name === fx.gpuPartition)!.nodes;
      for (const account of [owner, other]) {
        await fx.cluster.ensureAccount({ account, description: "contract reservation", limits: UNLIMITED });
        await fx.cluster.ensureUser(account, fx.users[0]);
      }
      try {
        const refused = await refusal(
          fx.cluster.createReservation({
            name,
            account: owner,
            partition: fx.gpuPartition,
            nodes: nodes + 1,
            start: fx.now(),
            end: null,
          }),
        );
        expect(refused.reason, refused.message).toBe("limit");
        const reservation = {
          name,
          account: owner,
          partition: fx.gpuPartition,
          nodes,
          start: fx.now(),
          end: null,
        };
        await fx.cluster.createReservation(reservation);
        await fx.cluster.createReservation(reservation);
        expect((await fx.cluster.reservations()).find((r) => r.name === name)).toMatchObject({
          account: owner,
          partition: fx.gpuPartition,
          nodes,
        });
        // Only the owner may run in it.
        await refusal(
          fx.cluster.submitJob(job(fx, other, { partition: fx.gpuPartition, reservation: name })),
        );
        const inside = await fx.cluster.submitJob(
          job(fx, owner, { partition: fx.gpuPartition, gpus: 1, reservation: name, script: sleepScript(30) }),
        );
        const outside = await fx.cluster.submitJob(
          job(fx, other, { partition: fx.gpuPartition, gpus: 1, script: sleepScript(1) }),
        );
        await fx.eventually(async () => {
          expect((await recordOf(fx, owner, inside.jobId)).state).toBe("running");
          const waiting = await recordOf(fx, other, outside.jobId);
          expect(waiting.state).toBe("pending");
          expect(waiting.reason).toMatch(/Resources|ReqNodeNotAvail/);
        });
        // Removing it cancels the jobs that run in it; the nodes go back to everyone.
        await fx.cluster.removeReservation(name);
        await fx.cluster.removeReservation(name);
        expect((await fx.cluster.reservations()).map((r) => r.name)).not.toContain(name);
        await fx.eventually(async () => {
          expect((await recordOf(fx, owner, inside.jobId)).state).toBe("cancelled");
          expect((await recordOf(fx, other, outside.jobId)).state).not.toBe("pending");
        });
      } finally {
        await fx.cluster.removeReservation(name);
        await fx.cluster.removeAccount(owner);
        await fx.cluster.removeAccount(other);
      }
    });
  });
}
