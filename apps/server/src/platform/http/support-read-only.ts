// A support session (an operator signed in as a tenant's main account, decision 0031) reads and
// changes nothing: every request but a GET (and signing the session out) is refused, whatever the
// endpoint, so no list of write endpoints has to be kept. Its token carries a prefix no browser
// session's token can have (those are base64url, without dots), so the refusal comes first, before
// any route, public or not, runs; the authenticated principal is checked again (guards.ts).
import { endpoints } from "@skyledger/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { DomainError } from "./errors";

export const SUPPORT_TOKEN_PREFIX = "support.";

const READS = new Set(["GET", "HEAD"]);
// Ending the support session is the one change it may make.
const ALLOWED = new Set([`${endpoints.auth.logout.method} ${endpoints.auth.logout.path}`]);

/** Whether a support session may make this request (by the route's pattern, not the raw url). */
export function supportMayCall(req: FastifyRequest): boolean {
  return READS.has(req.method) || ALLOWED.has(`${req.method} ${req.routeOptions.url ?? ""}`);
}

export function refuseSupportChanges(req: FastifyRequest): void {
  if (!supportMayCall(req)) throw new DomainError("SUPPORT_READ_ONLY");
}

const carriesSupportToken = (req: FastifyRequest) =>
  req.headers.authorization?.startsWith(`Bearer ${SUPPORT_TOKEN_PREFIX}`) ?? false;

export function registerSupportReadOnly(app: FastifyInstance): void {
  app.addHook("onRequest", async (req) => {
    if (carriesSupportToken(req)) refuseSupportChanges(req);
  });
}
