// Reservations on a Slurm 22.05 cluster. slurmrestd v0.0.38 only reads them (GET reservations):
// it has no call to create or delete one, so Skyledger runs `scontrol` on its own host, which must
// reach the cluster's controller (munge and a slurm.conf naming it, SLURM_CONF). Decision 0010
// says why and what an operator must provide; without it an approval fails with a message saying so.
import { execFile } from "node:child_process";
import { HpcClusterError, type Reservation } from "./hpc-cluster";

export type Scontrol = (args: string[]) => Promise<string>;

/** Runs `command` (scontrol) with the server's environment; its refusals become HpcClusterErrors. */
export function createScontrol(command = "scontrol", timeoutMs = 10_000): Scontrol {
  return (args) =>
    new Promise((resolve, reject) => {
      execFile(command, args, { timeout: timeoutMs, env: process.env }, (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if ((error as NodeJS.ErrnoException).code === "ENOENT")
          return reject(
            new HpcClusterError(
              "Skyledger cannot make reservations on this cluster: scontrol is not installed where Skyledger runs (slurmrestd 22.05 cannot create reservations; see decision 0010)",
              "unreachable",
            ),
          );
        const said = `${stderr}`.trim() || error.message;
        const busy = /nodes are busy|node configuration is not available/i.test(said);
        const invalid = /invalid (account|partition)/i.test(said);
        reject(new HpcClusterError(`scontrol: ${said}`, busy ? "limit" : invalid ? "invalid" : "refused"));
      });
    });
}

/** Slurm's relative time for `at` (`now`, or `now+Nseconds`) as scontrol reads it. */
const startOf = (at: Date, now: Date): string => {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  return seconds <= 0 ? "now" : `now+${seconds}seconds`;
};

/**
 * What `scontrol create reservation` gets: the account only, the partition's whole nodes, and
 * IGNORE_JOBS so that jobs already running on those nodes finish rather than block the approval.
 */
export function createReservationArgs(r: Reservation, now: Date): string[] {
  return [
    "create",
    "reservation",
    `reservationname=${r.name}`,
    `accounts=${r.account}`,
    `partition=${r.partition}`,
    `nodecnt=${r.nodes}`,
    `starttime=${startOf(r.start, now)}`,
    r.end === null
      ? "duration=infinite"
      : `duration=${Math.max(1, Math.ceil((r.end.getTime() - Math.max(r.start.getTime(), now.getTime())) / 60_000))}`,
    "flags=ignore_jobs",
  ];
}

/** The ClusterName of the controller scontrol reaches (`scontrol show config`). */
export const clusterNameOf = (config: string): string | null =>
  /^ClusterName\s*=\s*(\S+)/m.exec(config)?.[1] ?? null;
