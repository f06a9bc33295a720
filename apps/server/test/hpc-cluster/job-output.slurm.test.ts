// A Slurm job's output read over SFTP from the login host of scripts/sshd/start.sh (127.0.0.1:2222),
// as the console and the training log read it (modules/hpc/login-host.ts): slurmrestd only says
// where the file is. What the script echoed comes back; a long output is cut to its end and says
// so; a job that has not started has no output yet; a login host showing another key than the
// recorded one is refused for SFTP and the terminal alike, and no fingerprint means no connection.
// Creates its Unix user (not locked) and Slurm account, and removes them afterwards.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addLoginUser,
  LOGIN_HOST,
  type LoginUser,
  loginHostFingerprint,
  removeLoginUser,
  requireLoginHost,
} from "../../../../scripts/sshd/login-host";
import type { ClusterRow } from "../../src/modules/hpc/hpc.repo";
import { readJobOutput } from "../../src/modules/hpc/login-host";
import { systemClock } from "../../src/platform/clock";
import { createSecrets } from "../../src/platform/secrets";
import type { JobState } from "../../src/providers/hpc/hpc-cluster";
import { createSlurmCluster } from "../../src/providers/hpc/slurm-cluster";
import { OUTPUT_TAIL_BYTES, readFileTail } from "../../src/providers/hpc/ssh-files";
import {
  generateServiceKey,
  LoginHostKeyError,
  openLoginShell,
  scanLoginHostKey,
} from "../../src/providers/hpc/ssh-login";
import { sleepScript, UNLIMITED } from "./cluster-contract";
import { sleep, slurmConnection, slurmEnv } from "./real-cluster";

const sshd = requireLoginHost();

/** What `ssh-keygen -lf` says of the login host's key: the fingerprint an operator checks. */
const HOST_FINGERPRINT = loginHostFingerprint(sshd);
/** Another well-formed fingerprint: what a man in the middle's key would have. */
const OTHER_FINGERPRINT = `SHA256:${"A".repeat(43)}`;

const cluster = createSlurmCluster(slurmConnection("skyledger"), { clock: systemClock, timeoutMs: 10_000 });
const user = "skyl_output";
const account = `skyout_${Date.now().toString(36)}`;
const key = generateServiceKey("skyledger-output-suite");
// The row holds the service key sealed, as the clusters service stores it (decision 0013).
const secrets = createSecrets(randomBytes(32));
const workDir = mkdtempSync(path.join(tmpdir(), "skyledger-output-"));
chmodSync(workDir, 0o1777);
let login: LoginUser | null = null;
const jobIds: string[] = [];

/** The cluster's row as the hpc module reads it: login host, service key and pinned host key. */
const row = (fingerprint: string | null): ClusterRow => ({
  id: "cluster-output",
  name: "output",
  backend: "slurm",
  restUrl: slurmEnv.SLURM_REST_URL!,
  secretKind: "signingKey",
  secret: "",
  adminUser: "slurm",
  parentAccount: "skyledger",
  clusterName: slurmEnv.SLURM_CLUSTER_NAME!,
  loginHost: LOGIN_HOST,
  sshPrivateKey: secrets.seal(key.privateKey),
  sshPublicKey: key.publicKey,
  sshHostKeyFingerprint: fingerprint,
  sshHostKeyRecordedAt: fingerprint ? new Date() : null,
  createdBy: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  disabledAt: null,
});

async function submit(name: string, script: string): Promise<string> {
  const { jobId } = await cluster.submitJob({
    account,
    user,
    partition: "cpu",
    name,
    script,
    cpus: 1,
    gpus: 0,
    timeLimitMinutes: 5,
    workDir,
  });
  jobIds.push(jobId);
  return jobId;
}

/** Waits for the real cluster to report the job in one of `states`. */
async function reaches(jobId: string, states: JobState[], seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const records = await cluster.jobs({
      accounts: [account],
      from: new Date(Date.now() - 3_600_000),
      to: new Date(),
    });
    const state = records.find((r) => r.jobId === jobId)?.state;
    if (state && states.includes(state)) return;
    if (Date.now() > deadline)
      throw new Error(`job ${jobId} is ${state ?? "unknown"}, not ${states.join("/")}`);
    await sleep(500);
  }
}

const read = (
  jobId: string,
  fingerprint: string | null = HOST_FINGERPRINT,
  locale: "en-US" | "zh-CN" = "en-US",
) => readJobOutput({ cluster, row: row(fingerprint), secrets, user, jobId, locale });

beforeAll(async () => {
  login = addLoginUser(sshd, user, key.publicKey);
  await cluster.ensureAccount({
    account,
    description: "job output suite",
    limits: { ...UNLIMITED, runningJobs: 1 },
  });
  await cluster.ensureUser(account, user);
});

afterAll(async () => {
  for (const jobId of jobIds) await cluster.cancelJob(jobId).catch(() => undefined);
  await cluster.removeAccount(account).catch(() => undefined);
  if (login) removeLoginUser(login);
  rmSync(workDir, { recursive: true, force: true });
});

