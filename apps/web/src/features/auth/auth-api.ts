import type { CurrentUser, LoginResult, RegisterBody } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { ApiError, api } from "../../lib/api-client";
import { session } from "../../lib/session";

// Keyed by the session token, so a new login never sees the previous session's user.
export const currentUserKey = (token: string | null) => ["currentUser", token] as const;

/** Spec §7: after login the console polls for the user every 200 ms, up to 25 tries. */
export const TOKEN_POLL = { tries: 25, intervalMs: 200 } as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function fetchCurrentUser(
  poll: { tries: number; intervalMs: number } = TOKEN_POLL,
): Promise<CurrentUser> {
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= poll.tries;
    try {
      // Only the last try reports a transport failure; earlier ones wait for the server to answer.
      return await api.call(endpoints.auth.currentUser, { quiet: !last });
    } catch (error) {
      if (last || !(error instanceof ApiError) || !error.transient) throw error;
      await sleep(poll.intervalMs);
    }
  }
}

export async function login(account: string, password: string): Promise<LoginResult> {
  const result = await api.call(endpoints.auth.login, {
    body: { account: account.trim(), password },
    anonymous: true,
  });
  // A new sign-in replaces whatever was kept, an operator's session set aside for support included.
  session.clear();
  session.save({ token: result.token, signSecret: result.signSecret });
  return result;
}

/** Ends the session on the server when possible; the local session is cleared in any case. */
export async function logout(account?: string): Promise<void> {
  try {
    if (session.token())
      await api.call(endpoints.auth.logout, { body: account ? { account } : {}, bestEffort: true });
  } catch {
    // The token is dropped below whatever the server said.
  } finally {
    session.clear();
  }
}

/** Ends a support session on the server; the console then puts the operator's session back. */
export async function logoutSupport(): Promise<void> {
  try {
    await api.call(endpoints.auth.logout, { body: {}, bestEffort: true });
  } catch {
    // Expired or already ended: the operator's session is put back all the same.
  }
}

export const register = (body: RegisterBody) =>
  api.call(endpoints.auth.register, { body: body, anonymous: true });

export const agreePolicy = () => api.call(endpoints.auth.agreePolicy, { body: {} });

export const firstLogin = (newPassword: string, confirmPassword: string) =>
  api.call(endpoints.auth.setFirstPassword, { body: { newPassword, confirmPassword } });

export const changePassword = (body: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
  api.call(endpoints.auth.changePassword, { body: body, successToast: true });

export const refreshToken = () => api.call(endpoints.auth.refreshSession, { body: {}, quiet: true });

/**
 * The sign-up form's look-up: whether a user name, e-mail or phone is taken. While captcha is open
 * the server answers only with a rightly answered captcha. A background check: a refusal (a spent
 * captcha, the rate limit) goes back to the form alone, never as a toast or a page change.
 */
export const checkExists = (
  field: "account" | "email" | "mobile",
  value: string,
  captcha?: { captchaId: string; captcha: string },
) =>
  api.call(endpoints.auth.signUpValueExists, {
    query: { field, value, ...captcha },
    anonymous: true,
    bestEffort: true,
  });

export const validateInvitationCode = (code: string) =>
  api.call(endpoints.auth.checkInvitationCode, { params: { code: code }, anonymous: true });
