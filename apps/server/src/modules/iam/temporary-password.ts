// Passwords an administrator hands out (a new sub-user's generated password, a reset), shared by the
// operators' and the tenants' user management.
import { randomInt } from "node:crypto";
import {
  checkPassword,
  DEFAULT_PASSWORD_POLICY,
  type Locale,
  PASSWORD_SPECIALS,
  type PasswordPolicy,
} from "@skyledger/contracts";
import type { Tx } from "../../platform/db/client";
import type { Messaging } from "../../platform/outbox/messaging";
import { setUserFields } from "./users.repo";

// Look-alike characters (0/O, 1/l/I) are left out: these passwords are read off a screen or an SMS.
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const LOWER = "abcdefghijkmnpqrstuvwxyz";
const DIGITS = "23456789";
const SPECIALS = [...PASSWORD_SPECIALS].filter((ch) => ch !== "~").join("");
const ANY = UPPER + LOWER + DIGITS;

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

function candidate(length: number): string {
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIALS)];
  while (chars.length < length) chars.push(pick(ANY));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join("");
}

/**
 * A random password that satisfies `policy`: both letter cases, a digit and a special character,
 * at least 10 characters where the policy allows, and enough distinct characters.
 */
export function generatePassword(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): string {
  const length = Math.max(policy.minLength, Math.min(10, policy.maxLength), 4);
  // With a 56-character alphabet a candidate almost always passes; a policy no password can meet
  // (more distinct characters than its maximum length) must not spin forever.
  for (let attempt = 0; attempt < 1000; attempt++) {
    const password = candidate(length);
    if (checkPassword(password, policy).length === 0) return password;
  }
  throw new Error("the password policy cannot be satisfied");
}

/**
 * Replaces a user's password with a temporary one that must be changed at the next sign-in, and
 * lifts any lock-out (an administrator's reset is how a locked user gets back in).
 */
export async function setTemporaryPassword(tx: Tx, userId: string, passwordHash: string, now: Date) {
  await setUserFields(tx, userId, {
    passwordHash,
    loginNotFirst: false,
    pwdChangedAt: now,
    failedLogins: 0,
    firstFailedAt: null,
    lockedUntil: null,
  });
}

/** Sends a temporary password to the user's phone; it must be changed at the next sign-in. */
export async function sendTemporaryPassword(
  tx: Tx,
  messaging: Messaging,
  user: { account: string; mobile: string },
  password: string,
  locale: Locale,
): Promise<void> {
  await messaging.queueSms(tx, {
    recipient: user.mobile,
    purpose: "password.temporary",
    template: { key: "password", params: { account: user.account, password } },
    body:
      locale === "zh-CN"
        ? `【Skyledger】管理员已重置您的账号 ${user.account} 的密码，临时密码为 ${password}，登录后请立即修改。`
        : `[Skyledger] An administrator reset the password of ${user.account}. Temporary password: ${password} — change it when you sign in.`,
  });
}
