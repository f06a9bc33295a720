// Tenant ordering (`/service/apply`, `/service/unsubscribe/{id}`, orders `order` and `orders/{id}`)
// and the operators' approval queue (`/audit/approval`, BA07) with the simulator's fault switch.
import {
  approvalDecisionBody,
  approvalQuery,
  orderDetail,
  orderParams,
  orderQuery,
  orderRecord,
  page,
  serviceApplyBody,
  simulatorFaultBody,
  unsubscribeQuote,
} from "@skyledger/contracts";
import { z } from "zod";
import { idempotencyKeyOf } from "../../platform/idempotency";
import type { ModuleContext } from "../../platform/module";
import type { Audit } from "../audit/audit.service";
import type { ApprovalsService } from "./approvals.service";
import type { OrdersService } from "./orders.service";
import type { UnsubscribeService } from "./unsubscribe.service";

/** Anyone who may run a kind of cloud resource may buy or unsubscribe it. */
const RESOURCE_CODES = ["CB01", "CB02", "CB09"] as const;

type FaultSwitch = {
  armFault(operation: "create" | "resize" | "delete" | "act", count: number, message: string): Promise<void>;
  faults(): Promise<{ operation: string; remaining: number; message: string }[]>;
};

export function registerOrderRoutes(
  ctx: ModuleContext,
  s: {
    orders: OrdersService;
    approvals: ApprovalsService;
    unsubscribe: UnsubscribeService;
    audit: Audit;
    faults: FaultSwitch | null;
  },
) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, {
    method: "POST",
    url: "/api/service/apply",
    summary:
      "Order resources of a listed product (prepaid orders are paid at once; needs an Idempotency-Key header)",
    tags: ["orders"],
    permissions: [...RESOURCE_CODES],
    tenantOnly: true,
    body: serviceApplyBody,
    response: orderDetail,
    handler: ({ principal, body, req, locale }) =>
      s.orders.submit(principal, body, idempotencyKeyOf(req), locale),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/orders",
    summary: "The orders in the caller's data scope, newest first",
    tags: ["orders"],
    permissions: ["CC01"],
    tenantOnly: true,
    querystring: orderQuery,
    response: page(orderRecord),
    handler: ({ principal, query, locale }) => s.orders.list(principal, query, locale),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/orders/:id",
    summary: "One order with its approval trail and provisioning log",
    tags: ["orders"],
    permissions: ["CC01"],
    tenantOnly: true,
    params: orderParams,
    response: orderDetail,
    handler: ({ principal, params, locale }) => s.orders.detail(principal, params.id, locale),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/service/unsubscribe/:id/inquiry",
    summary: "What unsubscribing a resource now would refund (and what blocks it)",
    tags: ["orders"],
    permissions: [...RESOURCE_CODES],
    tenantOnly: true,
    params: orderParams,
    response: unsubscribeQuote,
    handler: ({ principal, params, locale }) => s.unsubscribe.quote(principal, params.id, locale),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/service/unsubscribe/:id",
    summary:
      "Unsubscribe a resource: refund its unused prepaid time and release it (needs an Idempotency-Key header)",
    tags: ["orders"],
    permissions: [...RESOURCE_CODES],
    tenantOnly: true,
    params: orderParams,
    response: orderDetail,
    handler: ({ principal, params, req, locale }) =>
      s.unsubscribe.unsubscribe(principal, params.id, () => idempotencyKeyOf(req), locale, req.ip),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/audit/approval",
    summary: "Orders waiting for approval (pending) or every order that needed one (all)",
    tags: ["approvals"],
    permissions: ["BA07"],
    querystring: approvalQuery,
    response: page(orderRecord),
    handler: ({ query, locale }) => s.approvals.queue(query, locale),
  });

  userRoute(app, guards, {
    method: "GET",
    url: "/api/audit/approval/:id",
    summary: "One order as an approver sees it",
    tags: ["approvals"],
    permissions: ["BA07"],
    params: orderParams,
    response: orderDetail,
    handler: ({ params, locale }) => s.approvals.detail(params.id, locale),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/audit/approval/:id",
    summary: "Approve or reject an order at its current level (a rejection refunds it in full)",
    tags: ["approvals"],
    permissions: ["BA07"],
    params: orderParams,
    body: approvalDecisionBody,
    response: orderDetail,
    handler: ({ principal, params, body, locale, req }) =>
      s.approvals.decide(principal, params.id, body, locale, req.ip),
  });

  const faults = s.faults;
  if (!faults) return;
  const faultList = z.array(
    z.object({ operation: z.string(), remaining: z.number().int(), message: z.string() }),
  );
  userRoute(app, guards, {
    method: "GET",
    url: "/api/ops/simulator/faults",
    summary: "Failures armed in the simulator provider",
    tags: ["approvals"],
    permissions: ["BA07"],
    response: faultList,
    handler: () => faults.faults(),
  });
  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/simulator/faults",
    summary: "Make the simulator's next operations of a kind fail (for drills and demos)",
    tags: ["approvals"],
    permissions: ["BA07"],
    body: simulatorFaultBody,
    response: faultList,
    handler: async ({ principal, body, req }) => {
      await faults.armFault(body.operation, body.count, body.message);
      await s.audit.record({
        action: "simulator.faultArmed",
        actorId: principal.userId,
        orgId: null,
        target: body.operation,
        ip: req.ip,
        detail: { count: body.count, message: body.message },
      });
      return faults.faults();
    },
  });
}
