// Budget calls (endpoints.budgets: CC09 reads, CC0901 sets, changes and removes) and their cache key.
import type { BudgetBody, BudgetSettingsBody } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

const e = endpoints.budgets;
const KEY = ["budgets"];

export const budgetsApi = {
  create: (body: BudgetBody) => api.call(e.create, { body }),
  update: (id: string, amount: string) => api.call(e.update, { params: { id }, body: { amount } }),
  remove: (id: string) => api.call(e.remove, { params: { id } }),
  saveSettings: (body: BudgetSettingsBody) => api.call(e.saveSettings, { body }),
};

/** The organisation's budgets with this month's spend and the balance forecast. */
export const useBudgets = () => useQuery({ queryKey: KEY, queryFn: () => api.call(e.list, {}) });

export function useRefreshBudgets() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: KEY });
}

/** The organisation's projects a budget may be for; only users who may read projects (CH04) get them. */
export const useBudgetProjects = (enabled: boolean) =>
  useQuery({
    queryKey: ["budgetProjects"],
    queryFn: () => api.call(endpoints.projects.list, { query: { pageNum: 1, pageSize: 200 } }),
    enabled,
  });
