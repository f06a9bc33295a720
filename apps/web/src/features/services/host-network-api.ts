// A host's place on the network (GET /api/res/hosts/:id/network) and the change of its security
// groups (PUT …/security-groups), for the host's detail page.
import { endpoints, type HostNetwork } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { SECURITY_GROUP_HOSTS_KEY, SECURITY_GROUPS_LIST_KEY } from "../network-security/security-groups-api";

const e = endpoints.network;

// Under the host's own key, so that whatever refreshes the host refreshes its network too.
const hostNetworkKey = (id: string) => ["services", "host", id, "network"] as const;

/**
 * The host's VPC, subnet, address and groups. `status` is the host's: its address and whether its
 * groups may be changed follow it, so a new status asks again.
 */
export const useHostNetwork = (id: string, status: string) =>
  useQuery({
    queryKey: [...hostNetworkKey(id), status],
    queryFn: () => api.call(e.hostNetwork, { params: { id } }),
  });

export function useSetHostSecurityGroups(id: string) {
  const client = useQueryClient();
  return async (securityGroupIds: string[]): Promise<HostNetwork> => {
    const network = await api.call(e.setHostSecurityGroups, { params: { id }, body: { securityGroupIds } });
    await Promise.all([
      client.invalidateQueries({ queryKey: hostNetworkKey(id) }),
      // The groups' host counts and host lists changed too.
      client.invalidateQueries({ queryKey: ["ops", SECURITY_GROUPS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["ops", SECURITY_GROUP_HOSTS_KEY] }),
    ]);
    return network;
  };
}
