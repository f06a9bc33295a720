// Server-side uniqueness and invitation checks as antd rules. They run on blur (not per key) and
// remember answers so that submitting does not ask again.
import type { Rule } from "antd/es/form";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { checkExists, validateInvitationCode } from "../../../features/auth/auth-api";
import { ApiError } from "../../../lib/api-client";

type Field = "account" | "email" | "mobile";

export function useRegisterValidators(t: TFunction) {
  return useMemo(() => {
    const cache = new Map<string, boolean>();
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

    const unused = (field: Field): Rule => ({
      validateTrigger: "onBlur",
      validator: async (_rule, value: string | undefined) => {
        const text = value?.trim();
        if (!text) return;
        const free = await settle(() =>
          cached(`${field}:${text}`, async () => !(await checkExists(field, text)).exists),
        );
        if (!free) throw new Error(t(`validation.exists.${field}`));
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
  }, [t]);
}
