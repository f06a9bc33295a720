// The one way to register an endpoint: its definition from @skyledger/contracts (method, path,
// schemas, permission codes) and a single service call. The wrapper does the rest (auth, signature,
// anti-forgery, permission, step-up, envelope).
import {
  codesAllow,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type Locale,
  type PublicEndpoint,
  pickLocale,
  type UserEndpoint,
} from "@skyledger/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Principal } from "../auth/principal";
import { idempotencyKeyOf } from "../idempotency";
import { createRequestContext, type RequestContext } from "../request-context";
import { DomainError } from "./errors";
import type { HttpGuards } from "./guards";
import { xsrfCookie } from "./security";

export type { NoStateChange } from "@skyledger/contracts";

/** What a handler receives: the validated request parts of its endpoint, and the raw request. */
export type RouteInput<E> = {
  body: EndpointBody<E>;
  query: EndpointQuery<E>;
  params: EndpointParams<E>;
  req: FastifyRequest;
  reply: FastifyReply;
  locale: Locale;
};

export type PublicHandler<E extends PublicEndpoint> = (input: RouteInput<E>) => Promise<unknown>;
export type UserHandler<E extends UserEndpoint> = (
  input: Omit<RouteInput<E>, "locale"> & { ctx: RequestContext },
) => Promise<unknown>;

export const NO_STATE_CHANGE_NOTE = "Changes no business state:";

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

function schemaOf(def: PublicEndpoint | UserEndpoint, access: string) {
  const description = def.noStateChange ? `${access} ${NO_STATE_CHANGE_NOTE} ${def.noStateChange}.` : access;
  return {
    summary: def.summary,
    description,
    tags: [...def.tags],
    ...(def.body ? { body: def.body } : {}),
    ...(def.query ? { querystring: def.query } : {}),
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
function responder(def: PublicEndpoint | UserEndpoint) {
  if (!def.reuseSerialized || !def.response) return (_reply: FastifyReply, data: unknown) => envelope(data);
  const serialize = serializerCompiler({
    schema: envelopeOf(def.response),
    method: def.method,
    url: def.path,
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

export function publicRoute<E extends PublicEndpoint>(
  app: FastifyInstance,
  guards: HttpGuards,
  def: E,
  handler: PublicHandler<E>,
): void {
  const respond = responder(def);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: schemaOf(def, "Public: no sign-in needed."),
    config: { permissions: "public" },
    preValidation: async (req) => {
      await guards.maintenance(null, def);
      if (def.rateLimit === "auth") guards.authRateLimit(req);
      if (!def.noCsrf) checkCsrf(req);
    },
    handler: async (req, reply) => {
      const answer = await handler({
        body: req.body as EndpointBody<E>,
        query: req.query as EndpointQuery<E>,
        params: req.params as EndpointParams<E>,
        req,
        reply,
        locale: localeOf(req),
      });
      return def.rawReply ? reply : respond(reply, answer);
    },
  });
}

export function userRoute<E extends UserEndpoint>(
  app: FastifyInstance,
  guards: HttpGuards,
  def: E,
  handler: UserHandler<E>,
): void {
  const codes = def.permissions;
  const principals = new WeakMap<FastifyRequest, Principal>();
  const respond = responder(def);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: schemaOf(
      def,
      (codes.length ? `Permission codes (any of): ${codes.join(", ")}` : "Any signed-in user.") +
        (def.tenantOnly ? " Tenant users only." : ""),
    ),
    config: { permissions: [...codes] },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    // Runs before body validation so that unauthenticated callers learn nothing about the schema,
    // and so that the signature covers the parameters exactly as sent (before zod's coercion).
    preValidation: async (req) => {
      const principal = await guards.authenticate(req);
      await guards.maintenance(principal, def);
      if (principal.viaBrowser) checkCsrf(req);
      if (principal.mustChangePassword && !def.duringPasswordChange)
        throw new DomainError("PASSWORD_CHANGE_REQUIRED");
      guards.accountRateLimit(principal);
      if (!codesAllow(codes, principal.permissions, def.method === "GET" || !!def.noStateChange)) {
        throw new DomainError("NO_PERMISSION");
      }
      if (def.tenantOnly && !principal.orgId) throw new DomainError("NO_PERMISSION");
      if (def.stepUp) await guards.requireStepUp(principal, def.stepUp);
      principals.set(req, principal);
    },
    handler: async (req, reply) => {
      const principal = principals.get(req);
      if (!principal) throw new DomainError("SESSION_EXPIRED");
      const locale = localeOf(req);
      const ctx = createRequestContext({
        actor: principal,
        requestId: req.id,
        locale,
        ip: req.ip,
        scopes: guards.scopes,
        readIdempotencyKey: def.idempotency ? () => idempotencyKeyOf(req) : null,
      });
      // An endpoint that always moves money refuses a request without a key before anything else.
      if (def.idempotency === "always") ctx.idempotencyKey();
      const answer = await handler({
        ctx,
        body: req.body as EndpointBody<E>,
        query: req.query as EndpointQuery<E>,
        params: req.params as EndpointParams<E>,
        req,
        reply,
      });
      return def.rawReply ? reply : respond(reply, answer);
    },
  });
}
