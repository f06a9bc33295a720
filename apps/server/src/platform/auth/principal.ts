import type { FastifyRequest } from "fastify";

/** Who is calling: resolved once per request by the authenticator. */
export type Principal = {
  userId: string;
  orgId: string | null;
  account: string;
  roleId: number;
  moduleType: "sys" | "console";
  permissions: ReadonlySet<string>;
  sessionId: string;
  stepUpUntil: Date | null;
  sessionExpiresAt: Date;
  lastSeenAt: Date;
  /** First login or an expired password: only the password-change calls are open. */
  mustChangePassword: boolean;
  mobile: string | null;
  /** Whether the owner proved the phone is theirs with a code; step-up codes go only to such a phone. */
  mobileVerified: boolean;
  signSecret: string;
  /** Browser sessions need the anti-forgery token; access-key clients hold no ambient cookie. */
  viaBrowser: boolean;
  /**
   * A support session (decision 0031): the operator reading the tenant's console as its main
   * account (`userId`). Every request that could change something is refused
   * (platform/http/support-read-only.ts), and audit rows name the operator.
   */
  support?: { operatorId: string; operatorAccount: string; operatorName: string | null };
};

export type Authenticator = {
  /** Throws DomainError("SESSION_EXPIRED") when the request carries no live credential. */
  authenticate(req: FastifyRequest): Promise<Principal>;
  /** Slides the session's expiry (at most once a minute) after the request proved itself. */
  touch(principal: Principal): Promise<void>;
  /** The step-up deadline as stored now (the cached principal may predate a verification). */
  currentStepUp(sessionId: string): Promise<Date | null>;
};
