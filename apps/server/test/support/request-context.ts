// A request context for tests that call a service directly (no HTTP request around them): an
// operator or tenant user with the given permission codes, as the route wrapper would build it.
import { ROLE } from "../../src/modules/iam/iam.repo";
import type { Principal } from "../../src/platform/auth/principal";
import { createRequestContext, type RequestContext } from "../../src/platform/request-context";

export function contextFor(
  who: { userId: string; orgId?: string | null; permissions?: string[] },
  idempotencyKey = `test-${who.userId}-${Date.now()}`,
): RequestContext {
  const actor: Principal = {
    userId: who.userId,
    orgId: who.orgId ?? null,
    account: who.userId,
    roleId: who.orgId ? ROLE.tenantAdmin : ROLE.platformAdmin,
    moduleType: who.orgId ? "console" : "sys",
    permissions: new Set(who.permissions ?? []),
    sessionId: `test-session-${who.userId}`,
    stepUpUntil: null,
    sessionExpiresAt: new Date(8.64e15),
    lastSeenAt: new Date(0),
    mustChangePassword: false,
    mobile: null,
    mobileVerified: false,
    signSecret: "",
    viaBrowser: false,
  };
  return createRequestContext({
    actor,
    requestId: "test",
    locale: "en-US",
    ip: "127.0.0.1",
    scopes: {
      of: async () => (actor.orgId ? { kind: "tenant", orgId: actor.orgId } : { kind: "all" }),
      defaultProjectOf: async () => null,
    },
    readIdempotencyKey: () => idempotencyKey,
  });
}
