// Tenant ordering (`/service/apply`, `/service/unsubscribe/{id}`, orders `order` and `orders/{id}`,
// resubmitting or withdrawing a returned order)
// and the operators' approval queue (`/audit/approval`, BA07): decisions, manual activation and
// closing, with the simulator's fault switch.
import {
  approvalDecisionBody,
  approvalQuery,
  type Locale,
  type OrderDetail,
  orderActivateBody,
  orderCloseBody,
  orderDetail,
  orderParams,
  orderQuery,
  orderRecord,
  orderResubmitBody,
  page,
  serviceApplyBody,
  simulatorFaultBody,
  type UnsubscribeQuote,
  unsubscribeQuote,
} from "@skyledger/contracts";
import { z } from "zod";
import type { Principal } from "../../platform/auth/principal";
import { idempotencyKeyOf } from "../../platform/idempotency";
import type { ModuleContext } from "../../platform/module";
import type { ActivationService } from "./approvals/activation.service";
import type { ApprovalsService } from "./approvals/approvals.service";
import type { ReturnedOrdersService } from "./approvals/returned-orders.service";
import type { OrdersService } from "./ordering/orders.service";
import type { SimulatorFaultsService } from "./simulator-faults.service";

/**
 * Unsubscribing, as these routes call it: the subscriptions module, above orders, implements it
 * (unsubscribe.service.ts) and the wiring passes it in.
 */
type Unsubscribing = {
  quote(principal: Principal, id: string, locale: Locale): Promise<UnsubscribeQuote>;
  unsubscribe(
    principal: Principal,
    id: string,
    keyOf: () => string,
    locale: Locale,
    ip: string,
  ): Promise<OrderDetail>;
};

/** Anyone who may run a kind of cloud resource may buy or unsubscribe it. */
const RESOURCE_CODES = ["CB01", "CB02", "CB09"] as const;

export function registerOrderRoutes(
  ctx: ModuleContext,
  s: {
    orders: OrdersService;
    approvals: ApprovalsService;
    returned: ReturnedOrdersService;
    activation: ActivationService;
    unsubscribe: Unsubscribing;
    faults: SimulatorFaultsService | null;
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
    method: "POST",
    url: "/api/orders/:id/resubmit",
    summary:
      "Resubmit an order returned at approval level 1: after the listing and quota checks it waits for level-1 approval again",
    tags: ["orders"],
    permissions: [...RESOURCE_CODES],
    tenantOnly: true,
    params: orderParams,
    body: orderResubmitBody,
    response: orderDetail,
    handler: ({ principal, params, body, locale, req }) =>
      s.returned.resubmit(principal, params.id, body, locale, req.ip),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/orders/:id/withdraw",
    summary:
      "Withdraw an order returned at approval level 1: refunded in full (the coupon given back), it ends terminated (needs an Idempotency-Key header)",
    tags: ["orders"],
    permissions: [...RESOURCE_CODES],
    tenantOnly: true,
    params: orderParams,
    response: orderDetail,
    handler: ({ principal, params, req, locale }) =>
      s.returned.withdraw(principal, params.id, () => idempotencyKeyOf(req), locale, req.ip),
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
    summary:
      "Orders waiting for approval (pending), approved ones waiting for manual activation (activation), or every order that needed either (all)",
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
    summary:
      "Decide an order at its current level: approve, reject (refuse for good: refunded in full) or return (send back: to the tenant at level 1, to level 1 at level 2)",
    tags: ["approvals"],
    permissions: ["BA07"],
    params: orderParams,
    body: approvalDecisionBody,
    response: orderDetail,
    handler: ({ principal, params, body, locale, req }) =>
      s.approvals.decide(principal, params.id, body, locale, req.ip),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/audit/approval/:id/activate",
    summary: "Activate an approved order waiting for manual activation: provisioning starts",
    tags: ["approvals"],
    permissions: ["BA07"],
    params: orderParams,
    body: orderActivateBody,
    response: orderDetail,
    handler: ({ principal, params, body, locale, req }) =>
      s.activation.activate(principal, params.id, body, locale, req.ip),
  });

  userRoute(app, guards, {
    method: "POST",
    url: "/api/audit/approval/:id/close",
    summary: "Close an approved order waiting for manual activation: refunded in full, it ends terminated",
    tags: ["approvals"],
    permissions: ["BA07"],
    params: orderParams,
    body: orderCloseBody,
    response: orderDetail,
    handler: ({ principal, params, body, locale, req }) =>
      s.activation.close(principal, params.id, body, locale, req.ip),
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
    handler: () => faults.list(),
  });
  userRoute(app, guards, {
    method: "POST",
    url: "/api/ops/simulator/faults",
    summary: "Make the simulator's next operations of a kind fail (for drills and demos)",
    tags: ["approvals"],
    permissions: ["BA07"],
    body: simulatorFaultBody,
    response: faultList,
    handler: ({ principal, body, req }) => faults.arm(principal, body, req.ip),
  });
}
