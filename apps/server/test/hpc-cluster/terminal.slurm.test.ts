// The HPC terminal's SSH side against the real cluster and the login host of scripts/sshd/start.sh
// (127.0.0.1:2222): a member's job submitted through slurmrestd is seen by `squeue` typed in the
// shell Skyledger opens with the cluster's service key as that member. Creates its Unix user (not
// locked) and Slurm account, and removes them afterwards.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  addLoginUser,
  LOGIN_HOST,
  type LoginUser,
  removeLoginUser,
  requireLoginHost,
} from "../../../../scripts/sshd/login-host";
import { systemClock } from "../../src/platform/clock";
import { createSlurmCluster } from "../../src/providers/hpc/slurm-cluster";
import {
  generateServiceKey,
  type LoginShell,
  openLoginShell,
  scanLoginHostKey,
} from "../../src/providers/hpc/ssh-login";
import { sleepScript, UNLIMITED } from "./cluster-contract";
import { slurmConnection, slurmEnv } from "./real-cluster";

const sshd = requireLoginHost();

const cluster = createSlurmCluster(slurmConnection("skyledger"), { clock: systemClock, timeoutMs: 10_000 });
const user = "skyl_term";
const account = `skyterm_${Date.now().toString(36)}`;
const key = generateServiceKey("skyledger-slurm-suite");
const workDir = mkdtempSync(path.join(tmpdir(), "skyledger-term-"));
chmodSync(workDir, 0o1777);
let login: LoginUser | null = null;
let shell: LoginShell | null = null;

beforeAll(async () => {
  login = addLoginUser(sshd, user, key.publicKey);
  await cluster.ensureAccount({ account, description: "terminal suite", limits: UNLIMITED });
  await cluster.ensureUser(account, user);
});

afterAll(async () => {
  shell?.close();
  await cluster.removeAccount(account).catch(() => undefined);
  if (login) removeLoginUser(login);
  rmSync(workDir, { recursive: true, force: true });
});

it("the member's shell on the login host sees their job in squeue", async () => {
  const job = await cluster.submitJob({
    account,
    user,
    partition: "cpu",
    name: "terminal-squeue",
    script: sleepScript(60),
    cpus: 1,
    gpus: 0,
    timeLimitMinutes: 5,
    workDir,
  });
  const opened = await openLoginShell({
    loginHost: LOGIN_HOST,
    // The login host's key, pinned as the operator records it (decision 0012).
    hostKeyFingerprint: await scanLoginHostKey(LOGIN_HOST),
    username: user,
    privateKey: key.privateKey,
    cols: 200,
    rows: 40,
  });
  shell = opened;
  let output = "";
  const seen = new Promise<void>((resolve) => {
    opened.onData((data) => {
      output += data;
      if (output.includes(`JOB=${job.jobId} ${user}`)) resolve();
    });
  });
  opened.write(
    `export SLURM_CONF=${slurmEnv.SLURM_CONF}; whoami; squeue -h -u $(whoami) -o 'JOB=%i %u %a' ; exit\n`,
  );
  await seen;
  expect(output).toContain(`JOB=${job.jobId} ${user} ${account}`);
  await cluster.cancelJob(job.jobId);
});
