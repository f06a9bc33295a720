// Calls of the bare-metal server API (`/res/baremetal`) and their cache keys. Buying, renewing and
// unsubscribing go through the services API like every service.
import { type BareMetalAction, endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { isTransitional, POLL_MS } from "../services/host-state";

export const bmsApi = {
  act: (id: string, action: BareMetalAction) =>
    api.call(endpoints.bareMetal.action, { params: { id }, body: { action } }),
};

/** One server (its detail page); polled while it is between two states (being made, stopping…). */
export const useBareMetalServer = (id: string) =>
  useQuery({
    queryKey: ["bms", id],
    queryFn: () => api.call(endpoints.bareMetal.get, { params: { id } }),
    refetchInterval: (q) => (q.state.data && isTransitional(q.state.data.status) ? POLL_MS : false),
  });
