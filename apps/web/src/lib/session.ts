// The login session lives in localStorage so that every tab shares it and a reload keeps it.
const TOKEN_KEY = "skyledger.token";
const SECRET_KEY = "skyledger.signSecret";
// While an operator reads a tenant's console as support (decision 0031), their own session waits
// here, with the page to return to, until the support session ends.
const OPERATOR_TOKEN_KEY = "skyledger.operator.token";
const OPERATOR_SECRET_KEY = "skyledger.operator.signSecret";
const SUPPORT_RETURN_KEY = "skyledger.support.returnTo";

export type SessionStore = {
  token(): string | null;
  signSecret(): string | null;
  save(credentials: { token: string; signSecret: string }): void;
  clear(): void;
};

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Some privacy modes throw on access; the console then behaves as logged out.
    return null;
  }
}

export const session: SessionStore = {
  token: () => storage()?.getItem(TOKEN_KEY) ?? null,
  signSecret: () => storage()?.getItem(SECRET_KEY) ?? null,
  save({ token, signSecret }) {
    storage()?.setItem(TOKEN_KEY, token);
    storage()?.setItem(SECRET_KEY, signSecret);
  },
  // Signing out (or a session that ended) forgets a waiting operator session too: nothing of it
  // stays in the browser after someone signed out.
  clear() {
    for (const key of [TOKEN_KEY, SECRET_KEY, OPERATOR_TOKEN_KEY, OPERATOR_SECRET_KEY, SUPPORT_RETURN_KEY])
      storage()?.removeItem(key);
  },
};

/** The operator's side of a support session: their own session set aside, then put back. */
export const supportSession = {
  /** Keeps the operator's session aside and makes the support session the console's. */
  start(credentials: { token: string; signSecret: string }, returnTo: string) {
    const token = session.token();
    const signSecret = session.signSecret();
    if (token && signSecret) {
      storage()?.setItem(OPERATOR_TOKEN_KEY, token);
      storage()?.setItem(OPERATOR_SECRET_KEY, signSecret);
    }
    storage()?.setItem(SUPPORT_RETURN_KEY, returnTo);
    session.save(credentials);
  },
  /**
   * Puts the operator's session back in place of the support session and answers the page to
   * return to; with none kept, the console is signed out and answers the sign-in page.
   */
  end(): string {
    const token = storage()?.getItem(OPERATOR_TOKEN_KEY);
    const signSecret = storage()?.getItem(OPERATOR_SECRET_KEY);
    const returnTo = storage()?.getItem(SUPPORT_RETURN_KEY) ?? "/";
    session.clear();
    if (!token || !signSecret) return "/login";
    session.save({ token, signSecret });
    return returnTo;
  },
};

export const hasSession = (): boolean => Boolean(session.token());
