// The real one-node Slurm cluster of scripts/slurm/start.sh, as the Slurm suite's files reach it:
// the settings start.sh writes to .slurm/env (or SLURM_ENV_FILE) and a connection with the
// cluster's JWT signing key (the login host of scripts/sshd/start.sh is scripts/sshd/login-host.ts).
// Reading it fails the file at once with what to start when the cluster is not up.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ClusterConnection } from "../../src/providers/hpc/hpc-cluster";

const root = path.resolve(import.meta.dirname, "../../../..");

function readSlurmEnv(): Record<string, string> {
  const file = process.env.SLURM_ENV_FILE ?? path.join(root, ".slurm/env");
  if (!existsSync(file))
    throw new Error(
      `${file} is missing: start the cluster first (scripts/slurm/install.sh && scripts/slurm/start.sh)`,
    );
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

export const slurmEnv = readSlurmEnv();
// Reservations are made with scontrol on this host (decision 0010), which finds the controller
// through SLURM_CONF, as Skyledger's own environment would give it.
process.env.SLURM_CONF = slurmEnv.SLURM_CONF;

/** The cluster's HS256 signing key, base64, as an operator pastes it. */
export const slurmSigningKey = readFileSync(slurmEnv.SLURM_JWT_KEY_FILE!).toString("base64");

/** A connection to the real cluster that signs its own tokens, with Skyledger's accounts under `parentAccount`. */
export const slurmConnection = (parentAccount: string): ClusterConnection => ({
  restUrl: slurmEnv.SLURM_REST_URL!,
  secretKind: "signingKey",
  secret: slurmSigningKey,
  adminUser: slurmEnv.SLURM_ADMIN_USER!,
  parentAccount,
  clusterName: slurmEnv.SLURM_CLUSTER_NAME!,
});

/** Real time passing, for jobs that really run on the cluster. */
export const sleep = (ms: number): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks again every half second until `check` stops throwing, for up to `seconds`: a real cluster's
 * controller, accounting and REST daemon catch up with each other on their own time (no clock of
 * ours to move there).
 */
export async function eventually<T>(check: () => Promise<T>, seconds = 40): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(500);
    }
  }
}
