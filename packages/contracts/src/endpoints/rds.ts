// Endpoints of relational databases (`/mgt/rds`, CB04): the caller's databases with where to
// connect, one database, and a password reset whose answer is the only time the password is shown.
import { page } from "../api/common";
import { rdsInstance, rdsPasswordReset } from "../api/rds";
import { resourceParams, resourceQuery } from "../api/resources";
import { defineEndpoint } from "./define";

export const rdsEndpoints = {
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/rds",
    summary: "The caller's relational databases with their engine, class, storage, state and connection",
    tags: ["rds"],
    permissions: ["CB04"],
    tenantOnly: true,
    query: resourceQuery,
    response: page(rdsInstance),
  }),
  get: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/res/rds/:id",
    summary: "One relational database: host, port, database, user and connection string (never the password)",
    tags: ["rds"],
    permissions: ["CB04"],
    tenantOnly: true,
    params: resourceParams,
    response: rdsInstance,
  }),
  resetPassword: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/res/rds/:id/password",
    summary: "Give the database's user a new generated password, answered this once",
    tags: ["rds"],
    permissions: ["CB04"],
    tenantOnly: true,
    params: resourceParams,
    response: rdsPasswordReset,
    // A new way into the database: the caller passes SMS verification first when step-up is on.
    stepUp: true,
  }),
};
