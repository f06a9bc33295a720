// Endpoints of the HPC job console (`/hpcconsole`, what each property means: define.ts): a member
// of a pool (CB17, the HPC use set) submits batch jobs as their cluster user, reads the queue, the
// finished jobs with their charges and a job's output, and cancels their jobs (CB1701: any job).

import { ok, page } from "../api/common";
import {
  consoleJobParams,
  consoleJobQuery,
  consolePoolParams,
  hpcConsoleJob,
  hpcConsolePool,
  hpcJobOutput,
  jobSubmitBody,
  jobSubmitted,
} from "../api/hpc-console";
import { defineEndpoint } from "./define";

export const hpcConsoleEndpoints = {
  consolePool: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/hpc/console/pools/:id",
    summary:
      "The console's view of a pool: the caller's cluster user, what a job may ask for, and why submitting is blocked",
    tags: ["hpc"],
    permissions: ["CB17"],
    tenantOnly: true,
    params: consolePoolParams,
    response: hpcConsolePool,
  }),
  listJobs: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/hpc/console/pools/:id/jobs",
    summary:
      "The pool's queue (pending with Slurm's reason, running) or its jobs finished in the last 30 days with what each was charged",
    tags: ["hpc"],
    permissions: ["CB17"],
    tenantOnly: true,
    params: consolePoolParams,
    query: consoleJobQuery,
    response: page(hpcConsoleJob),
  }),
  submitJob: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/hpc/console/pools/:id/jobs",
    summary:
      "Submit a batch job to the pool's partition as the caller's cluster user, within the pool's limits and the tenant's quota",
    tags: ["hpc"],
    permissions: ["CB17"],
    tenantOnly: true,
    params: consolePoolParams,
    body: jobSubmitBody,
    response: jobSubmitted,
  }),
  cancelJob: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/hpc/console/pools/:id/jobs/:jobId/cancel",
    summary: "Cancel a pending or running job: a member their own, a holder of CB1701 any job of the pool",
    tags: ["hpc"],
    permissions: ["CB17"],
    tenantOnly: true,
    params: consoleJobParams,
    response: ok,
  }),
  jobOutput: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/hpc/console/pools/:id/jobs/:jobId/output",
    summary:
      "What the job wrote so far, or where its output file is on the cluster when the cluster serves no files",
    tags: ["hpc"],
    permissions: ["CB17"],
    tenantOnly: true,
    params: consoleJobParams,
    response: hpcJobOutput,
  }),
};
