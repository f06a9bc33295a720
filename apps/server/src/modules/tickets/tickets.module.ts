// Wires tickets: the tenant's and the engineers' services over the shared uploads, and their routes.
import type { ModuleContext } from "../../platform/module";
import type { TicketDeps } from "./ticket-actions";
import { registerTicketRoutes } from "./tickets.routes";
import { createTicketService } from "./tickets.service";
import { createTicketDeskService } from "./tickets-desk.service";

export function registerTickets(ctx: ModuleContext, deps: TicketDeps & { timeZone: string }) {
  registerTicketRoutes(ctx, createTicketService(deps), createTicketDeskService(deps));
}
