// Cookies (@fastify/cookie) and security headers (@fastify/helmet) for every answer, and the
// double-submit anti-forgery cookie. "Over https" means the connection is TLS, a trusted proxy says
// so (TRUST_PROXY and X-Forwarded-Proto: https), or PUBLIC_URL is an https address: then the
// browser is told to keep to https (HSTS) and the anti-forgery cookie is marked Secure.

import fastifyCookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import { SIGNING_HEADERS } from "@skyledger/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../clock";
import { randomToken } from "../ids";

export const XSRF_COOKIE = "XSRF-TOKEN";
// What randomToken(24) gives (base64url); anything else in the cookie is replaced by a new token.
const XSRF_SHAPE = /^[\w-]{8,128}$/;

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // antd writes its CSS-in-JS styles at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

// Swagger UI ships inline bootstrap code; its pages get a CSP that allows exactly that.
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

const HSTS = "max-age=31536000; includeSubDomains";
// X-Frame-Options for browsers without CSP frame-ancestors: never inside a frame.
const FRAMING = "deny" as const;

/** The anti-forgery token the request carries in its cookie, if it has one of the right shape. */
export function xsrfCookie(req: FastifyRequest): string | undefined {
  const value = req.cookies[XSRF_COOKIE];
  return value && XSRF_SHAPE.test(value) ? value : undefined;
}

/**
 * Headers for the answers Fastify gives before any hook runs (a path that is not valid UTF-8, a
 * path parameter over 100 characters): no hook of registerSecurity sees those requests.
 */
export function setBareSecurityHeaders(reply: FastifyReply): void {
  reply
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
    .header("x-frame-options", "DENY")
    .header("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
}

export async function registerSecurity(app: FastifyInstance, options: { publicUrl: string; clock: Clock }) {
  const publicHttps = options.publicUrl.startsWith("https:");
  const overHttps = (req: FastifyRequest) => publicHttps || req.protocol === "https";

  await app.register(fastifyCookie);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: FRAMING },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Sent below, and only over https: over plain http it would be meaningless.
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", async (req, reply) => {
    reply.header("x-request-id", req.id);
    // API answers are one person's data, and some carry a token or a secret (sign-in, session
    // refresh, access keys, generated passwords): no cache, shared or private, keeps any of them.
    if (req.url.startsWith("/api/")) {
      reply.header("cache-control", "no-store");
      // The clock signatures are checked against (docs/api/signing.md): a client whose clock is off
      // corrects its timestamps by it instead of being refused.
      reply.header(SIGNING_HEADERS.serverTime, String(options.clock.now().getTime()));
    }
    if (req.url.startsWith("/docs")) reply.header("content-security-policy", DOCS_CSP);
    const https = overHttps(req);
    if (https) reply.header("strict-transport-security", HSTS);
    // Double-submit anti-forgery cookie: readable by our own scripts, sent back as X-XSRF-TOKEN. A
    // cookie that is missing or mangled (e.g. "%E0%A4%A") is replaced, never an error.
    if (!xsrfCookie(req)) {
      reply.setCookie(XSRF_COOKIE, randomToken(24), { path: "/", sameSite: "strict", secure: https });
    }
  });
}
