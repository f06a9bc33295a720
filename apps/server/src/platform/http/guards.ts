import type { PublicEndpoint, StepUpKind, UserEndpoint } from "@skyledger/contracts";
import type { FastifyRequest } from "fastify";
import type { Authenticator, Principal } from "../auth/principal";
import type { Clock } from "../clock";
import type { ScopeResolver } from "../request-context";
import { DomainError } from "./errors";
import type { NonceStore } from "./nonce-store";
import type { RateLimiter } from "./rate-limit";
import { verifySignature } from "./signature";
import { refuseSupportChanges } from "./support-read-only";

export type HttpGuards = {
  authenticate(req: FastifyRequest): Promise<Principal>;
  authRateLimit(req: FastifyRequest): void;
  accountRateLimit(principal: Principal): void;
  /**
   * SMS step-up of the acting session, when it is on for the principal. Codes go only to a
   * verified phone: an unverified one is refused; an account without a phone passes, except for
   * a `credential` action (one that creates or widens a way into an account), which it may not do.
   * An operator's money action (`operatorMoney`) has its own switch and always needs a phone.
   */
  requireStepUp(principal: Principal, kind?: StepUpKind): Promise<void>;
  /** Each request context resolves its caller's data scope through this. */
  scopes: ScopeResolver;
  /**
   * Refuses with 503 a call that platform maintenance holds back (`principal` null: a public call).
   * The config module implements it; the platform only asks.
   */
  maintenance(principal: Principal | null, def: PublicEndpoint | UserEndpoint): Promise<void>;
};

export function createGuards(deps: {
  authenticator: Authenticator;
  nonces: NonceStore;
  limiter: RateLimiter;
  clock: Clock;
  limits: { perAccountPerMinute: number; authPerIpPerMinute: number };
  /** Whether SMS step-up is on for the principal (a tenant may switch it for its organisation). */
  stepUpEnabled(principal: Principal): Promise<boolean>;
  /** Whether operators' money actions ask for SMS step-up (`sms.stepup.operator.money`). */
  operatorMoneyStepUpEnabled(): Promise<boolean>;
  scopes: ScopeResolver;
  maintenance: HttpGuards["maintenance"];
}): HttpGuards {
  return {
    scopes: deps.scopes,
    maintenance: deps.maintenance,
    async authenticate(req) {
      const principal = await deps.authenticator.authenticate(req);
      if (principal.support) refuseSupportChanges(req);
      await verifySignature(req, principal.signSecret, deps.nonces, deps.clock.now());
      await deps.authenticator.touch(principal);
      return principal;
    },
    authRateLimit(req) {
      deps.limiter.enforce(`auth:${req.ip}`, deps.limits.authPerIpPerMinute);
    },
    accountRateLimit(principal) {
      deps.limiter.enforce(`acct:${principal.userId}`, deps.limits.perAccountPerMinute);
    },
    async requireStepUp(principal, kind = true) {
      const enabled =
        kind === "operatorMoney" ? deps.operatorMoneyStepUpEnabled() : deps.stepUpEnabled(principal);
      if (!(await enabled)) return;
      if (!principal.mobile) {
        // Only a plain sensitive action lets an account without a phone through.
        if (kind !== true) throw new DomainError("STEP_UP_PHONE_REQUIRED");
        return;
      }
      if (!principal.mobileVerified) throw new DomainError("PHONE_NOT_VERIFIED");
      const until = principal.stepUpUntil;
      if (!until || until.getTime() < deps.clock.now().getTime())
        throw new DomainError("SMS_STEP_UP_REQUIRED");
    },
  };
}
