// /mgt/hpc: one route, two screens (spec §2, issue 14). An operator (holding BA10) manages the
// registered Slurm clusters and reads their health; a tenant (CB17) lists the organisation's HPC and
// AI pools.
import { useCurrentUser } from "../../../app/console/current-user-context";
import { ClustersView } from "./clusters-view";
import { PoolsView } from "./pools-view";

export function HpcPage() {
  const user = useCurrentUser();
  return user.moduleType === "sys" ? <ClustersView /> : <PoolsView />;
}
