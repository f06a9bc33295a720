// The platform's maintenance state (GET /maintenance, public): /unavailable polls it to return to
// the console when maintenance ends, the console's banner reads it, and the operators' form edits it.
import { endpoints, type Locale, type MaintenanceState } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api-client";

export const MAINTENANCE_KEY = ["maintenance"] as const;

/** The state, read again every `pollMs`; a failed read shows nothing (the next poll tries again). */
export function useMaintenance(pollMs: number) {
  return useQuery({
    queryKey: MAINTENANCE_KEY,
    queryFn: () => api.call(endpoints.config.maintenance, { anonymous: true, bestEffort: true }),
    refetchInterval: pollMs,
  });
}

/** The administrator's message in the reader's language. */
export const maintenanceMessage = (state: MaintenanceState, locale: Locale): string =>
  locale === "zh-CN" ? state.messageZh : state.messageEn;
