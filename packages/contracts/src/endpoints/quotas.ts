// Endpoints of quotas (what each property means: define.ts).
import { opsQuotaQuery, quotaOverview, quotaQuery, quotaUpdateBody, quotaUpdateResult } from "../api/quotas";
import { defineEndpoint } from "./define";

export const quotasEndpoints = {
  tenant: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/quota",
    summary:
      "Limits, usage and room of the organisation and, with projectId, of one project in the caller's data scope",
    tags: ["quotas"],
    permissions: ["CG"],
    tenantOnly: true,
    query: quotaQuery,
    response: quotaOverview,
  }),
  get: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/quotas",
    summary: "An organisation's (and optionally one project's) limits, usage and room",
    tags: ["quotas"],
    permissions: ["BA08"],
    query: opsQuotaQuery,
    response: quotaOverview,
  }),
  update: defineEndpoint({
    access: "user",
    method: "PUT",
    path: "/api/ops/quotas",
    summary:
      "Set (a number) or remove (null) limits of an organisation or project; limits below current usage are accepted and listed in overLimit",
    tags: ["quotas"],
    permissions: ["BA08"],
    body: quotaUpdateBody,
    response: quotaUpdateResult,
  }),
};
