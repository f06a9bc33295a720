// Platform maintenance (spec §8's 503) and the console build version (spec §8's 426).
import { z } from "zod";

/**
 * `closed`: every tenant call answers 503; `readOnly`: tenants may read, and every call that changes
 * something answers 503; `off`: normal service. Operators are never held back.
 */
export const maintenanceMode = z.enum(["off", "closed", "readOnly"]);
export type MaintenanceMode = z.infer<typeof maintenanceMode>;

/** What the public maintenance endpoint answers, and the `data` of a maintenance 503. */
export const maintenanceState = z.object({
  mode: maintenanceMode,
  messageZh: z.string(),
  messageEn: z.string(),
  /** ISO time the administrator expects maintenance to end; null when off. */
  endsAt: z.string().nullable(),
});
export type MaintenanceState = z.infer<typeof maintenanceState>;

/** The parameters of a maintenance text (errors 34403–34405): the message and "2026-11-29 08:00 UTC". */
export const maintenanceTextParams = (state: MaintenanceState) => ({
  message: { zh: state.messageZh, en: state.messageEn },
  endsAt: state.endsAt ? `${state.endsAt.slice(0, 16).replace("T", " ")} UTC` : "—",
});

/**
 * Both messages and a future expected end are required unless the mode is `off`; the server says
 * which is missing in the reader's language (errors 34400–34402) instead of a bare schema refusal.
 */
export const maintenanceUpdate = z.object({
  mode: maintenanceMode,
  messageZh: z.string().trim().max(500).default(""),
  messageEn: z.string().trim().max(500).default(""),
  endsAt: z.string().datetime({ offset: true }).nullable().default(null),
});

/**
 * The console's build (package version + build id) on every API call. Not part of the signature
 * (docs/api/signing.md): it changes nothing the request asks for. A client without it (API keys,
 * scripts) is never refused for its version.
 */
export const CONSOLE_VERSION_HEADER = "x-console-version";
