// Resource API `polices` (spec §7 "Access control"): page `strategy`. Reading needs CH05 (CH01 and
// CH02 too: granting a set to a user or a group means picking it); every change needs CH0501.
import {
  ok,
  page,
  permissionCatalogueItem,
  permissionSetBody,
  permissionSetQuery,
  permissionSetRow,
} from "@skyledger/contracts";
import { z } from "zod";
import type { ModuleContext } from "../../platform/module";
import { actorOf } from "./access-control";
import type { PermissionSetsService } from "./permission-sets.service";

const tags = ["access control"];
const byId = z.object({ id: z.string().min(1).max(64) });
const BASE = "/api/res/polices";
const done = { ok: true as const };

export function registerPermissionSetRoutes(
  { app, guards, userRoute }: ModuleContext,
  sets: PermissionSetsService,
) {
  userRoute(app, guards, {
    method: "GET",
    url: BASE,
    summary: "Built-in permission sets a tenant may grant and the organisation's custom sets",
    tags,
    permissions: ["CH05", "CH01", "CH02"],
    tenantOnly: true,
    querystring: permissionSetQuery,
    response: page(permissionSetRow),
    handler: ({ query, principal, req }) => sets.list(actorOf(principal, req.ip), query),
  });

  userRoute(app, guards, {
    method: "GET",
    url: `${BASE}/codes`,
    summary: "The permission codes a tenant may put in a custom set, with description and category",
    tags,
    permissions: ["CH05"],
    tenantOnly: true,
    response: z.array(permissionCatalogueItem),
    handler: async () => sets.catalogue(),
  });

  userRoute(app, guards, {
    method: "POST",
    url: BASE,
    summary: "Create a custom permission set",
    tags,
    permissions: ["CH0501"],
    tenantOnly: true,
    body: permissionSetBody,
    response: z.object({ id: z.string() }),
    handler: ({ body, principal, req }) => sets.create(actorOf(principal, req.ip), body),
  });

  userRoute(app, guards, {
    method: "PUT",
    url: `${BASE}/:id`,
    summary: "Change a custom permission set (a shared one only by its creator)",
    tags,
    permissions: ["CH0501"],
    tenantOnly: true,
    stepUp: "credential",
    params: byId,
    body: permissionSetBody,
    response: ok,
    handler: async ({ params, body, principal, req }) => {
      await sets.update(actorOf(principal, req.ip), params.id, body);
      return done;
    },
  });

  userRoute(app, guards, {
    method: "DELETE",
    url: `${BASE}/:id`,
    summary: "Delete a custom permission set (a shared one only by its creator); its grants go with it",
    tags,
    permissions: ["CH0501"],
    tenantOnly: true,
    params: byId,
    response: ok,
    handler: async ({ params, principal, req }) => {
      await sets.remove(actorOf(principal, req.ip), params.id);
      return done;
    },
  });
}
