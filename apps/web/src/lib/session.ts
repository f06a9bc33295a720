// The login session lives in localStorage so that every tab shares it and a reload keeps it.
const TOKEN_KEY = "skyledger.token";
const SECRET_KEY = "skyledger.signSecret";

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
  clear() {
    storage()?.removeItem(TOKEN_KEY);
    storage()?.removeItem(SECRET_KEY);
  },
};

export const hasSession = (): boolean => Boolean(session.token());
