// Where each kind of resource has its own page: hosts, disks and elastic IPs have a detail page,
// HPC and AI pools theirs under /mgt/hpc, snapshots only their list.
import type { ResourceKind } from "@skyledger/contracts";

const DETAIL_BASES: Partial<Record<ResourceKind, string>> = {
  host: "/mgt/host",
  disk: "/mgt/blockstorage",
  elasticIp: "/mgt/floatip",
};

/** The resource's detail page, or null for a kind without one. */
export function resourceDetailPath(kind: ResourceKind, id: string): string | null {
  if (kind === "hpcPool") return `/mgt/hpc/${encodeURIComponent(id)}`;
  const base = DETAIL_BASES[kind];
  return base ? `${base}/${encodeURIComponent(id)}/detail` : null;
}
