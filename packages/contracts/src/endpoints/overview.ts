// Endpoints of overview (what each property means: define.ts).
import { overview, overviewQuery } from "../api/overview";
import { defineEndpoint } from "./define";

export const overviewEndpoints = {
  get: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/overview",
    summary:
      "The caller's data scope (or one of its projects) at a glance: resources by kind and status, prepaid resources ending within 30 days, recent orders, orders awaiting approval, spend by product per day (30 days) and per month (12 months) and the balance forecast",
    tags: ["overview"],
    permissions: ["CA"],
    tenantOnly: true,
    query: overviewQuery,
    response: overview,
  }),
};
