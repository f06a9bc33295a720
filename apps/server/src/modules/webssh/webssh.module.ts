// Wires remote login to cloud hosts (`/webssh`, decision 0018).
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { TerminalMaintenance } from "../../platform/terminal/open-terminals";
import type { UserSessions } from "../iam/user-sessions";
import { registerWebSshRoutes } from "./webssh.routes";
import { createWebSshService } from "./webssh.service";

export function registerWebSsh(
  ctx: ModuleContext,
  deps: {
    db: Db;
    clock: Clock;
    audit: Audit;
    sessions: Pick<UserSessions, "isLive" | "onSessionEnded">;
    /** Ends open terminals when the platform goes into maintenance. */
    maintenance: TerminalMaintenance;
    simulatorSshTarget: string | undefined;
  },
) {
  registerWebSshRoutes(ctx, createWebSshService(deps));
}
