import { invitationCode, invitationCreate, invitationUse, ok, page, pageQuery } from "@skyledger/contracts";
import { z } from "zod";
import type { ModuleContext } from "../../platform/module";
import type { InvitationService } from "./invitations.service";

export function registerInvitationRoutes(
  { app, guards, userRoute }: ModuleContext,
  invitations: InvitationService,
) {
  const tags = ["operations"];
  const codeParam = z.object({ code: z.string().min(1).max(64) });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/invitation_codes",
    summary: "Invitation codes with their usage",
    tags,
    permissions: ["BA02"],
    querystring: pageQuery,
    response: page(invitationCode),
    handler: ({ query }) => invitations.list(query.pageNum, query.pageSize),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/invitation_codes",
    summary: "Create invitation codes",
    tags,
    permissions: ["BA02"],
    body: invitationCreate,
    response: z.array(invitationCode),
    handler: ({ body, principal }) => invitations.create(body, principal.userId),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/invitation_codes/:code/disable",
    summary: "Disable an invitation code",
    tags,
    permissions: ["BA02"],
    params: codeParam,
    response: ok,
    handler: async ({ params }) => {
      await invitations.disable(params.code);
      return { ok: true as const };
    },
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/invitation_codes/:code/uses",
    summary: "Who signed up with an invitation code",
    tags,
    permissions: ["BA02"],
    params: codeParam,
    response: z.array(invitationUse),
    handler: ({ params }) => invitations.uses(params.code),
  });
}
