// "Already in use" on blur for a user's name, e-mail and phone, asked as the signed-in user
// manager (the sign-up form's public look-up needs a captcha). A failed check does not block the
// form; the server checks again on submit.
import type { Rule } from "antd/es/form";
import type { TFunction } from "i18next";
import { ApiError } from "../../lib/api-client";
import { userValueTaken } from "./iam-api";

export function unusedRule(field: "account" | "email" | "mobile", t: TFunction, current?: string): Rule {
  return {
    validateTrigger: "onBlur",
    validator: async (_rule, value: string | undefined) => {
      const text = value?.trim();
      if (!text || text.toLowerCase() === current?.toLowerCase()) return;
      try {
        if ((await userValueTaken(field, text)).exists) throw new Error(t(`validation.exists.${field}`));
      } catch (error) {
        if (error instanceof ApiError) return;
        throw error;
      }
    },
  };
}
