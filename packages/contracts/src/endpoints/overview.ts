// Endpoints of overview (what each property means: define.ts).
import { overview } from "../api/overview";
import { defineEndpoint } from "./define";

export const overviewEndpoints = {
  get: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/overview",
    summary:
      "The caller's data scope at a glance: resources by kind and status, prepaid resources ending within 30 days, recent orders, orders awaiting approval and this month's postpaid spend per day",
    tags: ["overview"],
    permissions: ["CA"],
    tenantOnly: true,
    response: overview,
  }),
};
