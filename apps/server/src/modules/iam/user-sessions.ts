// What iam (and the modules above it) need of the signed-in sessions, which auth keeps: auth sits
// above iam, so iam owns this interface and auth's SessionService implements it (wired in app.ts).
import type { Tx } from "../../platform/db/client";

/**
 * Resolving a principal costs several queries; a principal is reused for `cacheMs` (default 5 s).
 * This instance forgets its entries at once on logout, password change or permission change;
 * other instances notice within `cacheMs` (docs/operations/several-instances.md).
 */
export const AUTH_CACHE_MS = 5_000;

export type UserSessions = {
  /** Ends, in `tx`, every live session of the user except `keep` (the one that asked, if any). */
  revokeAllOf(tx: Tx, userId: string, keep?: string): Promise<void>;
  /** Drops cached principals (and what listeners cached) of a user whose data changed. */
  forgetUser(userId: string): void;
  onForgetUser(listener: (userId: string) => void): void;
  /** Whether the session can still be used now (not signed out, revoked or expired; user enabled). */
  isLive(sessionId: string): Promise<boolean>;
  /**
   * Called after a user's session ended on this instance (sign-out, or all of the user's sessions
   * revoked), once its transaction committed: what holds a session open (the HPC terminal) checks
   * its own at once; other instances' endings are seen by its own periodic check.
   */
  onSessionEnded(listener: (userId: string) => void): void;
};
