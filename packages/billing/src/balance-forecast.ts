// The balance forecast of the tenant dashboard (issue 19 item 4) and of budget notices: how many
// whole days the balance lasts if the tenant keeps spending as it did over the last 7 days.
// Integer arithmetic only (money is bigint units of 0.00001 yuan): days = ⌊balance × 7 ÷ spend⌋,
// which is the balance divided by the average daily burn without rounding the burn first.
/** The window the burn rate is averaged over. */
export const FORECAST_WINDOW_DAYS = 7;

/**
 * Whole days the balance lasts at the last 7 days' average burn: ⌊balance ÷ (spendLast7Days ÷ 7)⌋.
 * `null` when there was no spend (zero, or refunds outweighing charges): nothing burns the balance,
 * so there is no forecast. A balance of zero or below (a debt) lasts 0 days.
 */
export function daysOfBalanceLeft(balance: bigint, spendLast7Days: bigint): number | null {
  if (spendLast7Days <= 0n) return null;
  if (balance <= 0n) return 0;
  return Number((balance * BigInt(FORECAST_WINDOW_DAYS)) / spendLast7Days);
}
