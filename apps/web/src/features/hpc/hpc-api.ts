// Calls of the HPC side of the API (issue 14): the operators' clusters, the tenant's pools and their
// members, the public landing of an HPC product, and their cache keys. Ordering a pool goes through
// the orders' apply call as every purchase does (features/services).
import {
  type ClusterInput,
  type ClusterUpdate,
  endpoints,
  type HpcPoolDetail,
  type PriceInquiry,
  type ServiceApplyBody,
} from "@skyledger/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const CLUSTERS_LIST_KEY = "hpcClusters";
export const POOLS_LIST_KEY = "hpcPools";
/** The dedicated pool applications of /mgt/innerservice (the tenant's and the operators' lists). */
export const DEDICATED_LIST_KEY = "hpcDedicated";
/** Pending and running jobs move on the cluster: an open pool is read again this often. */
export const POOL_POLL_MS = 10_000;

export const hpcKeys = {
  pool: (id: string) => ["hpc", "pool", id] as const,
  candidates: (id: string) => ["hpc", "candidates", id] as const,
  landing: (id: string) => ["hpc", "landing", id] as const,
  clustersAll: ["hpc", "clustersAll"] as const,
  products: ["hpc", "products"] as const,
};

export const hpcApi = {
  registerCluster: (body: ClusterInput) => api.call(endpoints.hpc.registerCluster, { body }),
  updateCluster: (id: string, body: ClusterUpdate) =>
    api.call(endpoints.hpc.updateCluster, { params: { id }, body }),
  disableCluster: (id: string) => api.call(endpoints.hpc.disableCluster, { params: { id } }),
  /** Records the login host's key: the pasted fingerprint, or (null) the one the host shows now. */
  recordHostKey: (id: string, fingerprint: string | null) =>
    api.call(endpoints.hpc.recordHostKey, { params: { id }, body: { fingerprint } }),
  addMember: (id: string, userId: string) =>
    api.call(endpoints.hpc.addMember, { params: { id }, body: { userId } }),
  removeMember: (id: string, userId: string) =>
    api.call(endpoints.hpc.removeMember, { params: { id, userId } }),
  /** A one-time ticket for the terminal's WebSocket (spent by the first socket that shows it). */
  openTerminal: (id: string) => api.call(endpoints.hpc.openTerminal, { params: { id } }),
  setPackagesOnly: (id: string, packagesOnly: boolean) =>
    api.call(endpoints.hpc.setPackagesOnly, { params: { id }, body: { packagesOnly } }),
  /** An operator activates a dedicated pool application (the approval queue's manual activation). */
  activateDedicated: (id: string, reason: string | undefined) =>
    api.call(endpoints.hpcDedicated.activateApplication, { params: { id }, body: reason ? { reason } : {} }),
  /**
   * An operator closes a dedicated pool application with a reason: a waiting one is refunded in
   * full, a running pool by the unsubscribe rules (needs the action's idempotency key).
   */
  closeDedicated: (id: string, reason: string, idempotencyKey: string) =>
    api.call(endpoints.hpcDedicated.closeApplication, { params: { id }, body: { reason }, idempotencyKey }),
  /** Orders a pool as every purchase is ordered (needs the action's idempotency key). */
  apply: (body: ServiceApplyBody, idempotencyKey: string) =>
    api.call(endpoints.orders.apply, { body, idempotencyKey }),
};

/** What closing a dedicated pool application now refunds (the operator's confirmation dialog). */
export const useDedicatedCloseQuote = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ["hpc", "dedicatedCloseQuote", id] as const,
    queryFn: () => api.call(endpoints.hpcDedicated.closeQuote, { params: { id } }),
    enabled,
    staleTime: 0,
  });

/** The live price of the order (its failures are shown in the price panel, not as toasts). */
export const usePoolQuote = (inquiry: PriceInquiry | null) =>
  useQuery({
    queryKey: ["hpc", "quote", inquiry] as const,
    queryFn: () => api.call(endpoints.catalog.quotePrice, { body: inquiry!, bestEffort: true }),
    enabled: inquiry !== null,
    placeholderData: keepPreviousData,
  });

/** One pool with its members, jobs and usage; read again while it has jobs pending or running. */
export const usePool = (id: string) =>
  useQuery({
    queryKey: hpcKeys.pool(id),
    queryFn: () => api.call(endpoints.hpc.getPool, { params: { id } }),
    refetchInterval: (q) => (hasLiveJobs(q.state.data) ? POOL_POLL_MS : false),
  });

const hasLiveJobs = (pool: HpcPoolDetail | undefined) =>
  (pool?.jobs ?? []).some((j) => j.state === "pending" || j.state === "running");

/** Users of the organisation who hold the HPC use set and are not members yet (for CB1701 holders). */
export const useMemberCandidates = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: hpcKeys.candidates(id),
    queryFn: () => api.call(endpoints.hpc.listMemberCandidates, { params: { id } }),
    enabled,
  });

/** The public landing of an HPC product: asked without a session, so a stale one cannot fail it. */
export const useProductLanding = (id: string) =>
  useQuery({
    queryKey: hpcKeys.landing(id),
    queryFn: () => api.call(endpoints.hpc.productLanding, { params: { id }, anonymous: true }),
    retry: false,
  });

/** Every enabled cluster (with its health), for the product editor's cluster and partition pickers. */
/**
 * The clusters a product may name, disabled ones included: the product editor offers the enabled
 * ones and shows a product's own cluster marked when it was disabled since.
 */
export const useClusterChoices = () =>
  useQuery({
    queryKey: hpcKeys.clustersAll,
    queryFn: () =>
      api.call(endpoints.hpc.listClusters, { query: { pageNum: 1, pageSize: 100, includeDisabled: "true" } }),
  });

/** The listed HPC and AI pool products, which a tenant may apply for (`/apply/{id}`). */
export const usePoolProducts = () =>
  useQuery({
    queryKey: hpcKeys.products,
    queryFn: async () => {
      const page = await api.call(endpoints.catalog.listOnSale, { query: { pageSize: 200 } });
      return page.list.filter((p) => p.spec.kind === "hpcPool");
    },
  });

/** After a change to a pool: the pool, its candidates and the pool list are read again. */
export function useRefreshPool(id: string) {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: hpcKeys.pool(id) }),
      client.invalidateQueries({ queryKey: hpcKeys.candidates(id) }),
      client.invalidateQueries({ queryKey: ["ops", POOLS_LIST_KEY] }),
    ]);
  };
}

/** Every pool of the organisation the caller may see (the terminal's picker). */
export const useAllPools = () =>
  useQuery({
    queryKey: ["hpc", "allPools"] as const,
    queryFn: () => api.call(endpoints.hpc.listPools, { query: { pageNum: 1, pageSize: 100 } }),
  });
