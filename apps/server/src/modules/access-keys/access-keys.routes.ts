// `/users/accesskey` (spec §7): the caller's own access keys. CH06 is held by tenant administrators
// and must be granted to sub-users separately (spec §6).
import { endpoints } from "@skyledger/contracts";
import type { FastifyReply } from "fastify";
import type { ModuleContext } from "../../platform/module";
import type { AccessKeyService } from "./access-keys.service";

/** The CSV as a download that no cache keeps. */
const sendCsv = (reply: FastifyReply, csv: string) =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", 'attachment; filename="access-keys.csv"')
    .header("cache-control", "no-store")
    .send(csv);

export function registerAccessKeyRoutes({ app, guards, userRoute }: ModuleContext, keys: AccessKeyService) {
  userRoute(app, guards, endpoints.accessKeys.list, ({ ctx, query }) => keys.list(ctx, query));

  userRoute(app, guards, endpoints.accessKeys.create, ({ ctx, body }) => keys.create(ctx, body));

  userRoute(app, guards, endpoints.accessKeys.enable, ({ ctx, params }) =>
    keys.setStatus(ctx, params.id, "enabled"),
  );

  userRoute(app, guards, endpoints.accessKeys.disable, ({ ctx, params }) =>
    keys.setStatus(ctx, params.id, "disabled"),
  );

  userRoute(app, guards, endpoints.accessKeys.remove, ({ ctx, params }) => keys.remove(ctx, params.id));

  userRoute(app, guards, endpoints.accessKeys.download, async ({ ctx, reply }) =>
    sendCsv(reply, await keys.csv(ctx)),
  );
}
