// `GET /api/users/2FA/needed`: whether an action guarded by SMS step-up would now be answered 406
// (step-up required). The console asks first and opens the SMS dialog before sending the action, so
// the expected 406 never reaches the browser, which logs every failed request as a console error.
// The route wrapper's own guard decides, exactly as it does for the guarded action.
import { endpoints } from "@skyledger/contracts";
import type { Principal } from "../../platform/auth/principal";
import { DomainError } from "../../platform/http/errors";
import type { HttpGuards } from "../../platform/http/guards";
import type { ModuleContext } from "../../platform/module";

/** True when the guard would ask this session for an SMS code; any other refusal is the action's to give. */
export async function stepUpNeeded(
  guards: Pick<HttpGuards, "requireStepUp">,
  actor: Principal,
  kind: "action" | "operatorMoney" = "action",
): Promise<boolean> {
  try {
    await guards.requireStepUp(actor, kind === "operatorMoney" ? "operatorMoney" : true);
    return false;
  } catch (error) {
    if (error instanceof DomainError && error.key === "SMS_STEP_UP_REQUIRED") return true;
    if (error instanceof DomainError) return false;
    throw error;
  }
}

export function registerStepUpNeededRoute(ctx: ModuleContext) {
  const { app, guards, userRoute } = ctx;
  userRoute(app, guards, endpoints.auth.stepUpNeeded, async ({ ctx: request, query }) => ({
    needed: await stepUpNeeded(guards, request.actor, query.kind),
  }));
}
