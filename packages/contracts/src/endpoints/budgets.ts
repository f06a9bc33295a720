// Endpoints of monthly budgets (what each property means: define.ts). CC09 reads the
// organisation's budgets; CC0901 (tenant and cost-centre administrators) sets, changes and removes
// them and the forecast notice's horizon.
import {
  budgetBody,
  budgetOverview,
  budgetParams,
  budgetRecord,
  budgetSettingsBody,
  budgetUpdateBody,
} from "../api/budgets";
import { ok } from "../api/common";
import { defineEndpoint } from "./define";

const read = { access: "user", tags: ["budgets"], tenantOnly: true, permissions: ["CC09"] } as const;
const manage = { access: "user", tags: ["budgets"], tenantOnly: true, permissions: ["CC0901"] } as const;

export const budgetsEndpoints = {
  list: defineEndpoint({
    ...read,
    method: "GET",
    path: "/api/budgets",
    summary:
      "The organisation's monthly budgets with this month's spend, the thresholds notified and the balance forecast",
    response: budgetOverview,
  }),
  create: defineEndpoint({
    ...manage,
    method: "POST",
    path: "/api/budgets",
    summary: "Set a monthly budget for the organisation or one of its projects (one each)",
    body: budgetBody,
    response: budgetRecord,
  }),
  update: defineEndpoint({
    ...manage,
    method: "PUT",
    path: "/api/budgets/:id",
    summary: "Change a budget's monthly amount",
    params: budgetParams,
    body: budgetUpdateBody,
    response: budgetRecord,
  }),
  remove: defineEndpoint({
    ...manage,
    method: "DELETE",
    path: "/api/budgets/:id",
    summary: "Remove a budget; no more notices for it",
    params: budgetParams,
    response: ok,
  }),
  saveSettings: defineEndpoint({
    ...manage,
    method: "PUT",
    path: "/api/budgets/settings",
    summary: "Set how many days ahead the balance forecast notice warns",
    body: budgetSettingsBody,
    response: budgetOverview,
  }),
};
