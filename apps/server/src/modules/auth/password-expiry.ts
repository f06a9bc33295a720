import type { UserRow } from "./auth.repo";

/** Whether the password policy's expiry (in days; 0 = never) has passed for this user. */
export function passwordExpired(user: Pick<UserRow, "pwdChangedAt">, expiryDays: number, now: Date): boolean {
  if (expiryDays <= 0) return false;
  return user.pwdChangedAt.getTime() + expiryDays * 86_400_000 <= now.getTime();
}
