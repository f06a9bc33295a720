// The operators' dashboard (one call; each panel only for the codes that open it): the overview
// shows it, and the resource list offers its products (those that have resources) as a filter, from
// the same cached answer.
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api-client";

export function useOpsDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ["overview", "opsDashboard"],
    queryFn: () => api.call(endpoints.opsDashboard.get),
    enabled,
  });
}
