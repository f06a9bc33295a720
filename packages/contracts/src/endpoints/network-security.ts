// Endpoints of networkSecurity: security groups, their rules and bound hosts (what each property
// means: define.ts).

import { ok, page } from "../api/common";
import {
  securityGroupBindBody,
  securityGroupCreateBody,
  securityGroupDetail,
  securityGroupHost,
  securityGroupHostParams,
  securityGroupParams,
  securityGroupQuery,
  securityGroupRecord,
  securityRuleBody,
  securityRuleParams,
  securityRuleRecord,
} from "../api/network-security";
import { defineEndpoint } from "./define";

const common = {
  access: "user",
  tags: ["security groups"],
  permissions: ["CB09"],
  tenantOnly: true,
} as const;

export const networkSecurityEndpoints = {
  list: defineEndpoint({
    ...common,
    method: "GET",
    path: "/api/res/security-groups",
    summary:
      "The security groups the caller may see; the organisation's default group is made the first time it is needed",
    query: securityGroupQuery,
    response: page(securityGroupRecord),
  }),
  get: defineEndpoint({
    ...common,
    method: "GET",
    path: "/api/res/security-groups/:id",
    summary: "One security group with its rules, highest priority first",
    params: securityGroupParams,
    response: securityGroupDetail,
  }),
  create: defineEndpoint({
    ...common,
    method: "POST",
    path: "/api/res/security-groups",
    summary: "Create a security group in the caller's project (on the cloud, then recorded)",
    body: securityGroupCreateBody,
    response: securityGroupRecord,
  }),
  remove: defineEndpoint({
    ...common,
    method: "DELETE",
    path: "/api/res/security-groups/:id",
    summary:
      "Delete a security group: refused for the default group, one bound to hosts or one named by another group's rule",
    params: securityGroupParams,
    response: ok,
  }),
  addRule: defineEndpoint({
    ...common,
    method: "POST",
    path: "/api/res/security-groups/:id/rules",
    summary:
      "Add a rule (direction, protocol, port range, priority 1–100, CIDR or group); duplicates are refused",
    params: securityGroupParams,
    body: securityRuleBody,
    response: securityRuleRecord,
  }),
  removeRule: defineEndpoint({
    ...common,
    method: "DELETE",
    path: "/api/res/security-groups/:id/rules/:ruleId",
    summary: "Delete a rule",
    params: securityRuleParams,
    response: ok,
  }),
  hosts: defineEndpoint({
    ...common,
    method: "GET",
    path: "/api/res/security-groups/:id/hosts",
    summary: "The hosts bound to a security group",
    params: securityGroupParams,
    query: securityGroupQuery,
    response: page(securityGroupHost),
  }),
  bindableHosts: defineEndpoint({
    ...common,
    method: "GET",
    path: "/api/res/security-groups/:id/bindable-hosts",
    summary: "The caller's running or stopped hosts not bound to the group yet",
    params: securityGroupParams,
    response: securityGroupHost.array(),
  }),
  bind: defineEndpoint({
    ...common,
    method: "POST",
    path: "/api/res/security-groups/:id/hosts",
    summary: "Bind a host to the group (works on a running host)",
    params: securityGroupParams,
    body: securityGroupBindBody,
    response: ok,
  }),
  unbind: defineEndpoint({
    ...common,
    method: "DELETE",
    path: "/api/res/security-groups/:id/hosts/:hostId",
    summary: "Unbind a host from the group",
    params: securityGroupHostParams,
    response: ok,
  }),
};
