// Client checks of the verification forms that mirror the server's: ID check digit and birth
// date, credit code check character, the required documents.
import { isValidCreditCode, isValidIdNumber } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import type { Rule } from "antd/es/form";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { UploadedFile } from "./upload-field";
import { AUTH_INFO_KEY } from "./verification-api";

const checked =
  (valid: (value: string) => boolean, message: () => string): Rule =>
  () => ({
    validator: async (_rule, value: unknown) => {
      const text = typeof value === "string" ? value.trim() : "";
      if (!text) throw new Error(message());
      if (!valid(text)) throw new Error(message());
    },
  });

export const idNumberRule = (t: TFunction): Rule =>
  checked(
    (v) => isValidIdNumber(v),
    () => t("verification.errors.idNumber"),
  );

export const creditCodeRule = (t: TFunction): Rule =>
  checked(isValidCreditCode, () => t("verification.errors.creditCode"));

/** The documents a submission needs: `whatKey` is the i18n key naming them. */
export const filesRule = (t: TFunction, whatKey: string): Rule => ({
  validator: async (_rule, value: UploadedFile[] | undefined) => {
    if (!value || value.length === 0)
      throw new Error(t("verification.errors.fileRequired", { what: t(whatKey) }));
  },
});

/** After a submission: the state, the current user (dashboard, menus) and a confirmation. */
export function useSubmitted() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async () => {
    void message.success(t("verification.submitted"));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: AUTH_INFO_KEY }),
      queryClient.invalidateQueries({ queryKey: ["currentUser"] }),
    ]);
  };
}
