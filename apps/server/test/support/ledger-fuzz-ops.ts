// The operations of the randomized ledger run (ledger-fuzz.ts), each through the real services:
// top-ups (money arriving), vouchers granted, redeemed, voided and expired, coupons issued and used,
// prepaid and postpaid charges, refunds of earlier charges, operators' adjustments (with the second
// operator's decision above the four-eyes threshold) and credit-limit changes. Money calls carry an
// idempotency key; a retry sends the same key and parameters again and must get the same answer.
import { formatYuan, type Money } from "@skyledger/billing";
import { createAccountsService } from "../../src/modules/finance/accounts.service";
import { createAdjustmentsService } from "../../src/modules/finance/adjustments.service";
import { createCouponsService } from "../../src/modules/finance/coupons.service";
import { createMoneyControls } from "../../src/modules/finance/money-controls";
import {
  asTyped,
  chargeWithBill,
  fromJsonAllocations,
  moneyPaid,
  type SerializedAllocation,
  toJsonAllocations,
} from "../../src/modules/finance/order-charge";
import { createVouchersService } from "../../src/modules/finance/vouchers.service";
import { creditIncoming, PLATFORM, refund } from "../../src/modules/ledger/ledger.service";
import type { Db } from "../../src/platform/db/client";
import { once } from "../../src/platform/idempotency";
import type { FakeClock } from "./fake-clock";
import { contextFor } from "./request-context";

const ADMIN_ID = "00000000-0000-4000-8000-000000000101";
/** The four-eyes rule wants another operator than the one who asked; no row is needed for it. */
const SECOND_OPERATOR_ID = "fuzz-second-operator";
const HOUR = 3_600_000;

export const OP_KINDS = [
  "topup",
  "charge",
  "postpaidCharge",
  "couponCharge",
  "refund",
  "voucherGrant",
  "voucherRedeem",
  "voucherVoid",
  "voucherExpire",
  "couponIssue",
  "adjustment",
  "creditLimit",
] as const;
export type OpKind = (typeof OP_KINDS)[number];

/** How often each kind is drawn (relative weights). */
export const WEIGHTS: Record<OpKind, number> = {
  topup: 12,
  charge: 22,
  postpaidCharge: 10,
  couponCharge: 5,
  refund: 10,
  voucherGrant: 5,
  voucherRedeem: 4,
  voucherVoid: 2,
  voucherExpire: 2,
  couponIssue: 5,
  adjustment: 14,
  creditLimit: 6,
};

/** A seeded generator (mulberry32): the same seed draws the same operations. */
export function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    /** An amount of money between two yuan figures, in whole cents. */
    yuan: (lo: number, hi: number): Money => BigInt(int(lo * 100, hi * 100)) * 1_000n,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof randomSource>;

/** What the run remembers of an organisation to draw meaningful operations. */
export type OrgState = {
  id: string;
  /** Earlier charges not refunded yet: their key and what each source paid. */
  charges: { key: string; paid: SerializedAllocation[] }[];
  /** Coupons the organisation holds and has not used: id and value. */
  coupons: { id: string; value: Money }[];
  /** Vouchers granted to it, by id (a void may find one spent or expired meanwhile). */
  vouchers: string[];
  /** Charges refunded or being refunded: a retry of the charge must not offer them again. */
  refunded: Set<string>;
};

/**
 * A call ready to run. A call with a key is a money call: running it again (a retry, at once or
 * later) sends the same key and parameters, and must answer as the first run did with one effect.
 */
export type Call = { kind: OpKind; key: string | null; run: () => Promise<unknown> };

/** How many charges, vouchers, coupons and refunded keys the run keeps per organisation (memory stays flat). */
const KEPT = 200;

function remember<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > KEPT) list.shift();
}

/** Calls `make` once, however often (and however concurrently) the result is asked for. */
function memo<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

