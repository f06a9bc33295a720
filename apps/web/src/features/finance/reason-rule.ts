import type { Rule } from "antd/es/form";
import type { TFunction } from "i18next";

/** A mandatory reason or remark of 2 to 256 characters (the server's "validation.reason"). */
export function reasonRule(t: TFunction): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === "string" ? value.trim() : "";
      if (text.length < 2 || text.length > 256) throw new Error(t("validation.reason"));
    },
  };
}
