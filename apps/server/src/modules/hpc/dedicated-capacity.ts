// Whether a dedicated pool's nodes can be reserved now (issue 14 item 3: an activation the cluster
// cannot satisfy stays waiting). Asked before an operator's activation changes anything: the
// partition's nodes minus those other pools' reservations hold now or later. A refusal names how
// many are free and how many are asked; the application stays pending, nothing is made on the
// cluster and no money moves. Provisioning still checks again (the cluster's own refusal of the
// reservation), since another reservation may be made between this answer and the activation.
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { HpcClusterError } from "../../providers/hpc/hpc-cluster";
import type { ClusterFactory } from "./cluster-access";
import { findCluster } from "./hpc.repo";

export type DedicatedNodes = { clusterId: string; partition: string; nodes: number };

export function createDedicatedCapacity(deps: { db: Db; clock: Clock; clusterOf: ClusterFactory }) {
  /** Nodes of the partition no reservation holds from now on, or null for a partition the cluster lacks. */
  async function freeNodes(clusterId: string, partition: string): Promise<number | null> {
    const row = await findCluster(deps.db, clusterId);
    // An unknown or disabled cluster is refused by provisioning in its own words.
    if (!row || row.disabledAt) return null;
    const cluster = deps.clusterOf(row);
    try {
      const health = await cluster.health();
      if (health.error) throw new HpcClusterError(health.error, "unreachable");
      const part = health.partitions.find((p) => p.name === partition);
      if (!part) return null;
      const now = deps.clock.now();
      const reserved = (await cluster.reservations())
        .filter((r) => r.partition === partition && (r.end === null || r.end > now))
        .reduce((n, r) => n + r.nodes, 0);
      return Math.max(part.nodes - reserved, 0);
    } catch (err) {
      if (err instanceof HpcClusterError)
        throw new DomainError("HPC_ACTIVATION_CLUSTER_UNREACHABLE", { reason: err.message });
      throw err;
    }
  }

  return {
    freeNodes,
    /** HPC_NODES_UNAVAILABLE when the partition has fewer free nodes than the pool asks. */
    async assertFree(want: DedicatedNodes): Promise<void> {
      const free = await freeNodes(want.clusterId, want.partition);
      if (free === null || free >= want.nodes) return;
      throw new DomainError("HPC_NODES_UNAVAILABLE", {
        partition: want.partition,
        free: String(free),
        nodes: String(want.nodes),
      });
    },
  };
}
export type DedicatedCapacity = ReturnType<typeof createDedicatedCapacity>;
