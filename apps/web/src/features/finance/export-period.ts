// Spec §5/§9: a bill export covers at most three billing cycles. The console refuses a longer
// period before asking, with the server's own text (EXPORT_PERIOD_TOO_LONG of the contracts).
import { errorText, type Locale } from "@skyledger/contracts";

export const MAX_EXPORT_MONTHS = 3;
const CYCLE = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Billing cycles from start to end, both included ("2026-01".."2026-03" → 3). */
export function monthsBetween(start: string, end: string): number {
  const a = CYCLE.exec(start);
  const b = CYCLE.exec(end);
  if (!a || !b) return Number.NaN;
  return (Number(b[1]) - Number(a[1])) * 12 + (Number(b[2]) - Number(a[2])) + 1;
}

export type ExportPeriodProblem = "missing" | "order" | "tooLong";

export function exportPeriodProblem(start: string | null, end: string | null): ExportPeriodProblem | null {
  if (!start || !end || !CYCLE.test(start) || !CYCLE.test(end)) return "missing";
  const months = monthsBetween(start, end);
  if (months < 1) return "order";
  return months > MAX_EXPORT_MONTHS ? "tooLong" : null;
}

/** The server's message for a period above three months, in the interface language. */
export const exportTooLongText = (locale: Locale) => errorText("EXPORT_PERIOD_TOO_LONG", locale);
