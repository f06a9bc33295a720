// Endpoints of permission-sets (what each property means: define.ts).

import { z } from "zod";
import { ok, page } from "../api/common";
import { permissionCatalogueItem, permissionSetBody, permissionSetQuery, permissionSetRow } from "../api/iam";
import { defineEndpoint } from "./define";

const byId = z.object({ id: z.string().min(1).max(64) });

export const permissionSetsEndpoints = {
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/polices",
    summary: "Built-in permission sets a tenant may grant and the organisation's custom sets",
    tags: ["access control"],
    permissions: ["CH05", "CH01", "CH02"],
    tenantOnly: true,
    query: permissionSetQuery,
    response: page(permissionSetRow),
  }),
  codes: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/polices/codes",
    summary: "The permission codes a tenant may put in a custom set, with description and category",
    tags: ["access control"],
    permissions: ["CH05"],
    tenantOnly: true,
    response: z.array(permissionCatalogueItem),
  }),
  create: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/res/polices",
    summary: "Create a custom permission set",
    tags: ["access control"],
    permissions: ["CH0501"],
    tenantOnly: true,
    body: permissionSetBody,
    response: z.object({ id: z.string() }),
  }),
  update: defineEndpoint({
    access: "user",
    method: "PUT",
    path: "/api/res/polices/:id",
    summary: "Change a custom permission set (a shared one only by its creator)",
    tags: ["access control"],
    permissions: ["CH0501"],
    tenantOnly: true,
    stepUp: "credential",
    params: byId,
    body: permissionSetBody,
    response: ok,
  }),
  remove: defineEndpoint({
    access: "user",
    method: "DELETE",
    path: "/api/res/polices/:id",
    summary: "Delete a custom permission set (a shared one only by its creator); its grants go with it",
    tags: ["access control"],
    permissions: ["CH0501"],
    tenantOnly: true,
    params: byId,
    response: ok,
  }),
};
