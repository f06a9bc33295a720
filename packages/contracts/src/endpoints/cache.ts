// Endpoints of the cache service (`/mgt/dcs`, CB13): the caller's Redis instances with where to
// connect, one instance, and a password reset whose answer is the only time the password is shown.
import { cacheInstance, cachePasswordReset } from "../api/cache";
import { page } from "../api/common";
import { resourceParams, resourceQuery } from "../api/resources";
import { defineEndpoint } from "./define";

export const cacheEndpoints = {
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/dcs",
    summary: "The caller's cache instances with their memory plan, state, usage and connection",
    tags: ["cache"],
    permissions: ["CB13"],
    tenantOnly: true,
    query: resourceQuery,
    response: page(cacheInstance),
  }),
  get: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/dcs/:id",
    summary: "One cache instance: host, port, user, key prefix and memory used (never the password)",
    tags: ["cache"],
    permissions: ["CB13"],
    tenantOnly: true,
    params: resourceParams,
    response: cacheInstance,
  }),
  resetPassword: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/res/dcs/:id/password",
    summary: "Give the cache instance's user a new generated password, answered this once",
    tags: ["cache"],
    permissions: ["CB13"],
    tenantOnly: true,
    params: resourceParams,
    response: cachePasswordReset,
    // A new way into the instance: the caller passes SMS verification first when step-up is on.
    stepUp: true,
  }),
};
