// One endpoint, declared once: its method, path, schemas and the rules the server applies before
// the handler runs. The server registers its route from this object (apps/server/src/platform/http/
// route.ts) and the web client calls it through the same object (apps/web/src/lib/api-client.ts), so
// neither side writes the path or the types by hand.
import type { z } from "zod";
import type { PermissionCode } from "../permissions";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Why a POST, PUT or DELETE changes no business state, so that read-only permission sets may call
 * it (reviewed list in docs/api/permissions.md, checked against the OpenAPI document by
 * apps/server/test/permissions.test.ts):
 * - `inquiry`: computes an answer (a price, whether a code is valid) and stores nothing;
 * - `export`: prepares a file of data the caller may read anyway;
 * - `session`: the caller's own session (sign-out, refresh, SMS step-up);
 * - `ownAccount`: the caller's own account (password, profile, agreements, their own uploads and
 *   verification), never the organisation's resources, money or other users.
 */
export type NoStateChange = "inquiry" | "export" | "session" | "ownAccount";

type EndpointCommon = {
  method: HttpMethod;
  /** Fastify's path syntax: `/api/res/subuser/:id`. */
  path: string;
  summary: string;
  tags: readonly string[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The `data` of the answer's envelope; absent for answers sent as they are (files). */
  response?: z.ZodType;
  /** Stricter per-IP limit for sign-in, sign-up and code sending. */
  rateLimit?: "auth";
  /** Bytes of request body accepted instead of the application's 1 MiB (file uploads). */
  bodyLimit?: number;
  /**
   * The handler answers with the very same object for as long as the answer is unchanged (a
   * cached document): its envelope is serialised against `response` once per object and the text
   * is sent again as it is. The object is frozen when first serialised, so a later change to it
   * fails loudly instead of going unseen.
   */
  reuseSerialized?: true;
  /** A state-changing method that changes no business state (see NoStateChange). */
  noStateChange?: NoStateChange;
};

/** No sign-in needed. */
export type PublicEndpoint = EndpointCommon & {
  access: "public";
  /** Server-to-server callbacks (payment gateways) carry their own signature and no cookies. */
  noCsrf?: true;
  /**
   * A state-changing public call that stays open during maintenance (sign-in: operators must get
   * in while the platform is closed to tenants). Every other public POST, PUT or DELETE answers 503.
   */
  openDuringMaintenance?: true;
  /** The handler sends the answer itself (a shared file) and returns the reply: no envelope is added. */
  rawReply?: true;
};

/** How an action is guarded by SMS step-up (see `UserEndpoint.stepUp`). */
export type StepUpKind = true | "credential" | "operatorMoney";

/** A signed-in user (browser session or signed API call). */
export type UserEndpoint = EndpointCommon & {
  access: "user";
  /** Empty: any logged-in user. Otherwise the caller needs one of the codes. */
  permissions: readonly PermissionCode[];
  /**
   * Sensitive actions answer 406 until the caller passes SMS verification (when step-up is on).
   * `credential`: the action creates or widens a way into an account (a user with rights, a phone
   * or e-mail, an access key, another user's password); a caller without a phone is refused
   * instead of being let through. An unconfirmed phone is refused either way (guards.ts).
   * `operatorMoney`: an operator's money action (a recharge, an adjustment, vouchers, a credit
   * limit, approving one of them); asked only while `sms.stepup.operator.money` is on, and then of
   * every operator, who must have a phone.
   */
  stepUp?: StepUpKind;
  /**
   * The call moves money and takes an `Idempotency-Key` header: its effect happens once per key and
   * a repeat replays the first answer. `always`: refused without a key; `whenMoneyMoves`: the key
   * is asked for only once the call turns out to move money (an unsubscribe with nothing to refund
   * needs none). The handler receives the key; no handler reads the header itself.
   */
  idempotency?: "always" | "whenMoneyMoves";
  /** Open while the user must still set a new password (first login or expired password). */
  duringPasswordChange?: boolean;
  /** Acts on the caller's own organisation: platform accounts, having none, are refused. */
  tenantOnly?: boolean;
  /** The handler sends the answer itself (a file) and returns the reply: no envelope is added. */
  rawReply?: true;
};

export type Endpoint = PublicEndpoint | UserEndpoint;

/** Keeps the exact type of the definition (its schemas), checked against what an endpoint may say. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Parsed<E, K extends "body" | "query" | "params"> = E extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;
type Sent<E, K extends "body" | "query" | "params"> = E extends { [P in K]: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;

/** What the server's handler receives, after validation. */
export type EndpointBody<E> = Parsed<E, "body">;
export type EndpointQuery<E> = Parsed<E, "query">;
export type EndpointParams<E> = Parsed<E, "params">;

/** What a client sends, before validation (coercion, defaults). */
export type EndpointBodyInput<E> = Sent<E, "body">;
export type EndpointQueryInput<E> = Sent<E, "query">;
export type EndpointParamsInput<E> = Sent<E, "params">;

/** The `data` of a successful answer, as the client receives it. */
export type EndpointResponse<E> = E extends { response: infer S extends z.ZodType } ? z.output<S> : unknown;
