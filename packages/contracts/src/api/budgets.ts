// Monthly budgets (issue 19 item 5, beyond the spec; `/mgt/budget`, CC09 to read, CC0901 to
// change): a budget for the whole organisation and at most one per project, notices at 50 %, 80 %
// and 100 % of it once per calendar month, and one when the balance runs out within N days.
// Rules: docs/billing/budgets.md.
import { z } from "zod";

/** The forecast notice's default horizon: "your balance runs out within 3 days". */
export const DEFAULT_BUDGET_FORECAST_DAYS = 3;
export const MAX_BUDGET_FORECAST_DAYS = 60;

/** A budget in yuan: more than 0, at most 2 decimals (whole fen), never a float on the wire. */
export const budgetYuan = z
  .string()
  .trim()
  .regex(/^\d{1,11}(\.\d{1,2})?$/, "validation.budgetAmount")
  .refine((s) => /[1-9]/.test(s), "validation.budgetAmount");

export const budgetBody = z.object({
  /** Null or absent: the budget of the whole organisation. */
  projectId: z.string().trim().min(1).max(64).nullable().default(null),
  amount: budgetYuan,
});
export type BudgetBody = z.input<typeof budgetBody>;

export const budgetUpdateBody = z.object({ amount: budgetYuan });
export type BudgetUpdateBody = z.input<typeof budgetUpdateBody>;

export const budgetParams = z.object({ id: z.string().min(1).max(64) });

export const budgetSettingsBody = z.object({
  forecastDays: z
    .number()
    .int("validation.budgetForecastDays")
    .min(1, "validation.budgetForecastDays")
    .max(MAX_BUDGET_FORECAST_DAYS, "validation.budgetForecastDays"),
});
export type BudgetSettingsBody = z.input<typeof budgetSettingsBody>;

export const budgetRecord = z.object({
  id: z.string(),
  /** Null: the organisation's budget. */
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  amount: z.string(),
  /** What was charged this calendar month (business time zone), refunds subtracted. */
  spent: z.string(),
  /** Whole percent of the budget spent; may pass 100. */
  percent: z.number().int(),
  /** The thresholds (50, 80, 100) whose notice went out this month. */
  firedThresholds: z.array(z.number().int()),
  updatedAt: z.string(),
});
export type BudgetRecord = z.infer<typeof budgetRecord>;

export const budgetOverview = z.object({
  /** The calendar month the spend is of, YYYY-MM in the business time zone. */
  month: z.string(),
  list: z.array(budgetRecord),
  forecastDays: z.number().int(),
  /** Days the balance lasts at the last 7 days' pace; null without spend. */
  daysLeft: z.number().int().nullable(),
  /** Whether the "balance runs out" notice went out this month. */
  forecastFired: z.boolean(),
});
export type BudgetOverview = z.infer<typeof budgetOverview>;
