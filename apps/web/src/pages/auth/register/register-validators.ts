// Server-side uniqueness and invitation checks as antd rules. They run on blur (not per key) and
// remember answers so that submitting does not ask again.
//
// While captcha is open the server answers a look-up only with the picture code shown and its typed
// answer (each picture serves a few look-ups and still sends its one SMS code). Before an answer is
// typed the check is skipped: the submission says whether a name is taken anyway. A picture the
// server refused (a wrong answer, spent by the SMS send, used up or expired) is not tried again.
import { ERRORS } from "@skyledger/contracts";
import { Form } from "antd";
import type { Rule } from "antd/es/form";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { checkExists, validateInvitationCode } from "../../../features/auth/auth-api";
import { useShownCaptcha } from "../../../features/sms/sms-api";
import { ApiError } from "../../../lib/api-client";

type Field = "account" | "email" | "mobile";

export function useRegisterValidators(t: TFunction, captchaOn: boolean) {
  const form = Form.useFormInstance();
  const shownCaptcha = useShownCaptcha();

  return useMemo(() => {
    const cache = new Map<string, boolean>();
    // Look-ups by field and text; one in flight is shared (the field and a re-check may ask at once).
    const lookUps = new Map<string, Promise<boolean>>();
    const refusedCaptchas = new Set<string>();
    const cached = async (key: string, ask: () => Promise<boolean>) => {
      if (!cache.has(key)) cache.set(key, await ask());
      return cache.get(key)!;
    };
    // A failed check (network, rate limit) must not block the form: the server checks again.
    const settle = async (ask: () => Promise<boolean>) => {
      try {
        return await ask();
      } catch (error) {
        if (error instanceof ApiError) return true;
        throw error;
      }
    };

    /** What a look-up carries: nothing while captcha is off; null when it cannot be asked yet. */
    const captchaProof = () => {
      if (!captchaOn) return undefined;
      const captchaId = shownCaptcha()?.captchaId;
      const captcha = String(form.getFieldValue("captcha") ?? "").trim();
      return captchaId && captcha && !refusedCaptchas.has(captchaId) ? { captchaId, captcha } : null;
    };

    const lookUp = (field: Field, text: string): Promise<boolean> | null => {
      const key = `${field}:${text}`;
      const known = lookUps.get(key);
      if (known) return known;
      const captcha = captchaProof();
      if (captcha === null) return null;
      const asked = checkExists(field, text, captcha).then((answer) => answer.exists);
      lookUps.set(key, asked);
      asked.catch((error: unknown) => {
        lookUps.delete(key);
        if (captcha && error instanceof ApiError && error.code === ERRORS.CAPTCHA_INVALID.code)
          refusedCaptchas.add(captcha.captchaId);
      });
      return asked;
    };

    const unused = (field: Field): Rule => ({
      validateTrigger: "onBlur",
      validator: async (_rule, value: string | undefined) => {
        const text = value?.trim();
        const asked = text ? lookUp(field, text) : null;
        // Not asked (empty, or no picture code yet) or not answered: the submission answers.
        const taken = await asked?.catch((error: unknown) => {
          if (error instanceof ApiError) return false;
          throw error;
        });
        if (taken) throw new Error(t(`validation.exists.${field}`));
      },
    });

    const invitation: Rule = {
      validateTrigger: "onBlur",
      validator: async (_rule, value: string | undefined) => {
        const code = value?.trim();
        if (!code) return;
        const valid = await settle(() =>
          cached(`invitation:${code}`, async () => (await validateInvitationCode(code)).valid),
        );
        if (!valid) throw new Error(t("validation.invitationInvalid"));
      },
    };

    return { unused, invitation };
  }, [t, captchaOn, form, shownCaptcha]);
}
