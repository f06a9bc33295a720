// Glue between the shared zod schemas (messages are i18n keys) and antd forms, and between the
// server's validation answers and form fields.
import type { FormInstance } from "antd";
import type { Rule } from "antd/es/form";
import type { TFunction } from "i18next";
import { ApiError } from "../lib/api-client";

type SafeParser = {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
};

/** Contracts messages are "validation.*" keys; zod's own defaults (unions…) get a generic text. */
export function issueText(message: string | undefined, t: TFunction): string {
  return t(message?.startsWith("validation.") ? message : "validation.invalid");
}

/** An antd rule that runs a contracts schema and shows its translated message. */
export function zodRule(schema: SafeParser, t: TFunction, options: { optional?: boolean } = {}): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.optional && (value === undefined || value === null || value === "")) return;
      const result = schema.safeParse(value ?? "");
      if (result.success) return;
      throw new Error(issueText(result.error.issues[0]?.message, t));
    },
  };
}

/**
 * Puts the server's field messages (HTTP 400, body code 400) on the matching fields.
 * Returns true when at least one field was marked.
 */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind !== "validation") return false;
  const known = new Set(Object.keys(form.getFieldsValue() as object));
  const fields = error.fields
    .map((field) => ({ name: field.path.split(".").filter(Boolean), errors: [field.message] }))
    .filter((field) => field.name.length > 0 && known.has(field.name[0]!));
  if (fields.length > 0) form.setFields(fields);
  return fields.length > 0;
}

/**
 * What a live quote's failure says: the server's reason as it wrote it, or that it could not be
 * loaded; null while there is no failure. Every price panel and quote beside a form shows it.
 */
export function quoteErrorText(error: unknown, t: TFunction): string | null {
  return error instanceof ApiError ? error.message || t("common.loadFailed") : null;
}

/** The form's values, or null when a field is invalid (antd already shows the messages). */
export async function validValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}
