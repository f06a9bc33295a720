// Endpoints of file storage (`/mgt/share`, CB10) and the elastic file service (`/mgt/scalableFile`,
// CB20): the caller's shares, one share, and its access rules. Reading takes the route code (the
// file-service read-only set holds it); changing rules takes the manage code (CB1001, CB2003), held
// by the file-service manage set. Buying, changing the capacity, renewing and unsubscribing go
// through the order, change, renewal and unsubscribe endpoints like every service. The elastic file
// service also has a public landing (`/apply/share/{id}`, no sign-in).
import { page } from "../api/common";
import {
  fileRule,
  fileRuleInput,
  fileRuleParams,
  fileShare,
  scalableFileProductLanding,
  scalableFileProductParams,
} from "../api/file-shares";
import { resourceParams, resourceQuery } from "../api/resources";
import type { PermissionCode } from "../permissions";
import { defineEndpoint } from "./define";

function fileEndpoints(base: string, read: PermissionCode, manage: PermissionCode, what: string) {
  const tags = ["fileShares"];
  return {
    list: defineEndpoint({
      access: "user",
      method: "GET",
      path: base,
      summary: `The caller's ${what}s with their protocol, capacity, used capacity, state and mount address`,
      tags,
      permissions: [read],
      tenantOnly: true,
      query: resourceQuery,
      response: page(fileShare),
    }),
    get: defineEndpoint({
      access: "user",
      method: "GET",
      path: `${base}/:id`,
      summary: `One ${what}: protocol, capacity, used capacity, mount address and scaling limits`,
      tags,
      permissions: [read],
      tenantOnly: true,
      params: resourceParams,
      response: fileShare,
    }),
    rules: defineEndpoint({
      access: "user",
      method: "GET",
      path: `${base}/:id/rules`,
      summary: `The access rules of one ${what}, highest priority (0) first`,
      tags,
      permissions: [read],
      tenantOnly: true,
      params: resourceParams,
      response: fileRule.array(),
    }),
    addRule: defineEndpoint({
      access: "user",
      method: "POST",
      path: `${base}/:id/rules`,
      summary: `Add an access rule (client CIDR, read-only or read-write, priority 0–100) to a ${what}`,
      tags,
      permissions: [manage],
      tenantOnly: true,
      params: resourceParams,
      body: fileRuleInput,
      response: fileRule,
    }),
    updateRule: defineEndpoint({
      access: "user",
      method: "PUT",
      path: `${base}/:id/rules/:ruleId`,
      summary: `Change an access rule of a ${what}`,
      tags,
      permissions: [manage],
      tenantOnly: true,
      params: fileRuleParams,
      body: fileRuleInput,
      response: fileRule,
    }),
    deleteRule: defineEndpoint({
      access: "user",
      method: "DELETE",
      path: `${base}/:id/rules/:ruleId`,
      summary: `Remove an access rule of a ${what}`,
      tags,
      permissions: [manage],
      tenantOnly: true,
      params: fileRuleParams,
      response: fileRule,
    }),
  };
}

export const sharesEndpoints = fileEndpoints("/api/res/shares", "CB10", "CB1001", "file share");
export const scalableFilesEndpoints = {
  ...fileEndpoints("/api/res/scalable-files", "CB20", "CB2003", "elastic file"),
  productLanding: defineEndpoint({
    access: "public",
    method: "GET",
    path: "/api/public/scalable-files/products/:id",
    summary:
      "The public landing of a listed elastic file product (/apply/share/{id}): name, protocols, capacity range and step, payment, prices per GB",
    tags: ["fileShares"],
    params: scalableFileProductParams,
    response: scalableFileProductLanding,
  }),
};
