// `/mgt/sshkeypairs` and `/mgt/ssh/deatil/{id}` (CB0117; CB011702 reads a detail): the tenant's SSH
// key pairs under /api/res/keypairs.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { KeyPairService } from "./keypairs.service";

export function registerKeyPairRoutes({ app, guards, userRoute }: ModuleContext, keyPairs: KeyPairService) {
  userRoute(app, guards, endpoints.keypairs.list, ({ ctx, query }) => keyPairs.list(ctx, query));

  userRoute(app, guards, endpoints.keypairs.get, ({ ctx, params }) => keyPairs.detail(ctx, params.id));

  userRoute(app, guards, endpoints.keypairs.create, ({ ctx, body }) => keyPairs.create(ctx, body));

  userRoute(app, guards, endpoints.keypairs.import, ({ ctx, body }) => keyPairs.import(ctx, body));

  userRoute(app, guards, endpoints.keypairs.remove, ({ ctx, params }) => keyPairs.remove(ctx, params.id));
}