describe("job output over SFTP", () => {
  it("the login host shows the key `ssh-keygen -lf` reports for it", async () => {
    expect(HOST_FINGERPRINT).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(await scanLoginHostKey(LOGIN_HOST)).toBe(HOST_FINGERPRINT);
  });

  it("reads what a real job's script echoed, as the job's cluster user", async () => {
    const jobId = await submit(
      "output-echo",
      "#!/bin/bash\necho \"hello from $(whoami)\"\necho 'line two: 中文'\n",
    );
    await reaches(jobId, ["completed"]);
    const out = await read(jobId);
    expect(out).toEqual({
      available: true,
      text: `hello from ${user}\nline two: 中文\n`,
      path: `${workDir}/slurm-${jobId}.out`,
      truncated: false,
      unreadable: null,
    });
  });

  it("cuts a long output to its last 256 KiB and says so", async () => {
    // 60000 numbered lines of 7 bytes and more: about 400 KB.
    const jobId = await submit("output-long", "#!/bin/bash\nseq -f 'row %06g' 1 60000\n");
    await reaches(jobId, ["completed"]);
    const out = await read(jobId);
    expect(out.available).toBe(true);
    expect(out.truncated).toBe(true);
    expect(Buffer.byteLength(out.text ?? "")).toBeLessThanOrEqual(OUTPUT_TAIL_BYTES);
    expect(Buffer.byteLength(out.text ?? "")).toBeGreaterThan(OUTPUT_TAIL_BYTES - 16);
    expect(out.text?.endsWith("row 059999\nrow 060000\n")).toBe(true);
    expect(out.text).not.toContain("row 000001\n");
    // A short read of the same file: the tail is exactly the file's last bytes.
    const file = readFileSync(`${workDir}/slurm-${jobId}.out`);
    const tail = await readFileTail({
      loginHost: LOGIN_HOST,
      username: user,
      privateKey: key.privateKey,
      hostKeyFingerprint: HOST_FINGERPRINT,
      path: `${workDir}/slurm-${jobId}.out`,
      maxBytes: 1000,
    });
    expect(tail).toEqual({
      exists: true,
      text: file.subarray(file.length - 1000).toString("utf8"),
      size: file.length,
      truncated: true,
    });
  });

  it("says no output yet for a job that waits (no file)", async () => {
    // The account runs one job at a time: the second waits, so Slurm has made no file for it.
    const running = await submit("output-running", sleepScript(120));
    await reaches(running, ["running"]);
    const waiting = await submit("output-waiting", "#!/bin/bash\necho never\n");
    await reaches(waiting, ["pending"]);
    expect(existsSync(`${workDir}/slurm-${waiting}.out`)).toBe(false);
    const out = await read(waiting);
    expect(out).toMatchObject({ available: true, text: "", truncated: false, unreadable: null });
    await cluster.cancelJob(waiting);
    await cluster.cancelJob(running);
  });

  it("refuses a login host that shows another key, for SFTP and the terminal", async () => {
    const jobId = jobIds[0]!;
    const out = await read(jobId, OTHER_FINGERPRINT);
    expect(out).toMatchObject({ available: false, text: null, path: `${workDir}/slurm-${jobId}.out` });
    expect(out.unreadable).toBe(
      `The HPC login host's key has changed (recorded ${OTHER_FINGERPRINT}, shown now ${HOST_FINGERPRINT}): possibly a man-in-the-middle attack, so the connection was refused; ask the platform operator to check`,
    );
    expect((await read(jobId, OTHER_FINGERPRINT, "zh-CN")).unreadable).toContain("可能存在中间人攻击");
    await expect(
      readFileTail({
        loginHost: LOGIN_HOST,
        username: user,
        privateKey: key.privateKey,
        hostKeyFingerprint: OTHER_FINGERPRINT,
        path: `${workDir}/slurm-${jobId}.out`,
      }),
    ).rejects.toBeInstanceOf(LoginHostKeyError);
    await expect(
      openLoginShell({
        loginHost: LOGIN_HOST,
        username: user,
        privateKey: key.privateKey,
        hostKeyFingerprint: OTHER_FINGERPRINT,
        cols: 80,
        rows: 24,
      }),
    ).rejects.toMatchObject({
      name: "LoginHostKeyError",
      seen: HOST_FINGERPRINT,
      recorded: OTHER_FINGERPRINT,
    });
  });

  it("does not connect while no fingerprint is recorded", async () => {
    const jobId = jobIds[0]!;
    const out = await read(jobId, null, "zh-CN");
    expect(out).toMatchObject({ available: false, text: null, path: `${workDir}/slurm-${jobId}.out` });
    expect(out.unreadable).toBe(
      "该集群登录节点的主机密钥尚未登记，平台不会连接该节点；请联系平台运营人员登记",
    );
  });

  it("says why when the login host refuses the login", async () => {
    const jobId = jobIds[0]!;
    const out = await readJobOutput({
      cluster,
      row: {
        ...row(HOST_FINGERPRINT),
        sshPrivateKey: secrets.seal(generateServiceKey("not-installed").privateKey),
      },
      secrets,
      user,
      jobId,
      locale: "en-US",
    });
    expect(out.available).toBe(false);
    expect(out.unreadable).toMatch(
      /^The job's output could not be read from the login host: .*authentication/i,
    );
  });
});
