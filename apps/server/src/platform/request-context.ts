// The one object a service receives about the request it serves: who acts, for which tenant, what
// data they may see, which request this is, in which language to answer and which idempotency key
// the caller sent. The route wrapper (platform/http/route.ts) builds it once per request; jobs the
// platform runs itself have no request and call the service's own system entry points instead.
import type { Locale } from "@skyledger/contracts";
import type { DataScope } from "./auth/data-scope";
import type { Principal } from "./auth/principal";
import { DomainError } from "./http/errors";

export type RequestContext = {
  /** Who is calling. */
  readonly actor: Principal;
  /** The caller's organisation; null for platform accounts (operators). */
  readonly tenantId: string | null;
  /** Fastify's request id, also sent back as `x-request-id`. */
  readonly requestId: string;
  /** The language of the answer (Accept-Language). */
  readonly locale: Locale;
  /** The client's address, as the audit log records it. */
  readonly ip: string;
  /** Who and where, as an audit event records them. */
  readonly auditBy: { actorId: string; orgId: string | null; ip: string };
  /** The caller's organisation, for tenant-only calls: NO_PERMISSION for a platform account. */
  ownTenant(): string;
  /** The data the actor may see; resolved on first use and kept for the request. */
  dataScope(): Promise<DataScope>;
  /** The actor's current project (spec §3 `projectId`): the chosen one, else the first, else null. */
  defaultProject(): Promise<string | null>;
  /**
   * The request's Idempotency-Key, for endpoints that declare `idempotency`. Read when first asked:
   * an endpoint whose key matters only when money moves refuses a missing key only then (so a
   * caller who may not see the object still gets its 404 first).
   */
  idempotencyKey(): string;
};

/** How the context learns a caller's data scope (iam implements it; the app wires it in). */
export type ScopeResolver = {
  of(actor: Principal): Promise<DataScope>;
  defaultProjectOf(actor: Principal): Promise<string | null>;
};

function once<T>(load: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = load();
      done = true;
    }
    return value;
  };
}

export function createRequestContext(input: {
  actor: Principal;
  requestId: string;
  locale: Locale;
  ip: string;
  scopes: ScopeResolver;
  /** Reads the Idempotency-Key header (refusing a missing or malformed one); null when the endpoint takes none. */
  readIdempotencyKey: (() => string) | null;
}): RequestContext {
  const { actor, scopes, readIdempotencyKey } = input;
  return {
    actor,
    tenantId: actor.orgId,
    requestId: input.requestId,
    locale: input.locale,
    ip: input.ip,
    // In a support session the operator acts, whatever account the session reads as.
    auditBy: { actorId: actor.support?.operatorId ?? actor.userId, orgId: actor.orgId, ip: input.ip },
    ownTenant() {
      if (!actor.orgId) throw new DomainError("NO_PERMISSION");
      return actor.orgId;
    },
    dataScope: once(() => scopes.of(actor)),
    defaultProject: once(() => scopes.defaultProjectOf(actor)),
    idempotencyKey: once(() => {
      if (!readIdempotencyKey)
        throw new Error("This endpoint declares no idempotency; it has no key to read.");
      return readIdempotencyKey();
    }),
  };
}
