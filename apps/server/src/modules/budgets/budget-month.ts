// The calendar month a budget counts in: YYYY-MM in the business time zone, the same month the
// bills' billing cycle names (ledger/bills.repo.ts), so "this month's spend" is one cycle's bills.
import { localParts } from "../../platform/time-zone";

export function budgetMonth(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${p.year}-${p.month}`;
}

/** How a budget is named in the notices sent: its project's id, or "org" for the organisation's. */
export const budgetScope = (projectId: string | null) => projectId ?? "org";
export const FORECAST_NOTICE = "forecast";
