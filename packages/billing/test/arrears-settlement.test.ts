// Settled arrears become invoiceable exactly, never twice (docs/billing/rules.md §16, decision 0032):
// worked examples of the first-in first-out rule, then a property over random histories of an
// organisation's money (charges that run into arrears, top-ups, vouchers, refunds, credit raised and
// withdrawn), kept by a small model of the ledger that settles debt the way ledger.service does.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type DebtOrigin,
  invoiceableSettled,
  type Money,
  min,
  outstandingOrigins,
  type SettlementAllocation,
  settleDebt,
  parseYuan as y,
} from "../src/index";

const bill = (ref: string, amount: string): DebtOrigin => ({ kind: "billArrears", ref, amount: y(amount) });
const withdrawal = (ref: string, amount: string): DebtOrigin => ({
  kind: "creditWithdrawal",
  ref,
  amount: y(amount),
});
const money = (amount: string) => ({ amount: y(amount), paid: true });
const voucher = (amount: string) => ({ amount: y(amount), paid: false });

describe("worked examples", () => {
  it("a top-up pays the oldest arrears first; only bills become invoiceable", () => {
    // B1 owed 100, then 50 of credit withdrawn, then B2 owed 30: 180 owed. A top-up of 120.
    const origins = [bill("B1", "100"), withdrawal("W1", "50"), bill("B2", "30")];
    const allocations = settleDebt(origins, y("180"), [money("120")]);
    expect(allocations).toEqual([
      { kind: "billArrears", ref: "B1", amount: y("100"), paid: true },
      { kind: "creditWithdrawal", ref: "W1", amount: y("20"), paid: true },
    ]);
    expect(invoiceableSettled(allocations)).toEqual(new Map([["B1", y("100")]]));
    // 60 owed now: the rest of W1 (30) and B2 (30). The next 60 make only B2's 30 invoiceable.
    const next = settleDebt(origins, y("60"), [money("60")]);
    expect(invoiceableSettled(next)).toEqual(new Map([["B2", y("30")]]));
  });

  it("a voucher settles first (deduction order) and makes nothing invoiceable", () => {
    const origins = [bill("B1", "40"), bill("B2", "60")];
    const allocations = settleDebt(origins, y("100"), [voucher("50"), money("30")]);
    expect(allocations).toEqual([
      { kind: "billArrears", ref: "B1", amount: y("40"), paid: false },
      { kind: "billArrears", ref: "B2", amount: y("10"), paid: false },
      { kind: "billArrears", ref: "B2", amount: y("30"), paid: true },
    ]);
    expect(invoiceableSettled(allocations)).toEqual(new Map([["B2", y("30")]]));
  });

  it("what is owed is the newest origins: older ones were settled before, recorded or not", () => {
    const origins = [bill("B1", "100"), bill("B2", "30"), bill("B3", "20")];
    expect(outstandingOrigins(origins, y("35"))).toEqual([
      { ...origins[1], outstanding: y("15") },
      { ...origins[2], outstanding: y("20") },
    ]);
    // A debt beyond every origin: the excess belongs to none and is not allocated.
    expect(settleDebt([bill("B1", "10")], y("25"), [money("25")])).toEqual([
      { kind: "billArrears", ref: "B1", amount: y("10"), paid: true },
    ]);
  });
});

// --- a small model of one organisation's ledger -------------------------------------------------

type Step =
  | { op: "topUp"; amount: Money }
  | { op: "voucher"; amount: Money }
  | { op: "charge"; amount: Money }
  | { op: "refund"; bill: number; amount: Money }
  | { op: "creditLimit"; limit: Money };

type Bill = { ref: string; cash: Money; credit: Money; voucher: Money; arrears: Money };
type Refund = { of: string; cash: Money; arrears: Money };

class Organisation {
  cash = 0n;
  voucher = 0n;
  limit = 0n;
  creditUsed = 0n;
  debt = 0n;
  moneyIn = 0n;
  origins: DebtOrigin[] = [];
  bills: Bill[] = [];
  refunds: Refund[] = [];
  settled: SettlementAllocation[] = [];

  apply(step: Step): void {
    if (step.op === "topUp") this.topUp(step.amount);
    else if (step.op === "voucher") {
      this.voucher += step.amount;
      this.settleArrears();
    } else if (step.op === "charge") this.charge(step.amount);
    else if (step.op === "refund") this.refund(step.bill, step.amount);
    else this.setLimit(step.limit);
  }

  private settle(parts: { amount: Money; paid: boolean }[]): void {
    const amount = parts.reduce((s, p) => s + p.amount, 0n);
    const allocations = settleDebt(this.origins, this.debt, parts);
    // Every unit of debt has an origin here, so the whole settlement is allocated.
    expect(allocations.reduce((s, a) => s + a.amount, 0n)).toBe(amount);
    this.settled.push(...allocations);
    this.debt -= amount;
  }

  // creditIncoming: money settles the debt first, then repays credit, the rest is cash.
  private topUp(amount: Money): void {
    this.moneyIn += amount;
    const settle = min(this.debt, amount);
    if (settle > 0n) this.settle([{ amount: settle, paid: true }]);
    const repay = min(this.creditUsed, amount - settle);
    this.creditUsed -= repay;
    this.cash += amount - settle - repay;
  }

  // settleArrears: vouchers, then cash, then credit, as far as they reach.
  private settleArrears(): void {
    const v = min(this.voucher, this.debt);
    const c = min(this.cash, this.debt - v);
    const k = min(this.limit - this.creditUsed, this.debt - v - c);
    this.voucher -= v;
    this.cash -= c;
    this.creditUsed += k;
    const parts = [
      { amount: v, paid: false },
      { amount: c, paid: true },
      { amount: k, paid: true },
    ].filter((p) => p.amount > 0n);
    if (parts.length > 0) this.settle(parts);
  }

