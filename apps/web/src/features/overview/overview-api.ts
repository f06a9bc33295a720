// The console overview (`GET /overview`, CA) and its cache key.
import type { Overview } from "@skyledger/contracts";
import { api } from "../../lib/api-client";

export const overviewKeys = { all: ["overview"] as const };

export const fetchOverview = () => api.get<Overview>("/overview");
