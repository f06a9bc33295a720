// Operators' money controls (docs/security.md): every money input has a configured maximum checked
// before any ledger write, and what one operator gives or takes from one tenant within a rolling
// 24 hours is summed against the four-eyes threshold — above it a second operator must approve.
// Settings are read in the caller's transaction: on PGlite a query outside it would wait for it
// forever, and on PostgreSQL it would need a second pooled connection while holding the first.
import { formatYuan, type Money, parseYuan, tryParseYuan } from "@skyledger/billing";
import type { MoneyControlKey } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { readConfigValues } from "../config/config.repo";
import { MONEY_CONTROL_ENTRIES } from "../config/config.seed";
import { lockOperatorTenant, operatorExposure } from "./money-controls.repo";

export type MoneyInput =
  | "topup"
  | "manualRecharge"
  | "adjustment"
  | "voucherFaceValue"
  | "creditLimit"
  | "couponValue";

const KEYS: Record<MoneyInput, MoneyControlKey> = {
  topup: "finance.max.topup",
  manualRecharge: "finance.max.manual.recharge",
  adjustment: "finance.max.adjustment",
  voucherFaceValue: "finance.max.voucher.face.value",
  creditLimit: "finance.max.credit.limit",
  couponValue: "finance.max.coupon.value",
};
const THRESHOLD: MoneyControlKey = "finance.adjustment.approval.threshold";

/** How the refusal names the amount, in both languages. */
const WHAT: Record<MoneyInput, { zh: string; en: string }> = {
  topup: { zh: "单笔充值金额", en: "A single top-up" },
  manualRecharge: { zh: "单笔线下充值金额", en: "A single manual recharge" },
  adjustment: { zh: "单笔调账金额", en: "A single balance adjustment" },
  voucherFaceValue: { zh: "现金券面值", en: "A cash voucher's face value" },
  creditLimit: { zh: "信用额度", en: "A credit limit" },
  couponValue: { zh: "优惠券面额", en: "A coupon's value" },
};

export const FOUR_EYES_WINDOW_MS = 24 * 60 * 60 * 1000;

const DEFAULTS = new Map<string, string>(MONEY_CONTROL_ENTRIES.map((e) => [e.key, e.value]));

export type MoneyControls = ReturnType<typeof createMoneyControls>;

export function createMoneyControls(clock: Clock) {
  /** Each setting as stored, or its default when missing or unreadable. */
  async function settings(tx: Tx): Promise<Map<MoneyControlKey, Money>> {
    const stored = await readConfigValues(tx, [...DEFAULTS.keys()]);
    const result = new Map<MoneyControlKey, Money>();
    for (const [key, fallback] of DEFAULTS) {
      const parsed = tryParseYuan(stored.get(key) ?? fallback);
      result.set(key as MoneyControlKey, parsed.ok ? parsed.amount : parseYuan(fallback));
    }
    return result;
  }

  return {
    /** Refuses (MONEY_ABOVE_MAXIMUM, nothing changed) an amount above the configured maximum. */
    async assertWithin(tx: Tx, input: MoneyInput, amount: Money): Promise<void> {
      const max = (await settings(tx)).get(KEYS[input])!;
      const size = amount < 0n ? -amount : amount;
      if (size > max)
        throw new DomainError("MONEY_ABOVE_MAXIMUM", { what: WHAT[input], max: formatYuan(max) });
    },

    /**
     * Whether a request of `amount` by `actorId` to `orgId` needs a second operator: true when it and
     * everything the operator asked for the same tenant within 24 hours (applied or pending) exceed
     * the threshold. Takes the (operator, tenant) lock first, so the caller must record the request
     * in the same transaction.
     */
    async needsSecondOperator(
      tx: Tx,
      actorId: string,
      orgId: string | null,
      amount: Money,
    ): Promise<boolean> {
      await lockOperatorTenant(tx, actorId, orgId);
      const threshold = (await settings(tx)).get(THRESHOLD)!;
      const since = new Date(clock.now().getTime() - FOUR_EYES_WINDOW_MS);
      const before = await operatorExposure(tx, actorId, orgId, since);
      const size = amount < 0n ? -amount : amount;
      return before + size > threshold;
    },

    /** The maxima as yuan strings (and the threshold, for operators), for the forms. */
    async limits(tx: Tx, withThreshold: boolean) {
      const s = await settings(tx);
      const of = (input: MoneyInput) => formatYuan(s.get(KEYS[input])!);
      return {
        topup: of("topup"),
        manualRecharge: of("manualRecharge"),
        adjustment: of("adjustment"),
        voucherFaceValue: of("voucherFaceValue"),
        creditLimit: of("creditLimit"),
        couponValue: of("couponValue"),
        approvalThreshold: withThreshold ? formatYuan(s.get(THRESHOLD)!) : null,
      };
    },
  };
}
