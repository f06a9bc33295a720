// Picks the implementation of the cluster SPI a registered cluster uses.
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ClusterConnection, HpcCluster } from "./hpc-cluster";
import { createSimulatorCluster } from "./simulator-cluster";

export type HpcBackend = "simulator" | "slurm";

export function createHpcCluster(
  backend: HpcBackend,
  conn: ClusterConnection,
  deps: { db: Db; clock: Clock },
): HpcCluster {
  switch (backend) {
    case "simulator":
      return createSimulatorCluster(conn, deps);
    case "slurm":
      throw new Error("the Slurm implementation lands in the next commit of this branch");
  }
}
