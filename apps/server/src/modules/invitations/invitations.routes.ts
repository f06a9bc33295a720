import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { InvitationService } from "./invitations.service";

export function registerInvitationRoutes(
  { app, guards, userRoute }: ModuleContext,
  invitations: InvitationService,
) {
  userRoute(app, guards, endpoints.invitations.list, ({ query }) => invitations.list(query));

  userRoute(app, guards, endpoints.invitations.create, ({ ctx, body }) => invitations.create(ctx, body));

  userRoute(app, guards, endpoints.invitations.disable, ({ ctx, params }) =>
    invitations.disable(ctx, params.code),
  );

  userRoute(app, guards, endpoints.invitations.uses, ({ params }) => invitations.uses(params.code));
}
