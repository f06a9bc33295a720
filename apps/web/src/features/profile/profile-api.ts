import type { ProfileDetails } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { queryClient } from "../../app/query-client";
import { api } from "../../lib/api-client";

export const PROFILE_KEY = ["profile"] as const;

export const useProfileDetails = () =>
  useQuery({ queryKey: PROFILE_KEY, queryFn: () => api.get<ProfileDetails>("/users/profile") });

/** The profile and the current-user document both show what changed. */
export async function refreshProfile(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
    queryClient.invalidateQueries({ queryKey: ["currentUser"] }),
  ]);
}

export const updateRealName = (realName: string) => api.put<ProfileDetails>("/users/profile", { realName });

export const requestEmailChange = (email: string) =>
  api.post<{ email: string; expiresAt: string }>("/users/email/change", { email });

/** Public and quiet: the confirmation page shows the outcome itself. */
export const confirmEmailChange = (token: string) =>
  api.post<{ email: string }>("/users/email/confirm", { token }, { anonymous: true, bestEffort: true });

export const sendMobileCode = (mobile: string) =>
  api.post<{ resendAfterSeconds: number; expiresInSeconds: number }>("/users/mobile/send_code", { mobile });

export const changeMobile = (mobile: string, smsCode: string) =>
  api.put("/users/mobile", { mobile, smsCode });

/** A code to the user's own unconfirmed phone (one an administrator typed in). */
export const sendVerifyCode = () =>
  api.post<{ resendAfterSeconds: number; expiresInSeconds: number }>("/users/mobile/verify/send_code", {});

/** Confirms the phone: SMS step-up may use it from then on. */
export const verifyMobile = (smsCode: string) => api.post("/users/mobile/verify", { smsCode });
