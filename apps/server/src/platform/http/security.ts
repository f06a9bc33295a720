import type { FastifyInstance } from "fastify";
import { randomToken } from "../ids";
import { readCookie } from "./cookies";

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd writes its CSS-in-JS styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

// Swagger UI ships inline bootstrap code; its pages get a CSP that allows exactly that.
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

export function registerSecurity(app: FastifyInstance): void {
  app.addHook("onRequest", async (req, reply) => {
    reply.header("x-request-id", req.id);
    reply.header("x-content-type-options", "nosniff");
    reply.header("x-frame-options", "DENY");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("content-security-policy", req.url.startsWith("/docs") ? DOCS_CSP : CSP);
    // Double-submit anti-forgery cookie: readable by our own scripts, sent back as X-XSRF-TOKEN.
    if (!readCookie(req.headers.cookie, "XSRF-TOKEN")) {
      reply.header("set-cookie", `XSRF-TOKEN=${randomToken(24)}; Path=/; SameSite=Strict`);
    }
  });
}
