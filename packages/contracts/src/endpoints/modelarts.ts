// Endpoints of the AI development platform (`/mgt/modelarts`, CB19: the AI resource pool set):
// the caller's AI pools, training jobs submitted from a form or YAML, their state, log and cost,
// and stopping one.

import { z } from "zod";
import { page } from "../api/common";
import {
  aiPlatformStatus,
  trainingJob,
  trainingJobDetail,
  trainingParams,
  trainingPool,
  trainingQuery,
  trainingSubmit,
} from "../api/modelarts";
import { defineEndpoint } from "./define";

export const modelartsEndpoints = {
  platform: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/modelarts/platform",
    summary:
      "Whether the organisation has enabled the AI development platform, and the product that enables it",
    tags: ["modelarts"],
    permissions: ["CB19"],
    tenantOnly: true,
    response: aiPlatformStatus,
  }),
  listPools: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/modelarts/pools",
    summary:
      "The organisation's live AI resource pools the caller sees, with their limits and the caller's cluster user",
    tags: ["modelarts"],
    permissions: ["CB19"],
    tenantOnly: true,
    response: z.array(trainingPool),
  }),
  listJobs: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/modelarts/jobs",
    summary:
      "Training jobs of the caller's AI pools, newest first, with their state, GPU-hours and cost so far",
    tags: ["modelarts"],
    permissions: ["CB19"],
    tenantOnly: true,
    query: trainingQuery,
    response: page(trainingJob),
  }),
  getJob: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/modelarts/jobs/:id",
    summary: "One training job with its sbatch script and its log so far",
    tags: ["modelarts"],
    permissions: ["CB19"],
    tenantOnly: true,
    params: trainingParams,
    response: trainingJobDetail,
  }),
  submitJob: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/modelarts/jobs",
    summary:
      "Submit a training job from the form's fields or a YAML definition, as the caller's cluster user; over the pool's limits or malformed, nothing is submitted",
    tags: ["modelarts"],
    permissions: ["CB19"],
    tenantOnly: true,
    body: trainingSubmit,
    response: trainingJobDetail,
  }),
  stopJob: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/modelarts/jobs/:id/stop",
    summary:
      "Stop a pending or running training job (cancelled on the cluster); what it ran is still charged",
    tags: ["modelarts"],
    permissions: ["CB19"],
    tenantOnly: true,
    params: trainingParams,
    response: trainingJobDetail,
  }),
};