  // A postpaid charge: voucher, cash, credit, and what none covers is owed.
  private charge(amount: Money): void {
    const voucher = min(this.voucher, amount);
    const cash = min(this.cash, amount - voucher);
    const credit = min(this.limit - this.creditUsed, amount - voucher - cash);
    const arrears = amount - voucher - cash - credit;
    this.voucher -= voucher;
    this.cash -= cash;
    this.creditUsed += credit;
    const ref = `B${this.bills.length + 1}`;
    this.bills.push({ ref, cash, credit, voucher, arrears });
    if (arrears > 0n) {
      this.origins.push({ kind: "billArrears", ref, amount: arrears });
      this.debt += arrears;
    }
  }

  // A refund gives back the bill's arrears share first (reducing the debt: nothing was paid), then
  // its cash; cash given back to a tenant in debt settles it, as any money arriving does.
  private refund(index: number, amount: Money): void {
    const bill = this.bills[index % Math.max(1, this.bills.length)];
    if (!bill) return;
    const earlier = this.refunds.filter((r) => r.of === bill.ref);
    const arrearsLeft = bill.arrears - earlier.reduce((s, r) => s + r.arrears, 0n);
    const cashLeft = bill.cash - earlier.reduce((s, r) => s + r.cash, 0n);
    const arrears = min(min(amount, arrearsLeft), this.debt);
    const cash = min(amount - arrears, cashLeft);
    if (arrears > 0n) this.settle([{ amount: arrears, paid: false }]);
    this.cash += cash;
    this.refunds.push({ of: bill.ref, cash, arrears });
    this.settleArrears();
  }

  // A lower limit turns credit in use beyond it into debt (a credit withdrawal); a higher one
  // makes credit available to settle the debt.
  private setLimit(limit: Money): void {
    const overflow = this.creditUsed > limit ? this.creditUsed - limit : 0n;
    if (overflow > 0n) {
      this.creditUsed -= overflow;
      this.debt += overflow;
      this.origins.push({ kind: "creditWithdrawal", ref: `W${this.origins.length + 1}`, amount: overflow });
    }
    this.limit = limit;
    this.settleArrears();
  }

  settledOf(ref: string, paid: boolean): Money {
    return this.settled.filter((a) => a.ref === ref && a.paid === paid).reduce((s, a) => s + a.amount, 0n);
  }

  /** Per bill: cash + credit + arrears money settled, net of its refunds' cash. */
  invoiceableOf(bill: Bill): Money {
    const refunded = this.refunds.filter((r) => r.of === bill.ref).reduce((s, r) => s + r.cash, 0n);
    return bill.cash + bill.credit + (invoiceableSettled(this.settled).get(bill.ref) ?? 0n) - refunded;
  }
}

const amount = fc.bigInt({ min: 1n, max: 1_000n }).map((n) => n * 100_000n);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant("topUp" as const), amount }),
  fc.record({ op: fc.constant("voucher" as const), amount }),
  fc.record({ op: fc.constant("charge" as const), amount }),
  fc.record({ op: fc.constant("charge" as const), amount }),
  fc.record({ op: fc.constant("refund" as const), bill: fc.nat(20), amount }),
  fc.record({ op: fc.constant("creditLimit" as const), limit: fc.constantFrom(0n, y("300"), y("800")) }),
);

describe("properties", () => {
  it("for any history, invoiceable is exactly the money paid, each bill at most its amount, nothing twice", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const org = new Organisation();
        for (const s of steps) {
          org.apply(s);
          // Nothing counted twice: no origin is settled beyond its amount, and the debt is
          // exactly what the origins leave unsettled.
          for (const origin of org.origins) {
            expect(org.settledOf(origin.ref, true) + org.settledOf(origin.ref, false) <= origin.amount).toBe(
              true,
            );
          }
          const originsTotal = org.origins.reduce((sum, o) => sum + o.amount, 0n);
          const settledTotal = org.settled.reduce((sum, a) => sum + a.amount, 0n);
          expect(org.debt).toBe(originsTotal - settledTotal);

          // Each bill: what is invoiceable never exceeds what it charged, nor what was paid for it.
          let invoiceable = 0n;
          for (const bill of org.bills) {
            const own = org.invoiceableOf(bill);
            expect(own <= bill.cash + bill.credit + bill.voucher + bill.arrears).toBe(true);
            expect(org.settledOf(bill.ref, true) <= bill.arrears).toBe(true);
            invoiceable += own;
          }

          // Invoiceable is the money spent (paid in and no longer held as cash), plus credit still in
          // use and withdrawn credit not yet repaid by money — both already counted on the credit
          // parts of bills, as credit always is. A withdrawal repaid by money adds nothing.
          const withdrawn = org.origins.filter((o) => o.kind === "creditWithdrawal");
          const withdrawnUnpaid = withdrawn.reduce(
            (sum, o) => sum + o.amount - org.settledOf(o.ref, true),
            0n,
          );
          expect(invoiceable).toBe(org.moneyIn - org.cash + org.creditUsed + withdrawnUnpaid);
          expect(invoiceable <= org.moneyIn + org.creditUsed + withdrawnUnpaid).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("without credit, invoiceable never exceeds the money paid in, whatever vouchers settled", () => {
    const noCredit = step.filter((s) => s.op !== "creditLimit");
    fc.assert(
      fc.property(fc.array(noCredit, { maxLength: 40 }), (steps) => {
        const org = new Organisation();
        for (const s of steps) org.apply(s);
        const invoiceable = org.bills.reduce((sum, b) => sum + org.invoiceableOf(b), 0n);
        expect(invoiceable).toBe(org.moneyIn - org.cash);
        expect(invoiceable <= org.moneyIn).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
