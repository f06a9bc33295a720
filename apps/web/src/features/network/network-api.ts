// Network calls of the resource API (VPCs, subnets, routers and routes, CB09) and their cache keys.
import {
  endpoints,
  type RouteCreateBody,
  type RouterCreateBody,
  type SubnetCreateBody,
  type SubnetUpdateBody,
  type VpcCreateBody,
  type VpcUpdateBody,
} from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** The paged lists' keys for usePagedQuery (its query keys start with "ops"). */
export const VPCS_LIST_KEY = "vpcs";
export const ROUTERS_LIST_KEY = "routers";

const e = endpoints.network;

export const networkApi = {
  createVpc: (body: VpcCreateBody) => api.call(e.createVpc, { body }),
  /** The default VPC (172.16.0.0/16) with its one subnet, offered when the organisation has none. */
  createDefaultVpc: () => api.call(e.createDefaultVpc),
  updateVpc: (id: string, body: VpcUpdateBody) => api.call(e.updateVpc, { params: { id }, body }),
  deleteVpc: (id: string) => api.call(e.deleteVpc, { params: { id } }),
  createSubnet: (vpcId: string, body: SubnetCreateBody) =>
    api.call(e.createSubnet, { params: { id: vpcId }, body }),
  updateSubnet: (id: string, body: SubnetUpdateBody) => api.call(e.updateSubnet, { params: { id }, body }),
  deleteSubnet: (id: string) => api.call(e.deleteSubnet, { params: { id } }),
  createRouter: (body: RouterCreateBody) => api.call(e.createRouter, { body }),
  deleteRouter: (id: string) => api.call(e.deleteRouter, { params: { id } }),
  join: (id: string, subnetId: string) => api.call(e.addInterface, { params: { id }, body: { subnetId } }),
  leave: (id: string, subnetId: string) => api.call(e.removeInterface, { params: { id, subnetId } }),
  addRoute: (id: string, body: RouteCreateBody) => api.call(e.addRoute, { params: { id }, body }),
  deleteRoute: (id: string, routeId: string) => api.call(e.removeRoute, { params: { id, routeId } }),
};

export const useNetworkCloud = () =>
  useQuery({ queryKey: ["networkCloud"], queryFn: () => api.call(e.cloud), staleTime: 300_000 });

/** One VPC with its subnets; nothing is asked while none is chosen (""). */
export const useVpc = (id: string) =>
  useQuery({
    queryKey: ["network", "vpc", id],
    queryFn: () => api.call(e.getVpc, { params: { id } }),
    enabled: id !== "",
  });

export const useSubnet = (id: string) =>
  useQuery({ queryKey: ["network", "subnet", id], queryFn: () => api.call(e.getSubnet, { params: { id } }) });

export const useRouter = (id: string) =>
  useQuery({ queryKey: ["network", "router", id], queryFn: () => api.call(e.getRouter, { params: { id } }) });

/** The VPCs to choose from (a router's VPC). */
export const useVpcOptions = () =>
  useQuery({
    queryKey: ["network", "vpcOptions"],
    queryFn: () => api.call(e.listVpcs, { query: { pageNum: 1, pageSize: 200 } }),
  });

/** Forgets every network answer after a change: lists and details alike. */
export function useRefreshNetwork() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ["network"] }),
      client.invalidateQueries({ queryKey: ["ops", VPCS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["ops", ROUTERS_LIST_KEY] }),
    ]);
  };
}
