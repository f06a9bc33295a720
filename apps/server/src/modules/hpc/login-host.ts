// What the hpc module needs of a cluster's login host, for the terminal and for job output read
// over SFTP (decisions 0011, 0012): the host, the service key and the pinned host key fingerprint,
// and the caller's-language message for a connection that failed or was refused.
import { type ErrorKey, errorText, type Locale } from "@skyledger/contracts";
import type { Secrets } from "../../platform/secrets";
import type { HpcCluster, JobOutput } from "../../providers/hpc/hpc-cluster";
import { type FileTail, readFileTail } from "../../providers/hpc/ssh-files";
import { LoginHostError, LoginHostKeyError } from "../../providers/hpc/ssh-login";
import type { ClusterRow } from "./hpc.repo";

export type LoginTarget = { loginHost: string; privateKey: string; hostKeyFingerprint: string };

/**
 * The cluster's login host when Skyledger may connect to it, or why not (an error key); the
 * service key is stored sealed and opened here (decision 0013).
 */
export function loginTargetOf(c: ClusterRow, secrets: Secrets): LoginTarget | ErrorKey {
  if (!c.loginHost || !c.sshPrivateKey) return "HPC_LOGIN_HOST_MISSING";
  if (!c.sshHostKeyFingerprint) return "HPC_LOGIN_HOST_KEY_MISSING";
  return {
    loginHost: c.loginHost,
    privateKey: secrets.open(c.sshPrivateKey),
    hostKeyFingerprint: c.sshHostKeyFingerprint,
  };
}

/** A failed connection in the caller's language: a changed host key says so, else `key` with SSH's reason. */
export function loginHostMessage(err: LoginHostError, locale: Locale, key: ErrorKey): string {
  if (err instanceof LoginHostKeyError)
    return errorText("HPC_LOGIN_HOST_KEY_CHANGED", locale, { recorded: err.recorded, seen: err.seen });
  return errorText(key, locale, { reason: err.message });
}

/** A job's output as the console and the training job show it. */
export type JobOutputView = {
  available: boolean;
  text: string | null;
  path: string | null;
  truncated: boolean;
  unreadable: string | null;
};

/**
 * The job's output: what the cluster answers, or — when it keeps the output in a file (Slurm) —
 * the file's end read over SFTP from the login host as `user`, the job's cluster user. A file not
 * there yet is empty output ("no output yet"); a host that cannot be reached or refuses is
 * `unreadable` with the path kept, so the page still shows the job. A cluster without a login
 * host answers the path only, as before. Errors of the cluster itself (HpcClusterError) propagate.
 */
export async function readJobOutput(input: {
  cluster: HpcCluster;
  row: ClusterRow;
  secrets: Secrets;
  user: string;
  jobId: string;
  locale: Locale;
  readFile?: typeof readFileTail;
}): Promise<JobOutputView> {
  const out: JobOutput = await input.cluster.jobOutput(input.jobId);
  if (out.available)
    return { available: true, text: out.text, path: null, truncated: false, unreadable: null };
  const onCluster = { available: false, text: null, path: out.path, truncated: false };
  const target = loginTargetOf(input.row, input.secrets);
  if (target === "HPC_LOGIN_HOST_MISSING") return { ...onCluster, unreadable: null };
  if (typeof target === "string") return { ...onCluster, unreadable: errorText(target, input.locale) };
  let tail: FileTail;
  try {
    tail = await (input.readFile ?? readFileTail)({ ...target, username: input.user, path: out.path });
  } catch (err) {
    if (!(err instanceof LoginHostError)) throw err;
    return { ...onCluster, unreadable: loginHostMessage(err, input.locale, "HPC_JOB_OUTPUT_UNREADABLE") };
  }
  if (!tail.exists) return { available: true, text: "", path: out.path, truncated: false, unreadable: null };
  return { available: true, text: tail.text, path: out.path, truncated: tail.truncated, unreadable: null };
}
