// What confirming a prepaid configuration change would do to each of the tenant's money sources,
// shown before it is confirmed. The change refunds the remainder of every unended term to the
// sources that paid it (reverse deduction order; credit beyond what is still owed comes back as
// cash, as the ledger refunds) and then charges the new configuration's remainder in the deduction
// order against what the tenant holds after those refunds. The net per source is what the tenant
// sees: the difference to pay, source by source, or where a negative difference goes back to.
// Read only: nothing is charged here.
import {
  type Allocation,
  allocateCharge,
  DEDUCTION_ORDER,
  distributeRefund,
  type Money,
  min,
  type Voucher,
} from "@skyledger/billing";
import type { Db } from "../../../platform/db/client";
import { type Funding, readFunding } from "../../ledger/funding";

export type SettlementFunding = Funding;

export type TermRefund = { amount: Money; paid: Allocation[] };

export type Settlement = {
  sufficient: boolean;
  shortfall: Money;
  /** Positive: taken from the source; negative: given back to it. In the deduction order. */
  net: Allocation[];
};

/**
 * The organisation's money as the change's transaction would find it. Vouchers spent to zero are
 * read too: a refund makes them usable again within the same change.
 */
export function settlementFunding(db: Db, orgId: string): Promise<SettlementFunding> {
  return readFunding(db, orgId, ["available", "used"]);
}

const keyOf = (a: Allocation) => `${a.source}|${a.sourceId ?? ""}`;

/** The refunds, then the charge, on a copy of the funding; the net movement per source. */
export function settleChange(input: {
  refunds: readonly TermRefund[];
  charge: Money;
  funding: SettlementFunding;
  now: Date;
}): Settlement {
  const copy = (vs: Voucher[]) => vs.map((v) => ({ ...v }));
  const deductionVouchers = copy(input.funding.deductionVouchers);
  const topUpVouchers = copy(input.funding.topUpVouchers);
  let cash = input.funding.cash;
  let creditUsed = input.funding.creditUsed;
  const given: Allocation[] = [];
  for (const term of input.refunds) {
    if (term.amount <= 0n) continue;
    for (const a of distributeRefund(term.amount, term.paid)) {
      if (a.source === "credit") {
        const repaid = min(a.amount, creditUsed > 0n ? creditUsed : 0n);
        creditUsed -= repaid;
        cash += a.amount - repaid;
        given.push({ source: "credit", amount: repaid }, { source: "cash", amount: a.amount - repaid });
      } else if (a.source === "cash") {
        cash += a.amount;
        given.push(a);
      } else {
        const voucher = [...deductionVouchers, ...topUpVouchers].find((v) => v.id === a.sourceId);
        if (voucher) voucher.balance += a.amount;
        given.push(a);
      }
    }
  }
  const available = input.funding.creditLimit - creditUsed;
  const charged = allocateCharge({
    charge: input.charge,
    deductionVouchers,
    topUpVouchers,
    cashBalance: cash,
    availableCredit: available > 0n ? available : 0n,
    now: input.now,
  });
  const net = new Map<string, Allocation>();
  const add = (allocations: readonly Allocation[], sign: 1n | -1n) => {
    for (const a of allocations) {
      const entry = net.get(keyOf(a)) ?? {
        source: a.source,
        ...(a.sourceId ? { sourceId: a.sourceId } : {}),
        amount: 0n,
      };
      entry.amount += sign * a.amount;
      net.set(keyOf(a), entry);
    }
  };
  add(given, -1n);
  if (charged.ok) add(charged.allocations, 1n);
  const rank = (a: Allocation) => DEDUCTION_ORDER.indexOf(a.source);
  return {
    sufficient: charged.ok,
    shortfall: charged.ok ? 0n : charged.shortfall,
    net: [...net.values()]
      .filter((a) => a.amount !== 0n)
      .sort((a, b) => rank(a) - rank(b) || ((a.sourceId ?? "") < (b.sourceId ?? "") ? -1 : 1)),
  };
}
