import type { FastifyRequest } from "fastify";
import type { Authenticator } from "./principal";

/** An authenticator for one kind of credential, tried when the request carries that kind. */
export type CredentialAuthenticator = Authenticator & {
  /** Whether the request presents this authenticator's credential. */
  recognises(req: FastifyRequest): boolean;
  /** Whether a principal's session id was issued by this authenticator. */
  owns(sessionId: string): boolean;
};

/**
 * One authenticator over several credentials: the first that recognises the request handles it,
 * the fallback (browser sessions) handles the rest. Later calls go to whoever issued the principal.
 */
export function composeAuthenticators(
  specific: readonly CredentialAuthenticator[],
  fallback: Authenticator,
): Authenticator {
  const ownerOf = (sessionId: string) => specific.find((a) => a.owns(sessionId)) ?? fallback;
  return {
    authenticate: (req) => (specific.find((a) => a.recognises(req)) ?? fallback).authenticate(req),
    touch: (principal) => ownerOf(principal.sessionId).touch(principal),
    currentStepUp: (sessionId) => ownerOf(sessionId).currentStepUp(sessionId),
  };
}
