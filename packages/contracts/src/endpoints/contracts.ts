// Endpoints of contracts (what each property means: define.ts). Tenants: CC06 reads its own
// organisation's contracts. Operators: BI creates and terminates them for any tenant.

import { page } from "../api/common";
import {
  contractCreateBody,
  contractDetail,
  contractOpsQuery,
  contractParams,
  contractQuery,
  contractRecord,
  contractTerminateBody,
} from "../api/contracts";
import { defineEndpoint } from "./define";

const tenant = { access: "user", tags: ["contracts"], tenantOnly: true, permissions: ["CC06"] } as const;
const operator = { access: "user", tags: ["operations: contracts"], permissions: ["BI"] } as const;

export const contractsEndpoints = {
  list: defineEndpoint({
    ...tenant,
    method: "GET",
    path: "/api/contracts",
    summary: "The organisation's contracts, newest first, with their state and discounts",
    query: contractQuery,
    response: page(contractRecord),
  }),
  get: defineEndpoint({
    ...tenant,
    method: "GET",
    path: "/api/contracts/:id",
    summary: "One of the organisation's contracts with its signed file",
    params: contractParams,
    response: contractDetail,
  }),
  opsList: defineEndpoint({
    ...operator,
    method: "GET",
    path: "/api/ops/contracts",
    summary: "Every tenant's contracts, newest first, by tenant and state",
    query: contractOpsQuery,
    response: page(contractRecord),
  }),
  opsGet: defineEndpoint({
    ...operator,
    method: "GET",
    path: "/api/ops/contracts/:id",
    summary: "One contract with its signed file",
    params: contractParams,
    response: contractDetail,
  }),
  create: defineEndpoint({
    ...operator,
    method: "POST",
    path: "/api/ops/contracts",
    summary:
      "Create a tenant's contract: number, amount, credit limit, dates, discounts and the signed PDF (an uploaded contractFile); needs an Idempotency-Key header",
    idempotency: "always",
    // A contract grants credit and discounts: money, like a credit limit.
    stepUp: "operatorMoney",
    body: contractCreateBody,
    response: contractDetail,
  }),
  terminate: defineEndpoint({
    ...operator,
    method: "POST",
    path: "/api/ops/contracts/:id/terminate",
    summary:
      "End a contract early with a reason: its credit is withdrawn and its discounts stop; needs an Idempotency-Key header",
    idempotency: "always",
    params: contractParams,
    body: contractTerminateBody,
    response: contractDetail,
  }),
};
