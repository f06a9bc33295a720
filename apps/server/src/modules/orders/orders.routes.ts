// Tenant ordering (`/service/apply`, `/service/unsubscribe/{id}`, orders `order` and `orders/{id}`,
// resubmitting or withdrawing a returned order)
// and the operators' approval queue (`/audit/approval`, BA07): decisions, manual activation and
// closing, with the simulator's fault switch.
import { endpoints, type Locale, type OrderDetail, type UnsubscribeQuote } from "@skyledger/contracts";
import type { Principal } from "../../platform/auth/principal";
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

  userRoute(app, guards, endpoints.orders.apply, ({ principal, body, locale, idempotencyKey }) =>
    s.orders.submit(principal, body, idempotencyKey, locale),
  );

  userRoute(app, guards, endpoints.orders.list, ({ principal, query, locale }) =>
    s.orders.list(principal, query, locale),
  );

  userRoute(app, guards, endpoints.orders.get, ({ principal, params, locale }) =>
    s.orders.detail(principal, params.id, locale),
  );

  userRoute(app, guards, endpoints.orders.resubmit, ({ principal, params, body, locale, req }) =>
    s.returned.resubmit(principal, params.id, body, locale, req.ip),
  );

  userRoute(app, guards, endpoints.orders.withdraw, ({ principal, params, req, locale, idempotencyKey }) =>
    s.returned.withdraw(principal, params.id, idempotencyKey, locale, req.ip),
  );

  userRoute(app, guards, endpoints.orders.unsubscribeQuote, ({ principal, params, locale }) =>
    s.unsubscribe.quote(principal, params.id, locale),
  );

  userRoute(app, guards, endpoints.orders.unsubscribe, ({ principal, params, req, locale, idempotencyKey }) =>
    s.unsubscribe.unsubscribe(principal, params.id, idempotencyKey, locale, req.ip),
  );

  userRoute(app, guards, endpoints.orders.listApprovals, ({ query, locale }) =>
    s.approvals.queue(query, locale),
  );

  userRoute(app, guards, endpoints.orders.getApproval, ({ params, locale }) =>
    s.approvals.detail(params.id, locale),
  );

  userRoute(app, guards, endpoints.orders.decideApproval, ({ principal, params, body, locale, req }) =>
    s.approvals.decide(principal, params.id, body, locale, req.ip),
  );

  userRoute(app, guards, endpoints.orders.activate, ({ principal, params, body, locale, req }) =>
    s.activation.activate(principal, params.id, body, locale, req.ip),
  );

  userRoute(app, guards, endpoints.orders.close, ({ principal, params, body, locale, req }) =>
    s.activation.close(principal, params.id, body, locale, req.ip),
  );

  const faults = s.faults;
  if (!faults) return;
  userRoute(app, guards, endpoints.orders.listFaults, () => faults.list());
  userRoute(app, guards, endpoints.orders.setFault, ({ principal, body, req }) =>
    faults.arm(principal, body, req.ip),
  );
}
