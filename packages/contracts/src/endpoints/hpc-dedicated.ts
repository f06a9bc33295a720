// Endpoints of dedicated pool applications (`/mgt/innerservice`, what each property means:
// define.ts): the tenant's list (CB18) and the operators' list with activate and close (BA07, the
// approval queue's code; the same manual activation as `/api/audit/approval/{id}/activate|close`).

import { page } from "../api/common";
import {
  dedicatedApplication,
  dedicatedApplicationOpsQuery,
  dedicatedApplicationParams,
  dedicatedApplicationQuery,
  dedicatedCloseBody,
  dedicatedCloseQuote,
} from "../api/hpc-dedicated";
import { orderActivateBody } from "../api/orders";
import { defineEndpoint } from "./define";

export const hpcDedicatedEndpoints = {
  listApplications: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/hpc/dedicated_applications",
    summary:
      "The organisation's dedicated pool applications (page /mgt/innerservice): nodes, months, amount, state, the operator's reason, the pool once active",
    tags: ["hpc"],
    permissions: ["CB18"],
    tenantOnly: true,
    query: dedicatedApplicationQuery,
    response: page(dedicatedApplication),
  }),
  listAllApplications: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/hpc/dedicated_applications",
    summary:
      "Every tenant's dedicated pool applications, by state, tenant and product (page /mgt/innerservice)",
    tags: ["hpc (operator)"],
    permissions: ["BA07"],
    query: dedicatedApplicationOpsQuery,
    response: page(dedicatedApplication),
  }),
  activateApplication: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/hpc/dedicated_applications/:id/activate",
    summary:
      "Activate a dedicated pool application waiting for an operator (the approval queue's manual activation): the nodes are reserved and billing starts",
    tags: ["hpc (operator)"],
    permissions: ["BA07"],
    params: dedicatedApplicationParams,
    body: orderActivateBody,
    response: dedicatedApplication,
  }),
  closeQuote: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/hpc/dedicated_applications/:id/close_quote",
    summary:
      "What closing a dedicated pool application now refunds: in full while it waits, the unused prepaid part by the unsubscribe rules once it runs",
    tags: ["hpc (operator)"],
    permissions: ["BA07"],
    params: dedicatedApplicationParams,
    response: dedicatedCloseQuote,
  }),
  closeApplication: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/hpc/dedicated_applications/:id/close",
    summary:
      "Close a dedicated pool application with a reason: a waiting one is refunded in full (the approval queue's close); a running pool's jobs are cancelled, its nodes returned and its unused prepaid part refunded by the unsubscribe rules (Idempotency-Key when the pool is running)",
    tags: ["hpc (operator)"],
    permissions: ["BA07"],
    params: dedicatedApplicationParams,
    body: dedicatedCloseBody,
    response: dedicatedApplication,
    idempotency: "whenMoneyMoves",
  }),
};
