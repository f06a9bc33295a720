// Quota calls: the tenant's `/res/quota` (CG) and the operators' `/ops/quotas` (BA08).
import {
  endpoints,
  type Locale,
  type QuotaMetric,
  type QuotaUpdateBody,
  quotaMetricLabel,
} from "@skyledger/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client";

export const quotaKeys = {
  tenant: (projectId: string | undefined) => ["quota", "tenant", projectId ?? null] as const,
  ops: (orgId: string | undefined, projectId: string | undefined) =>
    ["quota", "ops", orgId ?? null, projectId ?? null] as const,
};

export const useTenantQuota = (projectId: string | undefined) =>
  useQuery({
    queryKey: quotaKeys.tenant(projectId),
    queryFn: () => api.call(endpoints.quotas.tenant, { query: { projectId } }),
    placeholderData: keepPreviousData,
  });

export const useOpsQuota = (orgId: string | undefined, projectId: string | undefined) =>
  useQuery({
    queryKey: quotaKeys.ops(orgId, projectId),
    queryFn: () => api.call(endpoints.quotas.get, { query: { orgId, projectId } }),
    enabled: !!orgId,
  });

export function useSaveQuota() {
  const client = useQueryClient();
  return async (body: QuotaUpdateBody) => {
    const result = await api.call(endpoints.quotas.update, { body: body });
    await client.invalidateQueries({ queryKey: ["quota"] });
    return result;
  };
}

/** The metric's name in the current language (the labels live in the contracts, shared with errors). */
export function useMetricLabel(): (metric: QuotaMetric) => string {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === "en-US" ? "en-US" : "zh-CN";
  return (metric) => quotaMetricLabel(metric, locale);
}
