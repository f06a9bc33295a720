// Endpoints of invitations (what each property means: define.ts).

import { z } from "zod";
import { ok, page, pageQuery } from "../api/common";
import { invitationCode, invitationCreate, invitationUse } from "../api/ops";
import { defineEndpoint } from "./define";

const codeParam = z.object({ code: z.string().min(1).max(64) });

export const invitationsEndpoints = {
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/invitation_codes",
    summary: "Invitation codes with their usage",
    tags: ["operations"],
    permissions: ["BA02"],
    query: pageQuery,
    response: page(invitationCode),
  }),
  create: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/invitation_codes",
    summary: "Create invitation codes",
    tags: ["operations"],
    permissions: ["BA02"],
    body: invitationCreate,
    response: z.array(invitationCode),
  }),
  disable: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/invitation_codes/:code/disable",
    summary: "Disable an invitation code",
    tags: ["operations"],
    permissions: ["BA02"],
    params: codeParam,
    response: ok,
  }),
  uses: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/invitation_codes/:code/uses",
    summary: "Who signed up with an invitation code",
    tags: ["operations"],
    permissions: ["BA02"],
    params: codeParam,
    response: z.array(invitationUse),
  }),
};
