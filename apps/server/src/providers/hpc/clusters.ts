// Picks the implementation of the cluster SPI a registered cluster uses.
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ClusterConnection, HpcCluster } from "./hpc-cluster";
import { createSimulatorCluster } from "./simulator-cluster";
import { createSlurmCluster } from "./slurm-cluster";

export type HpcBackend = "simulator" | "slurm";

export function createHpcCluster(
  backend: HpcBackend,
  conn: ClusterConnection,
  deps: { db: Db; clock: Clock; timeoutMs?: number; fetch?: typeof fetch },
): HpcCluster {
  switch (backend) {
    case "simulator":
      return createSimulatorCluster(conn, deps);
    case "slurm":
      return createSlurmCluster(conn, deps);
  }
}