export function createOps(db: Db, clock: FakeClock, timeZone: string) {
  const controls = createMoneyControls(clock);
  const adjustments = createAdjustmentsService({ db, clock, timeZone, controls });
  const accounts = createAccountsService(db, clock, controls);
  const vouchers = createVouchersService(db, clock, timeZone);
  const coupons = createCouponsService(db, clock, timeZone, controls);
  const operator = (key: string, userId = ADMIN_ID) => contextFor({ userId }, key);

  function chargeCall(
    org: OrgState,
    key: string,
    kind: OpKind,
    amount: Money,
    coupon?: { id: string; value: Money },
  ) {
    const postpaid = kind === "postpaidCharge";
    const deduction = coupon ? (coupon.value < amount ? coupon.value : amount) : 0n;
    const params = { amount: amount.toString(), postpaid, coupon: coupon?.id ?? null };
    return async () => {
      const answer = await once(db, clock, `fuzz-charge:${org.id}`, key, params, async (tx) => {
        const { allocations, billNo } = await chargeWithBill(tx, {
          orgId: org.id,
          orderNo: key,
          productCode: "fuzz",
          productName: asTyped("Randomized ledger run"),
          paymentType: postpaid ? "postpaid" : "prepaid",
          originalAmount: amount,
          amount,
          coupon: coupon ? { couponId: coupon.id, deduction } : undefined,
          createdBy: null,
          now: clock.now(),
          timeZone,
          memo: { text: "fuzz" },
          arrearsAllowed: postpaid,
        });
        return { billNo, paid: toJsonAllocations(allocations) };
      });
      const known = org.charges.some((c) => c.key === key) || org.refunded.has(key);
      if (!known && moneyPaid(fromJsonAllocations(answer.paid)) > 0n)
        remember(org.charges, { key, paid: answer.paid });
      return answer;
    };
  }

  /** Draws the next operation on `org`; null when the drawn kind has nothing to act on. */
  function draw(kind: OpKind, org: OrgState, key: string, random: Random): Call | null {
    const now = clock.now();
    switch (kind) {
      case "topup": {
        const amount = random.yuan(1, 500);
        return {
          kind,
          key,
          run: () =>
            once(db, clock, `fuzz-topup:${org.id}`, key, { amount: amount.toString() }, async (tx) => {
              const entryId = await creditIncoming(tx, {
                orgId: org.id,
                amount,
                fromAccount: PLATFORM.gatewayClearing,
                kind: "topup",
                referenceType: "fuzz_topup",
                referenceId: key,
                now: clock.now(),
              });
              return { entryId: entryId.toString() };
            }),
        };
      }
      case "charge":
      case "postpaidCharge":
        return { kind, key, run: chargeCall(org, key, kind, random.yuan(0.01, 300)) };
      case "couponCharge": {
        // Taken off the list now, so that no concurrent charge draws the same coupon.
        const coupon = org.coupons.pop();
        if (!coupon) return null;
        return { kind, key, run: chargeCall(org, key, kind, random.yuan(0.01, 300), coupon) };
      }
      case "refund": {
        if (org.charges.length === 0) return null;
        // One refund per charge, taken off the list now: a second one could give a voucher more than it paid.
        const [earlier] = org.charges.splice(random.int(0, org.charges.length - 1), 1);
        org.refunded.add(earlier!.key);
        // A retry comes within a few calls: older keys need not be kept (a million operations).
        if (org.refunded.size > KEPT) org.refunded.delete(org.refunded.values().next().value!);
        const paid = fromJsonAllocations(earlier!.paid);
        const amount = BigInt(random.int(1, Number(moneyPaid(paid))));
        const params = { charge: earlier!.key, amount: amount.toString() };
        return {
          kind,
          key,
          run: () =>
            once(db, clock, `fuzz-refund:${org.id}`, key, params, async (tx) => {
              const { entryId } = await refund(tx, {
                orgId: org.id,
                amount,
                paid,
                referenceType: "fuzz_refund",
                referenceId: key,
                now: clock.now(),
              });
              return { entryId: entryId?.toString() ?? null };
            }),
        };
      }
      case "voucherGrant":
        return {
          kind,
          key: null,
          run: async () => {
            const [granted] = await vouchers.issue(
              {
                kind: random.chance(0.5) ? "deduction" : "topup",
                faceValue: random.yuan(1, 200),
                count: 1,
                validFrom: now,
                validUntil: new Date(now.getTime() + random.int(1, 72) * HOUR),
                orgId: org.id,
                remark: "fuzz",
              },
              ADMIN_ID,
            );
            remember(org.vouchers, granted!.id);
            return granted!.code;
          },
        };
      case "voucherRedeem": {
        // The voucher is issued once (undistributed); every run redeems its code under the same key.
        const issued = memo(async () => {
          const [voucher] = await vouchers.issue(
            {
              kind: random.chance(0.5) ? "deduction" : "topup",
              faceValue: random.yuan(1, 200),
              count: 1,
              validFrom: now,
              validUntil: new Date(now.getTime() + random.int(1, 72) * HOUR),
              remark: "fuzz",
            },
            ADMIN_ID,
          );
          return voucher!.code;
        });
        const tenant = contextFor({ userId: `fuzz-user-${org.id}`, orgId: org.id }, key);
        return {
          kind,
          key,
          run: async () => {
            const answer = await vouchers.redeem(tenant, { code: await issued() });
            if (!org.vouchers.includes(answer.id)) remember(org.vouchers, answer.id);
            return answer;
          },
        };
      }
      case "voucherVoid": {
        if (org.vouchers.length === 0) return null;
        const [id] = org.vouchers.splice(random.int(0, org.vouchers.length - 1), 1);
        return { kind, key: null, run: () => vouchers.void(operator(key), id!) };
      }
      case "voucherExpire":
        return {
          kind,
          key: null,
          run: () => {
            // Hours pass (the vouchers' validity runs 1 to 72 hours), then the sweep runs.
            clock.advance(random.int(1, 12) * HOUR);
            return vouchers.expireDue();
          },
        };
      case "couponIssue": {
        const value = random.yuan(0.5, 50);
        return {
          kind,
          key: null,
          run: async () => {
            const issued = await coupons.issue(operator(key), {
              name: "Fuzz coupon",
              benefitKind: "value",
              value: formatYuan(value),
              threshold: "0",
              applicableProducts: [],
              applicablePaymentTypes: ["prepaid", "postpaid"],
              validFrom: new Date(now.getTime() - HOUR).toISOString(),
              validUntil: new Date(now.getTime() + 365 * 24 * HOUR).toISOString(),
              count: 1,
              orgId: org.id,
            });
            remember(org.coupons, { id: issued[0]!.id, value });
          },
        };
      }
      case "adjustment": {
        // Now and then a large one: with the operator's others that day it crosses the four-eyes threshold.
        const size = random.chance(0.05) ? random.yuan(3000, 12000) : random.yuan(0.01, 400);
        const amount = random.chance(0.35) ? -size : size;
        const body = { orgId: org.id, amount: formatYuan(amount), reason: `fuzz ${key}` };
        const approve = random.chance(0.7);
        let decided = false;
        return {
          kind,
          key,
          run: async () => {
            const answer = await adjustments.request(operator(key), body);
            // Above the four-eyes threshold a second operator decides (once: a retry replays the
            // request's first answer, still "pending_approval").
            if (answer.status === "pending_approval" && !decided) {
              decided = true;
              await adjustments.decide(operator(`${key}-decision`, SECOND_OPERATOR_ID), answer.id, {
                approve,
                remark: "fuzz",
              });
            }
            return answer;
          },
        };
      }
      case "creditLimit": {
        const limit = random.chance(0.2) ? 0n : random.yuan(1, 3000);
        return {
          kind,
          key: null,
          run: () => accounts.setCreditLimit(operator(key), org.id, { creditLimit: formatYuan(limit) }),
        };
      }
    }
  }

  return { draw };
}
