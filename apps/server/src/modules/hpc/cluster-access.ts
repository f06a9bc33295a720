// How the hpc module reaches a registered cluster: the row's connection, the implementation its
// backend names (providers/hpc/clusters.ts), and the stable names Skyledger gives a pool's Slurm
// account and its members' cluster users.
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { Secrets } from "../../platform/secrets";
import { createHpcCluster } from "../../providers/hpc/clusters";
import type { ClusterConnection, HpcCluster } from "../../providers/hpc/hpc-cluster";
import type { ClusterRow } from "./hpc.repo";

/** The cluster a row names; tests pass their own to make a cluster fail at a chosen step. */
export type ClusterFactory = (row: ClusterRow) => HpcCluster;

/** The row's connection, its secret opened (it is stored sealed, decision 0013). */
export const connectionOf = (row: ClusterRow, secrets: Secrets): ClusterConnection => ({
  restUrl: row.restUrl,
  secretKind: row.secretKind,
  secret: secrets.open(row.secret),
  adminUser: row.adminUser,
  parentAccount: row.parentAccount,
  clusterName: row.clusterName,
});

export function createClusterFactory(deps: { db: Db; clock: Clock; secrets: Secrets }): ClusterFactory {
  return (row) => createHpcCluster(row.backend, connectionOf(row, deps.secrets), deps);
}

const hex = (id: string, length: number) =>
  id
    .replace(/[^0-9a-z]/gi, "")
    .toLowerCase()
    .slice(0, length);

/**
 * The pool's Slurm account: `sk_<organisation>_<subscription>` from their ids, stable across
 * retries (a create retried after a crash finds the account it made) and unique per subscription.
 */
export const accountNameOf = (orgId: string, resourceId: string): string =>
  `sk_${hex(orgId, 8)}_${hex(resourceId, 12)}`;

/**
 * The cluster (Unix) user a member's jobs run as: `sk_<organisation>_<account>`, at most 32
 * characters as Linux user names; the same person has the same user in every pool of theirs.
 */
export const clusterUserOf = (orgId: string, account: string): string =>
  `sk_${hex(orgId, 8)}_${account.toLowerCase().replace(/[^a-z0-9_-]/g, "_")}`.slice(0, 32);
