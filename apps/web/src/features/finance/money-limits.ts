// The configured maxima of money inputs (GET /money_limits): the forms show them and refuse an
// amount above them before sending, as the server does (MONEY_ABOVE_MAXIMUM).
import type { MoneyLimits } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import type { Rule } from "antd/es/form";
import type { TFunction } from "i18next";
import { api } from "../../lib/api-client";
import { formatYuan, toUnits } from "../../lib/money";

export type { MoneyLimits };
export type MoneyInput = Exclude<keyof MoneyLimits, "approvalThreshold">;

export const moneyLimitsKey = ["finance", "moneyLimits"] as const;
export const fetchMoneyLimits = () => api.call(endpoints.finance.moneyLimits, { quiet: true });

/** The maxima; changed only by approved proposals, so read once a minute at most. */
export function useMoneyLimits() {
  return useQuery({ queryKey: moneyLimitsKey, queryFn: fetchMoneyLimits, staleTime: 60_000 });
}

/** Whether the amount (either sign) is above the maximum; unknown amounts and maxima are not. */
export function aboveMax(value: string | null | undefined, max: string | null | undefined): boolean {
  const amount = toUnits(value);
  const limit = toUnits(max);
  if (amount === null || limit === null) return false;
  return (amount < 0n ? -amount : amount) > limit;
}

/** An antd rule refusing an amount above `max` (while the maxima load, the server still checks). */
export function maxRule(max: string | null | undefined, t: TFunction): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value === "string" && aboveMax(value, max)) {
        throw new Error(t("finance.limits.aboveMax", { max: formatYuan(max) }));
      }
    },
  };
}

/** "At most ¥…" under a field, or nothing while the maxima load. */
export function maxHint(max: string | null | undefined, t: TFunction): string | undefined {
  return max ? t("finance.limits.atMost", { max: formatYuan(max) }) : undefined;
}
