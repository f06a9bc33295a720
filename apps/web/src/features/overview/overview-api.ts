import { endpoints } from "@skyledger/contracts";
import { api } from "../../lib/api-client";

export const overviewKeys = {
  all: ["overview"] as const,
  of: (projectId: string | undefined) => ["overview", projectId ?? null] as const,
};

export const fetchOverview = (projectId?: string) =>
  api.call(endpoints.overview.get, projectId ? { query: { projectId } } : undefined);
