// The cluster SPI of a registered cluster by its id (the simulator or slurmrestd), for the step.
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import type { Secrets } from "../../../platform/secrets";
import { HpcClusterError } from "../../../providers/hpc/hpc-cluster";
import { createClusterFactory } from "../cluster-access";
import { findCluster } from "../hpc.repo";
import type { ClusterOf } from "./hpc-accounting.service";

export function createClusterOf(deps: { db: Db; clock: Clock; secrets: Secrets }): ClusterOf {
  const build = createClusterFactory(deps);
  return async (clusterId) => {
    const row = await findCluster(deps.db, clusterId);
    if (!row) throw new HpcClusterError(`cluster ${clusterId} is not registered`, "invalid");
    return build(row);
  };
}
