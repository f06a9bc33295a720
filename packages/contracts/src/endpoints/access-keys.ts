// Endpoints of access-keys (what each property means: define.ts).

import { accessKeyCreateBody, accessKeyCreated, accessKeyParams, accessKeyRow } from "../api/access-keys";
import { ok, page, pageQuery } from "../api/common";
import { defineEndpoint } from "./define";

export const accessKeysEndpoints = {
  list: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/users/accesskey",
    summary: "The caller's access keys (never their secrets)",
    tags: ["access keys"],
    permissions: ["CH06"],
    query: pageQuery,
    response: page(accessKeyRow),
  }),
  create: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/users/accesskey",
    summary: "Create an access key; the answer holds its secret, which is never shown again (SMS step-up)",
    tags: ["access keys"],
    permissions: ["CH06"],
    stepUp: "credential",
    body: accessKeyCreateBody,
    response: accessKeyCreated,
  }),
  enable: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/users/accesskey/:id/enable",
    summary: "Enable one of the caller's access keys (SMS step-up)",
    tags: ["access keys"],
    permissions: ["CH06"],
    stepUp: "credential",
    params: accessKeyParams,
    response: accessKeyRow,
  }),
  disable: defineEndpoint({
    access: "user",
    method: "POST",
    path: "/api/users/accesskey/:id/disable",
    summary: "Disable one of the caller's access keys: it stops working at once",
    tags: ["access keys"],
    permissions: ["CH06"],
    params: accessKeyParams,
    response: accessKeyRow,
  }),
  remove: defineEndpoint({
    access: "user",
    method: "DELETE",
    path: "/api/users/accesskey/:id",
    summary: "Delete one of the caller's access keys (SMS step-up)",
    tags: ["access keys"],
    permissions: ["CH06"],
    stepUp: true,
    params: accessKeyParams,
    response: ok,
  }),
  download: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/users/accesskey/download",
    summary: "The caller's access keys as CSV, without secrets",
    tags: ["access keys"],
    permissions: ["CH06"],
    // A file, not the JSON envelope.
    rawReply: true,
  }),
};
