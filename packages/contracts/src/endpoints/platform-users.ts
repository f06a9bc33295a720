// Endpoints of platform-users (what each property means: define.ts).

import { z } from "zod";
import { ok, page } from "../api/common";
import { platformUser, platformUserQuery } from "../api/ops";
import { defineEndpoint } from "./define";

export const platformUsersEndpoints = {
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/users",
    summary: "Every account on the platform",
    tags: ["operations"],
    permissions: ["BA04"],
    query: platformUserQuery,
    response: page(platformUser),
  }),
  unlock: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/users/:userSid/unlock",
    summary: "Unlock an account locked by failed logins",
    tags: ["operations"],
    permissions: ["BA04"],
    params: z.object({ userSid: z.string().uuid() }),
    response: ok,
  }),
  resetPassword: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/ops/users/:userSid/reset_password",
    summary: "Reset an account's password: a temporary one goes to its phone and must be changed at sign-in",
    tags: ["operations"],
    permissions: ["BA04"],
    stepUp: "credential",
    params: z.object({ userSid: z.string().uuid() }),
    response: ok,
  }),
};
