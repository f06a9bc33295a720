// How long the balance lasts at the last week's pace: the dashboard's forecast and the budgets'
// "money runs out within N days" notice read the same rule.
const DAYS_IN_WINDOW = 7n;

/**
 * Whole days the balance covers at the average daily spend of the last 7 days, rounded down:
 * floor(balance × 7 / spendLast7Days). Null when nothing was spent (no pace to forecast from);
 * 0 when the balance is already used up.
 */
export function daysOfBalanceLeft(balance: bigint, spendLast7Days: bigint): number | null {
  if (spendLast7Days <= 0n) return null;
  if (balance <= 0n) return 0;
  return Number((balance * DAYS_IN_WINDOW) / spendLast7Days);
}
