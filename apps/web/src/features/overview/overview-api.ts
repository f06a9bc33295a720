import { endpoints } from "@skyledger/contracts";
import { api } from "../../lib/api-client";

export const overviewKeys = { all: ["overview"] as const };

export const fetchOverview = () => api.call(endpoints.overview.get);
