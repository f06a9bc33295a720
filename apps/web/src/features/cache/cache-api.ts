// Calls of the cache service API (`/res/dcs`) and their cache keys. Buying, renewing and
// unsubscribing go through the services API like every service.
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { isTransitional, POLL_MS } from "../services/host-state";

export const cacheApi = {
  resetPassword: (id: string) => api.call(endpoints.cache.resetPassword, { params: { id } }),
};

/** One cache instance (its detail page); polled while it is between two states. */
export const useCacheInstance = (id: string) =>
  useQuery({
    queryKey: ["dcs", id],
    queryFn: () => api.call(endpoints.cache.get, { params: { id } }),
    refetchInterval: (q) => (q.state.data && isTransitional(q.state.data.status) ? POLL_MS : false),
  });
