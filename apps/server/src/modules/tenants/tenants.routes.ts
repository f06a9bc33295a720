// Operators' tenant management: the list, a tenant's card and users, freeze and unfreeze, and
// signing in as support.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import { createSupportSignIn, type SupportSignInDeps } from "./support-sign-in.service";
import { createTenantsService, type TenantsDeps } from "./tenants.service";

export function registerTenantRoutes(
  { app, guards, userRoute }: ModuleContext,
  deps: TenantsDeps & SupportSignInDeps,
) {
  const tenants = createTenantsService(deps);
  const support = createSupportSignIn(deps);
  const e = endpoints.tenants;
  userRoute(app, guards, e.list, ({ query }) => tenants.list(query));
  userRoute(app, guards, e.detail, ({ params }) => tenants.detail(params.orgId));
  userRoute(app, guards, e.users, ({ params, query }) => tenants.users(params.orgId, query));
  userRoute(app, guards, e.freeze, ({ ctx, params, body }) => tenants.freeze(ctx, params.orgId, body));
  userRoute(app, guards, e.unfreeze, ({ ctx, params, body }) => tenants.unfreeze(ctx, params.orgId, body));
  userRoute(app, guards, e.supportSignIn, ({ ctx, params, body, req }) =>
    support.start(ctx, params.orgId, body, req.headers["user-agent"]),
  );
}
