// Where each kind of resource has its own page: hosts, disks, elastic IPs, the managed services and
// bare-metal servers have a detail page,
// HPC and AI pools theirs under /mgt/hpc, the AI development platform /mgt/modelarts, snapshots
// only their list; a bucket /mgt/obs/detail/:id.
import type { ResourceKind } from "@skyledger/contracts";

const DETAIL_BASES: Partial<Record<ResourceKind, string>> = {
  host: "/mgt/host",
  disk: "/mgt/blockstorage",
  elasticIp: "/mgt/floatip",
  rds: "/mgt/rds",
  cache: "/mgt/dcs",
  queue: "/mgt/dms",
  share: "/mgt/share",
  scalableFile: "/mgt/scalableFile",
  bareMetal: "/mgt/baremetalserver",
};

/** The resource's detail page, or null for a kind without one. */
export function resourceDetailPath(kind: ResourceKind, id: string): string | null {
  if (kind === "hpcPool") return `/mgt/hpc/${encodeURIComponent(id)}`;
  // The AI development platform is one per organisation: its page is the platform itself.
  if (kind === "aiPlatform") return "/mgt/modelarts";
  // Object storage keeps the spec's route shape, /mgt/obs/detail/{id}.
  if (kind === "bucket") return `/mgt/obs/detail/${encodeURIComponent(id)}`;
  const base = DETAIL_BASES[kind];
  return base ? `${base}/${encodeURIComponent(id)}/detail` : null;
}
