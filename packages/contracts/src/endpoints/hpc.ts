// Endpoints of HPC and AI pools (what each property means: define.ts): the operators' clusters
// (BA10), the tenants' pools and members (CB17 to read, CB1701 to manage) and the public landing of
// an HPC product for `/apply/{id}`.

import { z } from "zod";
import { ok, page } from "../api/common";
import {
  clusterInput,
  clusterParams,
  clusterQuery,
  clusterUpdate,
  hpcCluster,
  hpcPool,
  hpcPoolDetail,
  hpcProductLanding,
  hpcProductParams,
  memberAddBody,
  memberCandidate,
  memberParams,
  packagesOnlyBody,
  poolParams,
  poolQuery,
} from "../api/hpc";
import { defineEndpoint } from "./define";

export const hpcEndpoints = {
  listClusters: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/hpc/clusters",
    summary:
      "Registered HPC clusters, each with its health asked of the cluster now (the secret is never shown)",
    tags: ["hpc (operator)"],
    permissions: ["BA10"],
    query: clusterQuery,
    response: page(hpcCluster),
  }),
  getCluster: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/hpc/clusters/:id",
    summary:
      "One cluster with its health: controller and accounting reachable, partitions, nodes, CPUs, GPUs, queue",
    tags: ["hpc (operator)"],
    permissions: ["BA10"],
    params: clusterParams,
    response: hpcCluster,
  }),
  registerCluster: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/hpc/clusters",
    summary:
      "Register a cluster after asking it for its health: one that does not answer is refused and nothing is saved",
    tags: ["hpc (operator)"],
    permissions: ["BA10"],
    body: clusterInput,
    response: hpcCluster,
  }),
  updateCluster: defineEndpoint({
    access: "user",
    method: "PUT",
    path: "/api/ops/hpc/clusters/:id",
    summary:
      "Change a cluster (an empty secret keeps the stored one); checked against the cluster as on registering",
    tags: ["hpc (operator)"],
    permissions: ["BA10"],
    params: clusterParams,
    body: clusterUpdate,
    response: hpcCluster,
  }),
  disableCluster: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/hpc/clusters/:id/disable",
    summary: "Disable a cluster: no new pool is provisioned on it; existing pools keep running",
    tags: ["hpc (operator)"],
    permissions: ["BA10"],
    params: clusterParams,
    response: hpcCluster,
  }),
  listPools: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/hpc/pools",
    summary: "The organisation's HPC and AI pools (page /mgt/hpc)",
    tags: ["hpc"],
    permissions: ["CB17"],
    tenantOnly: true,
    query: poolQuery,
    response: page(hpcPool),
  }),
  getPool: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/hpc/pools/:id",
    summary:
      "One pool: cluster, partition, limits, hold, members, its jobs from the cluster and this month's core-hours and GPU-hours",
    tags: ["hpc"],
    permissions: ["CB17"],
    tenantOnly: true,
    params: poolParams,
    response: hpcPoolDetail,
  }),
  listMemberCandidates: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/hpc/pools/:id/member_candidates",
    summary: "Enabled users of the organisation who hold the HPC use set and are not members of the pool yet",
    tags: ["hpc"],
    permissions: ["CB1701"],
    tenantOnly: true,
    params: poolParams,
    response: z.array(memberCandidate),
  }),
  addMember: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/hpc/pools/:id/members",
    summary:
      "Make a user of the organisation holding the HPC use set a member (a Slurm user of the pool's account)",
    tags: ["hpc"],
    permissions: ["CB1701"],
    tenantOnly: true,
    params: poolParams,
    body: memberAddBody,
    response: hpcPoolDetail,
  }),
  removeMember: defineEndpoint({
    access: "user",
    method: "DELETE",
    path: "/api/hpc/pools/:id/members/:userId",
    summary: "Remove a member from the pool (and their Slurm user from the pool's account)",
    tags: ["hpc"],
    permissions: ["CB1701"],
    tenantOnly: true,
    params: memberParams,
    response: ok,
  }),
  setPackagesOnly: defineEndpoint({
    access: "user",
    method: "PUT",
    path: "/api/hpc/pools/:id/packages_only",
    summary:
      "Run a postpaid shared pool on its core-hour (GPU-hour) packages only: when they are used up new jobs are held until a package is bought",
    tags: ["hpc"],
    permissions: ["CB1701"],
    tenantOnly: true,
    params: poolParams,
    body: packagesOnlyBody,
    response: hpcPoolDetail,
  }),
  productLanding: defineEndpoint({
    access: "public",
    method: "GET",
    path: "/api/public/hpc/products/:id",
    summary:
      "The public landing of a listed HPC or AI pool product (/apply/{id}): name, pool type, limits, prices",
    tags: ["hpc"],
    params: hpcProductParams,
    response: hpcProductLanding,
  }),
};
