// `/mgt/workorder` (CD, CD01) and `/mgt/workorders` (BJ): the tenant's tickets under /api/tickets,
// the after-sales queue under /api/ops/tickets.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { TicketService } from "./tickets.service";
import type { TicketDeskService } from "./tickets-desk.service";

export function registerTicketRoutes(
  { app, guards, userRoute }: ModuleContext,
  tickets: TicketService,
  desk: TicketDeskService,
) {
  const t = endpoints.tickets;
  userRoute(app, guards, t.list, ({ ctx, query }) => tickets.list(ctx, query));
  userRoute(app, guards, t.linkables, ({ ctx }) => tickets.linkables(ctx));
  userRoute(app, guards, t.get, ({ ctx, params }) => tickets.detail(ctx, params.id));
  userRoute(app, guards, t.create, ({ ctx, body }) => tickets.create(ctx, body));
  userRoute(app, guards, t.reply, ({ ctx, params, body }) => tickets.reply(ctx, params.id, body));
  userRoute(app, guards, t.close, ({ ctx, params }) => tickets.close(ctx, params.id));
  userRoute(app, guards, t.reopen, ({ ctx, params }) => tickets.reopen(ctx, params.id));
  userRoute(app, guards, t.rate, ({ ctx, params, body }) => tickets.rate(ctx, params.id, body));
  userRoute(app, guards, t.queue, ({ ctx, query }) => desk.queue(ctx, query));
  userRoute(app, guards, t.engineers, () => desk.engineers());
  userRoute(app, guards, t.detail, ({ params }) => desk.detail(params.id));
  userRoute(app, guards, t.take, ({ ctx, params }) => desk.take(ctx, params.id));
  userRoute(app, guards, t.answer, ({ ctx, params, body }) => desk.answer(ctx, params.id, body));
  userRoute(app, guards, t.handover, ({ ctx, params, body }) => desk.handover(ctx, params.id, body));
  userRoute(app, guards, t.resolve, ({ ctx, params }) => desk.resolve(ctx, params.id));
}
