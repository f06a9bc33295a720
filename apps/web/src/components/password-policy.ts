import { DEFAULT_PASSWORD_POLICY, endpoints, type PasswordPolicy, v } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api-client";
import { usePublicConfig } from "../lib/system-config";

/** Parses the JSON of "password.policy", falling back to the spec's defaults field by field. */
export function parsePasswordPolicy(json: string | undefined): PasswordPolicy {
  if (!json) return DEFAULT_PASSWORD_POLICY;
  try {
    const raw = JSON.parse(json) as Partial<Record<keyof PasswordPolicy, unknown>>;
    const num = (key: "minLength" | "maxLength" | "minDistinct" | "expiryDays") =>
      typeof raw[key] === "number" && Number.isFinite(raw[key])
        ? (raw[key] as number)
        : DEFAULT_PASSWORD_POLICY[key];
    return {
      minLength: num("minLength"),
      maxLength: num("maxLength"),
      minDistinct: num("minDistinct"),
      expiryDays: num("expiryDays"),
    };
  } catch {
    return DEFAULT_PASSWORD_POLICY;
  }
}

/**
 * The password policy the server enforces. Logged-in screens ask the server
 * (POST /users/password/check); public screens read "password.policy" from the public config and
 * fall back to the spec's defaults when the server does not publish it there.
 */
export function usePasswordPolicy(authenticated: boolean): PasswordPolicy {
  const publicConfig = usePublicConfig();
  const check = useQuery({
    queryKey: ["passwordPolicy"],
    queryFn: () => api.call(endpoints.auth.checkPassword, { body: { password: "" }, quiet: true }),
    enabled: authenticated,
    staleTime: 10 * 60_000,
  });
  if (authenticated && check.data?.policy) return check.data.policy;
  const published = publicConfig.values.get("password.policy");
  return published ? parsePasswordPolicy(published) : DEFAULT_PASSWORD_POLICY;
}

/**
 * The password policy of the account a reset code belongs to: once the phone and its 6-digit code
 * are right the server says it (a tenant may allow longer passwords than the platform's 8 to 12),
 * until then null.
 */
export function useResetCodePolicy(
  phone: string | undefined,
  smsCode: string | undefined,
): PasswordPolicy | null {
  const ready = v.phone.safeParse(phone).success && v.smsCode.safeParse(smsCode).success;
  const check = useQuery({
    queryKey: ["resetCodePolicy", phone, smsCode],
    queryFn: () =>
      api.call(endpoints.auth.checkSmsCode, {
        query: { phone, smsCode, purpose: "reset" },
        anonymous: true,
        bestEffort: true,
      }),
    enabled: ready,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return ready ? (check.data?.policy ?? null) : null;
}
