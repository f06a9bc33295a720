// Security group calls of the resource API (`/res/security-groups`, CB09) and their cache keys.
import type { SecurityGroupCreateBody, SecurityRuleBody } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** The paged lists' keys for usePagedQuery (its query keys start with "ops"). */
export const SECURITY_GROUPS_LIST_KEY = "securityGroups";
export const SECURITY_GROUP_HOSTS_KEY = "securityGroupHosts";

const e = endpoints.networkSecurity;

export const securityGroupsApi = {
  create: (body: SecurityGroupCreateBody) => api.call(e.create, { body }),
  remove: (id: string) => api.call(e.remove, { params: { id } }),
  addRule: (id: string, body: SecurityRuleBody) => api.call(e.addRule, { params: { id }, body }),
  removeRule: (id: string, ruleId: string) => api.call(e.removeRule, { params: { id, ruleId } }),
  bind: (id: string, hostId: string) => api.call(e.bind, { params: { id }, body: { hostId } }),
  unbind: (id: string, hostId: string) => api.call(e.unbind, { params: { id, hostId } }),
};

export const useSecurityGroup = (id: string) =>
  useQuery({ queryKey: ["securityGroup", id], queryFn: () => api.call(e.get, { params: { id } }) });

/** Every group the caller sees, for the authorised-object picker of a rule (one page of 200). */
export const useSecurityGroupOptions = () =>
  useQuery({
    queryKey: ["ops", SECURITY_GROUPS_LIST_KEY, "options"],
    queryFn: () => api.call(e.list, { query: { pageNum: 1, pageSize: 200 } }),
  });

export const useBindableHosts = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ["securityGroupBindable", id],
    queryFn: () => api.call(e.bindableHosts, { params: { id } }),
    enabled,
  });

export function useRefreshSecurityGroups() {
  const client = useQueryClient();
  return (id?: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["ops", SECURITY_GROUPS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["ops", SECURITY_GROUP_HOSTS_KEY] }),
      ...(id
        ? [
            client.invalidateQueries({ queryKey: ["securityGroup", id] }),
            client.invalidateQueries({ queryKey: ["securityGroupBindable", id] }),
          ]
        : []),
    ]);
}
