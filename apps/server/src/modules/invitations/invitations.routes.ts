import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { InvitationService } from "./invitations.service";

export function registerInvitationRoutes(
  { app, guards, userRoute }: ModuleContext,
  invitations: InvitationService,
) {
  userRoute(app, guards, endpoints.invitations.list, ({ query }) =>
    invitations.list(query.pageNum, query.pageSize),
  );

  userRoute(app, guards, endpoints.invitations.create, ({ body, principal }) =>
    invitations.create(body, principal.userId),
  );

  userRoute(app, guards, endpoints.invitations.disable, async ({ params }) => {
    await invitations.disable(params.code);
    return { ok: true as const };
  });

  userRoute(app, guards, endpoints.invitations.uses, ({ params }) => invitations.uses(params.code));
}
