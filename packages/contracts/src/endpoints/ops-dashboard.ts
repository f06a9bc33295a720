// Endpoints of the operators' dashboard (what each property means: define.ts).
import { moneyMovementPage, moneyMovementQuery, opsDashboard } from "../api/ops-dashboard";
import { defineEndpoint } from "./define";

export const opsDashboardEndpoints = {
  get: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/dashboard",
    summary:
      "The operators' dashboard: revenue, top-ups, refunds and vouchers by day for 30 days (BI), tenants by state, sign-ups by day and arrears (BI, BT), resources by product and status and the frozen ones (BA07, BI, BT); panels the caller's codes do not open are null",
    tags: ["operations: dashboard"],
    permissions: ["BI", "BT", "BA07"],
    response: opsDashboard,
  }),
  moneyMovements: defineEndpoint({
    access: "user",
    method: "GET",
    path: "/api/ops/money_movements",
    summary:
      "The journal entries behind a money series of the dashboard (revenue, top-ups, refunds, vouchers) between two local days, newest first, with their sum",
    tags: ["operations: dashboard"],
    permissions: ["BI"],
    query: moneyMovementQuery,
    response: moneyMovementPage,
  }),
};
