// The one way to declare an endpoint: schema, permission codes and a single service call. The
// wrapper does the rest (auth, signature, anti-forgery, permission, step-up, envelope).
import { type Locale, type PermissionCode, pickLocale } from "@skyledger/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Principal } from "../auth/principal";
import { DomainError } from "./errors";
import type { HttpGuards } from "./guards";
import { xsrfCookie } from "./security";

type Schema = z.ZodType | undefined;
type Out<T extends Schema> = T extends z.ZodType ? z.output<T> : undefined;

type Input<B extends Schema, Q extends Schema, P extends Schema> = {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  req: FastifyRequest;
  reply: FastifyReply;
  locale: Locale;
};

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

export const NO_STATE_CHANGE_NOTE = "Changes no business state:";

type Common<B extends Schema, Q extends Schema, P extends Schema> = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  summary: string;
  tags: string[];
  body?: B;
  querystring?: Q;
  params?: P;
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

export type PublicRoute<B extends Schema, Q extends Schema, P extends Schema> = Common<B, Q, P> & {
  /** Server-to-server callbacks (payment gateways) carry their own signature and no cookies. */
  noCsrf?: true;
  handler(input: Input<B, Q, P>): Promise<unknown>;
};

export type UserRoute<B extends Schema, Q extends Schema, P extends Schema> = Common<B, Q, P> & {
  /** Empty: any logged-in user. Otherwise the caller needs one of the codes. */
  permissions: PermissionCode[];
  /**
   * Sensitive actions answer 406 until the caller passes SMS verification (when step-up is on).
   * `credential`: the action creates or widens a way into an account (a user with rights, a phone
   * or e-mail, an access key, another user's password); a caller without a phone is refused
   * instead of being let through. An unconfirmed phone is refused either way (guards.ts).
   */
  stepUp?: true | "credential";
  /** Open while the user must still set a new password (first login or expired password). */
  duringPasswordChange?: boolean;
  /** Acts on the caller's own organisation: platform accounts, having none, are refused. */
  tenantOnly?: boolean;
  /** The handler sends the answer itself (a file) and returns the reply: no envelope is added. */
  rawReply?: true;
  handler(input: Input<B, Q, P> & { principal: Principal }): Promise<unknown>;
};

const STATE_CHANGING = new Set(["POST", "PUT", "DELETE", "PATCH"]);

export function localeOf(req: FastifyRequest): Locale {
  return pickLocale(req.headers["accept-language"]);
}

function checkCsrf(req: FastifyRequest): void {
  if (!STATE_CHANGING.has(req.method)) return;
  const cookie = xsrfCookie(req);
  const header = req.headers["x-xsrf-token"];
  if (!cookie || typeof header !== "string" || header !== cookie) throw new DomainError("CSRF_MISSING");
}

const envelopeOf = (data: z.ZodType) => z.object({ code: z.literal(200), message: z.string(), data });

function schemaOf(def: Common<Schema, Schema, Schema>, access: string) {
  const description = def.noStateChange ? `${access} ${NO_STATE_CHANGE_NOTE} ${def.noStateChange}.` : access;
  return {
    summary: def.summary,
    description,
    tags: def.tags,
    ...(def.body ? { body: def.body } : {}),
    ...(def.querystring ? { querystring: def.querystring } : {}),
    ...(def.params ? { params: def.params } : {}),
    ...(def.response ? { response: { 200: envelopeOf(def.response) } } : {}),
  };
}

const envelope = (data: unknown) => ({ code: 200, message: "", data: data ?? null });

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/**
 * For `reuseSerialized` routes: the envelope of a returned object serialised exactly as Fastify
 * would (the same zod serializer, which drops every field the schema does not declare), kept for
 * as long as the object lives. Otherwise the plain envelope, serialised by Fastify.
 */
function responder(def: Common<Schema, Schema, Schema>) {
  if (!def.reuseSerialized || !def.response) return (_reply: FastifyReply, data: unknown) => envelope(data);
  const serialize = serializerCompiler({
    schema: envelopeOf(def.response),
    method: def.method,
    url: def.url,
    httpStatus: "200",
  } as Parameters<typeof serializerCompiler>[0]);
  const sent = new WeakMap<object, string>();
  return (reply: FastifyReply, data: unknown) => {
    if (data === null || typeof data !== "object") return envelope(data);
    let json = sent.get(data);
    if (json === undefined) {
      json = serialize(envelope(data));
      deepFreeze(data);
      sent.set(data, json);
    }
    return reply.type("application/json; charset=utf-8").send(json);
  };
}

export function publicRoute<
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
>(app: FastifyInstance, guards: HttpGuards, def: PublicRoute<B, Q, P>): void {
  const respond = responder(def);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.url,
    schema: schemaOf(def, "Public: no sign-in needed."),
    config: { permissions: "public" },
    preValidation: async (req) => {
      if (def.rateLimit === "auth") guards.authRateLimit(req);
      if (!def.noCsrf) checkCsrf(req);
    },
    handler: async (req, reply) =>
      respond(
        reply,
        await def.handler({
          body: req.body as Out<B>,
          query: req.query as Out<Q>,
          params: req.params as Out<P>,
          req,
          reply,
          locale: localeOf(req),
        }),
      ),
  });
}

export function userRoute<
  B extends Schema = undefined,
  Q extends Schema = undefined,
  P extends Schema = undefined,
>(app: FastifyInstance, guards: HttpGuards, def: UserRoute<B, Q, P>): void {
  const codes = def.permissions;
  const principals = new WeakMap<FastifyRequest, Principal>();
  const respond = responder(def);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.url,
    schema: schemaOf(
      def,
      (codes.length ? `Permission codes (any of): ${codes.join(", ")}` : "Any signed-in user.") +
        (def.tenantOnly ? " Tenant users only." : ""),
    ),
    config: { permissions: codes },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    // Runs before body validation so that unauthenticated callers learn nothing about the schema,
    // and so that the signature covers the parameters exactly as sent (before zod's coercion).
    preValidation: async (req) => {
      const principal = await guards.authenticate(req);
      if (principal.viaBrowser) checkCsrf(req);
      if (principal.mustChangePassword && !def.duringPasswordChange)
        throw new DomainError("PASSWORD_CHANGE_REQUIRED");
      guards.accountRateLimit(principal);
      if (codes.length > 0 && !codes.some((c) => principal.permissions.has(c))) {
        throw new DomainError("NO_PERMISSION");
      }
      if (def.tenantOnly && !principal.orgId) throw new DomainError("NO_PERMISSION");
      if (def.stepUp) await guards.requireStepUp(principal, def.stepUp === "credential");
      principals.set(req, principal);
    },
    handler: async (req, reply) => {
      const principal = principals.get(req);
      if (!principal) throw new DomainError("SESSION_EXPIRED");
      const answer = await def.handler({
        body: req.body as Out<B>,
        query: req.query as Out<Q>,
        params: req.params as Out<P>,
        req,
        reply,
        locale: localeOf(req),
        principal,
      });
      return def.rawReply ? reply : respond(reply, answer);
    },
  });
}
