// Calls of the message-queue service API (`/res/dms`) and their cache keys. Buying, renewing and
// unsubscribing go through the services API like every service.
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { isTransitional, POLL_MS } from "../services/host-state";

export const dmsApi = {
  resetPassword: (id: string) => api.call(endpoints.queue.resetPassword, { params: { id } }),
};

/** One message-queue instance (its detail page); polled while it is between two states. */
export const useQueueInstance = (id: string) =>
  useQuery({
    queryKey: ["dms", id],
    queryFn: () => api.call(endpoints.queue.get, { params: { id } }),
    refetchInterval: (q) => (q.state.data && isTransitional(q.state.data.status) ? POLL_MS : false),
  });
