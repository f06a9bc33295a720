import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { queryClient } from "../../app/query-client";
import { api } from "../../lib/api-client";

export const PROFILE_KEY = ["profile"] as const;

export const useProfileDetails = () =>
  useQuery({ queryKey: PROFILE_KEY, queryFn: () => api.call(endpoints.profile.get) });

/** The profile and the current-user document both show what changed. */
export async function refreshProfile(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
    queryClient.invalidateQueries({ queryKey: ["currentUser"] }),
  ]);
}

export const updateRealName = (realName: string) =>
  api.call(endpoints.profile.update, { body: { realName } });

export const requestEmailChange = (email: string) =>
  api.call(endpoints.profile.changeEmail, { body: { email } });

/** Public and quiet: the confirmation page shows the outcome itself. */
export const confirmEmailChange = (token: string) =>
  api.call(endpoints.profile.confirmEmail, { body: { token }, anonymous: true, bestEffort: true });

export const sendMobileCode = (mobile: string) =>
  api.call(endpoints.profile.sendMobileChangeCode, { body: { mobile } });

export const changeMobile = (mobile: string, smsCode: string) =>
  api.call(endpoints.profile.changeMobile, { body: { mobile, smsCode } });

/** A code to the user's own unconfirmed phone (one an administrator typed in). */
export const sendVerifyCode = () => api.call(endpoints.profile.sendMobileVerifyCode, { body: {} });

/** Confirms the phone: SMS step-up may use it from then on. */
export const verifyMobile = (smsCode: string) =>
  api.call(endpoints.profile.verifyMobile, { body: { smsCode } });
