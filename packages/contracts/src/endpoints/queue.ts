// Endpoints of the message-queue service (`/mgt/dms`, CB14): the caller's RabbitMQ instances with
// where to connect, one instance, and a password reset whose answer is the only time the password
// is shown.
import { page } from "../api/common";
import { queueInstance, queuePasswordReset } from "../api/queue";
import { resourceParams, resourceQuery } from "../api/resources";
import { defineEndpoint } from "./define";

export const queueEndpoints = {
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/dms",
    summary: "The caller's message-queue instances with their plan, state and connection",
    tags: ["queue"],
    permissions: ["CB14"],
    tenantOnly: true,
    query: resourceQuery,
    response: page(queueInstance),
  }),
  get: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/dms/:id",
    summary: "One message-queue instance: host, port, user, virtual host and limits (never the password)",
    tags: ["queue"],
    permissions: ["CB14"],
    tenantOnly: true,
    params: resourceParams,
    response: queueInstance,
  }),
  resetPassword: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/res/dms/:id/password",
    summary: "Give the message-queue instance's user a new generated password, answered this once",
    tags: ["queue"],
    permissions: ["CB14"],
    tenantOnly: true,
    params: resourceParams,
    response: queuePasswordReset,
    // A new way into the instance: the caller passes SMS verification first when step-up is on.
    stepUp: true,
  }),
};
