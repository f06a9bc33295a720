// Endpoints of tenants (what each property means: define.ts). Reading: billing administrators (BI)
// and after-sales engineers (BT, decision 0028); the auditor's BR reads every GET. Freezing moves
// no money but stops a tenant buying, so it is the billing administrators' (BI).

import { z } from "zod";
import { page, pageQuery } from "../api/common";
import {
  supportSession,
  supportSignInBody,
  tenantDetail,
  tenantFreezeChange,
  tenantQuery,
  tenantRow,
  tenantUser,
} from "../api/tenants";
import { defineEndpoint } from "./define";

const orgParam = z.object({ orgId: z.string().min(1).max(64) });

export const tenantsEndpoints = {
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/tenants",
    summary: "Tenant organisations: search, filters, sorting",
    tags: ["operations: tenants"],
    permissions: ["BI", "BT"],
    query: tenantQuery,
    response: page(tenantRow),
  }),
  detail: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/tenants/:orgId",
    summary: "A tenant's card: main account, verification, account freeze",
    tags: ["operations: tenants"],
    permissions: ["BI", "BT"],
    params: orgParam,
    response: tenantDetail,
  }),
  users: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/tenants/:orgId/users",
    summary: "A tenant's main account and sub-users",
    tags: ["operations: tenants"],
    permissions: ["BI", "BT"],
    params: orgParam,
    query: pageQuery,
    response: page(tenantUser),
  }),
  freeze: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/tenants/:orgId/freeze",
    summary: "Freeze a tenant account: it reads but orders, renews and changes nothing",
    tags: ["operations: tenants"],
    permissions: ["BI"],
    params: orgParam,
    body: tenantFreezeChange,
    response: tenantDetail,
  }),
  unfreeze: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/tenants/:orgId/unfreeze",
    summary: "Unfreeze a tenant account",
    tags: ["operations: tenants"],
    permissions: ["BI"],
    params: orgParam,
    body: tenantFreezeChange,
    response: tenantDetail,
  }),
  // Read-only, marked and audited (decision 0031): held by the after-sales engineers' BT (and
  // the platform administrator, who holds every code); the auditor's BR acts on nothing.
  supportSignIn: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/tenants/:orgId/support_session",
    summary:
      "Sign in as support: a 30-minute read-only session as the tenant's main account, with the reason audited",
    tags: ["operations: tenants"],
    permissions: ["BT"],
    params: orgParam,
    body: supportSignInBody,
    response: supportSession,
  }),
};
