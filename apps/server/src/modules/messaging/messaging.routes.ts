import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { Messaging } from "../../platform/outbox/messaging";
import type { Announcements } from "./announcements.service";
import type { MessageCentre } from "./message-centre.service";

export function registerMessagingRoutes({ app, guards, userRoute }: ModuleContext, messaging: Messaging) {
  userRoute(app, guards, endpoints.messaging.outbox, ({ ctx, query }) => messaging.list(ctx, query));
}

/** `/mgt/msgs` (CF, CF01), the notice preferences (CH05) and `/sys/announcements` (BA13). */
export function registerMessageCentreRoutes(
  { app, guards, userRoute }: ModuleContext,
  centre: MessageCentre,
  announcements: Announcements,
) {
  const m = endpoints.messages;
  userRoute(app, guards, m.list, ({ ctx, query }) => centre.list(ctx, query));
  userRoute(app, guards, m.unread, ({ ctx }) => centre.unread(ctx));
  userRoute(app, guards, m.get, ({ ctx, params }) => centre.get(ctx, params.id));
  userRoute(app, guards, m.readAll, ({ ctx }) => centre.readAll(ctx));
  userRoute(app, guards, m.remove, ({ ctx, params }) => centre.remove(ctx, params.id));
  userRoute(app, guards, m.announcements, ({ ctx }) => centre.latestAnnouncements(ctx));
  userRoute(app, guards, m.preferences, ({ ctx }) => centre.preferences(ctx));
  userRoute(app, guards, m.savePreferences, ({ ctx, body }) => centre.savePreferences(ctx, body));
  userRoute(app, guards, m.opsList, ({ query }) => announcements.list(query));
  userRoute(app, guards, m.opsProducts, () => announcements.products());
  userRoute(app, guards, m.publish, ({ ctx, body }) => announcements.publish(ctx, body));
  userRoute(app, guards, m.withdraw, ({ ctx, params }) => announcements.withdraw(ctx, params.id));
}
