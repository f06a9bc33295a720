// `/mgt/sshkeypairs` and `/mgt/ssh/deatil/{id}` (CB0117; CB011702 reads a detail): the tenant's SSH
// key pairs under /api/res/keypairs.
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { KeyPairService } from "./keypairs.service";

export function registerKeyPairRoutes(ctx: ModuleContext, keyPairs: KeyPairService) {
  const { app, guards, userRoute } = ctx;

  userRoute(app, guards, endpoints.keypairs.list, ({ principal, query }) => keyPairs.list(principal, query));

  userRoute(app, guards, endpoints.keypairs.get, ({ principal, params }) =>
    keyPairs.detail(principal, params.id),
  );

  userRoute(app, guards, endpoints.keypairs.create, ({ principal, body, req }) =>
    keyPairs.create(principal, body, req.ip),
  );

  userRoute(app, guards, endpoints.keypairs.import, ({ principal, body, req }) =>
    keyPairs.import(principal, body, req.ip),
  );

  userRoute(app, guards, endpoints.keypairs.remove, async ({ principal, params, req }) => {
    await keyPairs.remove(principal, params.id, req.ip);
    return { ok: true as const };
  });
}
