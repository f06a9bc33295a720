// File storage (`/mgt/share`, CB10) and the elastic file service (`/mgt/scalableFile`, CB20): list,
// one share, and its access rules; and the elastic file product's public landing
// (`/apply/share/{id}`). Buying, the capacity change, renewing and unsubscribing go through the
// order, change, renewal and unsubscribe endpoints like every service.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { FileKind, FileSharesService } from "./fileshares.service";
import type { createFileLandingService } from "./landing.service";

export function registerFileShareRoutes(
  ctx: ModuleContext,
  files: FileSharesService,
  landing: ReturnType<typeof createFileLandingService>,
) {
  const { app, guards, userRoute, publicRoute } = ctx;
  publicRoute(app, guards, endpoints.scalableFiles.productLanding, ({ params }) =>
    landing.product(params.id),
  );
  const groups: [FileKind, typeof endpoints.shares][] = [
    ["share", endpoints.shares],
    ["scalableFile", endpoints.scalableFiles],
  ];
  for (const [kind, e] of groups) {
    userRoute(app, guards, e.list, ({ ctx, query }) => files.list(kind, ctx, query));
    userRoute(app, guards, e.get, ({ ctx, params }) => files.detail(kind, ctx, params.id));
    userRoute(app, guards, e.rules, ({ ctx, params }) => files.rules(kind, ctx, params.id));
    userRoute(app, guards, e.addRule, ({ ctx, params, body }) => files.addRule(kind, ctx, params.id, body));
    userRoute(app, guards, e.updateRule, ({ ctx, params, body }) =>
      files.updateRule(kind, ctx, params.id, params.ruleId, body),
    );
    userRoute(app, guards, e.deleteRule, ({ ctx, params }) =>
      files.deleteRule(kind, ctx, params.id, params.ruleId),
    );
  }
}
