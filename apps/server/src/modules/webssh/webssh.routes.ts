// Remote login routes: where a host's login would go, the signed ticket call that logs in, and the
// terminal's WebSocket (not an endpoint of the registry: its authority is the one-time ticket).
import { endpoints, WEBSSH_SOCKET_PATH } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import { registerTerminalSocket } from "../../platform/terminal/terminal-route";
import type { WebSshService } from "./webssh.service";

export function registerWebSshRoutes(ctx: ModuleContext, s: WebSshService) {
  const { app, guards, userRoute } = ctx;
  const e = endpoints.webssh;
  userRoute(app, guards, e.target, ({ ctx, params }) => s.target(ctx, params.id));
  userRoute(app, guards, e.openTerminal, ({ ctx, params, body }) => s.mint(ctx, params.id, body));
  userRoute(app, guards, e.forgetHostKey, ({ ctx, params }) => s.forgetHostKey(ctx, params.id));
  registerTerminalSocket(app, WEBSSH_SOCKET_PATH, s);
}
