import type { PolicyKind } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const policyKey = (kind: PolicyKind) => ["policy", kind] as const;

export function usePolicyDocument(kind: PolicyKind) {
  return useQuery({
    queryKey: policyKey(kind),
    queryFn: () => api.call(endpoints.config.agreement, { params: { kind: kind }, anonymous: true }),
    staleTime: 5 * 60_000,
  });
}
