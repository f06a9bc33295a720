// Calls of the relational database API (`/res/rds`) and their cache keys. Buying, renewing and
// unsubscribing go through the services API like every service.
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { isTransitional, POLL_MS } from "../services/host-state";

export const rdsApi = {
  resetPassword: (id: string) => api.call(endpoints.rds.resetPassword, { params: { id } }),
};

/** One database (its detail page); polled while it is between two states. */
export const useDatabase = (id: string) =>
  useQuery({
    queryKey: ["rds", id],
    queryFn: () => api.call(endpoints.rds.get, { params: { id } }),
    refetchInterval: (q) => (q.state.data && isTransitional(q.state.data.status) ? POLL_MS : false),
  });
