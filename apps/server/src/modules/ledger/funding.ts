// An organisation's money sources as they stand, read without locks, for quotes: how a charge or a
// change would be covered is only shown here; the transaction that moves money locks and re-reads.
import { effectiveCreditLimit, type Money, type Voucher } from "@skyledger/billing";
import type { Tx } from "../../platform/db/client";
import { accountsOf, vouchersWithBalances } from "./ledger.repo";
import { arrearsAccountId, cashAccountId, creditAccountId } from "./ledger.service";

export type Funding = {
  cash: Money;
  /** The tenant's limit: the larger of the operator's and its contracts' in execution (decision 0029). */
  creditLimit: Money;
  /** Credit drawn and not yet repaid (the credit account's balance is its negation). */
  creditUsed: Money;
  /** Owed beyond everything the tenant held (the arrears account's balance, negated). */
  debt: Money;
  deductionVouchers: Voucher[];
  topUpVouchers: Voucher[];
};

type VoucherStatus = "available" | "used";

/**
 * `voucherStatuses`: a plain charge reads the available vouchers only; a change also reads those
 * spent to zero, because its refund makes them usable again within the same change.
 */
export async function readFunding(
  db: Tx,
  orgId: string,
  voucherStatuses: VoucherStatus[] = ["available"],
): Promise<Funding> {
  const accounts = await accountsOf(db, [
    cashAccountId(orgId),
    creditAccountId(orgId),
    arrearsAccountId(orgId),
  ]);
  const cash = accounts.find((a) => a.id === cashAccountId(orgId));
  const credit = accounts.find((a) => a.id === creditAccountId(orgId));
  const arrears = accounts.find((a) => a.id === arrearsAccountId(orgId));
  const vouchers = await vouchersWithBalances(db, orgId, voucherStatuses);
  const of = (kind: "deduction" | "topup"): Voucher[] =>
    vouchers
      .filter((v) => v.kind === kind)
      .map((v) => ({ id: v.id!, balance: v.balance, validFrom: v.validFrom, validUntil: v.validUntil }));
  return {
    cash: cash?.balance ?? 0n,
    creditLimit: credit ? effectiveCreditLimit(credit.creditLimit, [credit.contractCreditLimit]) : 0n,
    creditUsed: credit ? -credit.balance : 0n,
    debt: arrears ? -arrears.balance : 0n,
    deductionVouchers: of("deduction"),
    topUpVouchers: of("topup"),
  };
}
