// Tenant ordering (`/service/apply`, `/service/unsubscribe/{id}`, orders `order` and `orders/{id}`,
// resubmitting or withdrawing a returned order)
// and the operators' approval queue (`/audit/approval`, BA07): decisions, manual activation and
// closing, with the simulator's fault switch.
import { endpoints, type OrderDetail, type UnsubscribeQuote } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { RequestContext } from "../../platform/request-context";
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
  quote(ctx: RequestContext, id: string): Promise<UnsubscribeQuote>;
  /** Reads the Idempotency-Key only once the resource proved to be the caller's. */
  unsubscribe(ctx: RequestContext, id: string): Promise<OrderDetail>;
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

  userRoute(app, guards, endpoints.orders.apply, ({ ctx, body }) => s.orders.submit(ctx, body));
  userRoute(app, guards, endpoints.orders.list, ({ ctx, query }) => s.orders.list(ctx, query));
  userRoute(app, guards, endpoints.orders.get, ({ ctx, params }) => s.orders.detail(ctx, params.id));
  userRoute(app, guards, endpoints.orders.resubmit, ({ ctx, params, body }) =>
    s.returned.resubmit(ctx, params.id, body),
  );
  userRoute(app, guards, endpoints.orders.withdraw, ({ ctx, params }) => s.returned.withdraw(ctx, params.id));
  userRoute(app, guards, endpoints.orders.unsubscribeQuote, ({ ctx, params }) =>
    s.unsubscribe.quote(ctx, params.id),
  );
  userRoute(app, guards, endpoints.orders.unsubscribe, ({ ctx, params }) =>
    s.unsubscribe.unsubscribe(ctx, params.id),
  );

  userRoute(app, guards, endpoints.orders.opsList, ({ ctx, query }) => s.orders.opsList(ctx, query));
  userRoute(app, guards, endpoints.orders.listApprovals, ({ ctx, query }) => s.approvals.queue(ctx, query));
  userRoute(app, guards, endpoints.orders.getApproval, ({ ctx, params }) =>
    s.approvals.detail(ctx, params.id),
  );
  userRoute(app, guards, endpoints.orders.decideApproval, ({ ctx, params, body }) =>
    s.approvals.decide(ctx, params.id, body),
  );
  userRoute(app, guards, endpoints.orders.activate, ({ ctx, params, body }) =>
    s.activation.activate(ctx, params.id, body),
  );
  userRoute(app, guards, endpoints.orders.close, ({ ctx, params, body }) =>
    s.activation.close(ctx, params.id, body),
  );

  const faults = s.faults;
  if (!faults) return;
  userRoute(app, guards, endpoints.orders.listFaults, () => faults.list());
  userRoute(app, guards, endpoints.orders.setFault, ({ ctx, body }) => faults.arm(ctx, body));
}
