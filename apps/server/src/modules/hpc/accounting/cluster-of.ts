// The cluster SPI of a registered cluster, built from its row (the simulator or slurmrestd).
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import { createHpcCluster } from "../../../providers/hpc/clusters";
import { HpcClusterError } from "../../../providers/hpc/hpc-cluster";
import { clusterRow } from "./hpc-accounting.repo";
import type { ClusterOf } from "./hpc-accounting.service";

export function createClusterOf(deps: { db: Db; clock: Clock }): ClusterOf {
  return async (clusterId) => {
    const row = await clusterRow(deps.db, clusterId);
    if (!row) throw new HpcClusterError(`cluster ${clusterId} is not registered`, "invalid");
    return createHpcCluster(
      row.backend,
      {
        restUrl: row.restUrl,
        secretKind: row.secretKind,
        secret: row.secret,
        adminUser: row.adminUser,
        parentAccount: row.parentAccount,
        clusterName: row.clusterName,
      },
      deps,
    );
  };
}
