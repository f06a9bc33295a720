import { type EndpointBodyInput, type EndpointResponse, endpoints } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../lib/api-client";

export type SmsSendRequest = EndpointBodyInput<typeof endpoints.auth.sendSmsCode>;
export type Captcha = EndpointResponse<typeof endpoints.auth.captcha>;

/** Spec §5: a code can be resent after 59 seconds. */
export const SMS_RESEND_SECONDS = 59;

// Sign-up and recovery codes are public; the step-up code belongs to the signed-in user.
export const sendSmsCode = (body: SmsSendRequest) =>
  api.call(endpoints.auth.sendSmsCode, { body: body, anonymous: body.purpose !== "stepup" });

const CAPTCHA_KEY = ["captcha"] as const;

export function useCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: CAPTCHA_KEY,
    queryFn: () => api.call(endpoints.auth.captcha, { anonymous: true }),
    enabled,
    // A picture code is single-use; every mount asks for a fresh one.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Reads the picture code the form shows right now (the sign-up look-ups send its id with the answer). */
export function useShownCaptcha(): () => Captcha | undefined {
  const client = useQueryClient();
  return useCallback(() => client.getQueryData<Captcha>(CAPTCHA_KEY), [client]);
}
