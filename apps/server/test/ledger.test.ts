// The ledger service called directly: the deduction order of spec §9 with exact balances, refusals
// that change nothing, the database's own overdraft constraints, refunds in reverse order, voucher
// statuses, and verifyLedger catching a tampered balance.
import { type Allocation, BillingError } from "@skyledger/billing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsService } from "../src/modules/finance/accounts.service";
import { createVouchersService } from "../src/modules/finance/vouchers.service";
import { cashVouchers, journalLines } from "../src/modules/ledger/ledger.schema";
import {
  cashAccountId,
  charge,
  creditAccountId,
  creditIncoming,
  PLATFORM,
  postEntry,
  refund,
} from "../src/modules/ledger/ledger.service";
import { ledgerHighWater, verifyLedger } from "../src/modules/ledger/ledger.verify";
import type { Db } from "../src/platform/db/client";
import { startTestApp, type TestApp } from "./support/harness";
import {
  balanceOf,
  cashOf,
  creditUsedOf,
  fundCash,
  ledgerCounts,
  ledgerFingerprint,
  newOrg,
  y,
} from "./support/money";
import { contextFor } from "./support/request-context";

const ADMIN_ID = "00000000-0000-4000-8000-000000000101";
const DAY = 86_400_000;

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

const now = () => t.clock.now();
const inDays = (days: number) => new Date(now().getTime() + days * DAY);

async function giveVoucher(
  orgId: string,
  kind: "deduction" | "topup",
  face: string,
  validUntil = inDays(30),
  validFrom = inDays(-1),
): Promise<string> {
  const vouchers = createVouchersService(db, t.clock, t.config.businessTimeZone);
  const [v] = await vouchers.issue(
    { kind, faceValue: y(face), count: 1, validFrom, validUntil, orgId, remark: "ledger test" },
    ADMIN_ID,
  );
  return `voucher:${v!.id}`;
}

async function setCreditLimit(orgId: string, limit: string) {
  await createAccountsService(db, t.clock).setCreditLimit(contextFor({ userId: ADMIN_ID }), orgId, {
    creditLimit: limit,
  });
}

const chargeOf = (orgId: string, amount: string, coupon?: { couponId: string; deduction: string }) =>
  db.transaction((tx) =>
    charge(tx, {
      orgId,
      amount: y(amount),
      ...(coupon ? { coupon: { couponId: coupon.couponId, deduction: y(coupon.deduction) } } : {}),
      referenceType: "test_order",
      referenceId: `order-${Math.random()}`,
      now: now(),
    }),
  );

const refundOf = (orgId: string, amount: string, paid: Allocation[]) =>
  db.transaction((tx) =>
    refund(tx, {
      orgId,
      amount: y(amount),
      paid,
      referenceType: "test_refund",
      referenceId: `refund-${Math.random()}`,
      now: now(),
    }),
  );

async function voucherStatus(accountId: string) {
  const [v] = await db
    .select({ status: cashVouchers.status })
    .from(cashVouchers)
    .where(eq(cashVouchers.accountId, accountId));
  return v?.status;
}

describe("the deduction order: coupon → deduction voucher → top-up voucher → cash → credit", () => {
  let org: string;
  let d1: string;
  let d2: string;
  let tv: string;
  let paid: Allocation[];

  beforeAll(async () => {
    org = await newOrg(db, now());
    d1 = await giveVoucher(org, "deduction", "20", inDays(10));
    d2 = await giveVoucher(org, "deduction", "15", inDays(5)); // expires first: spent first
    tv = await giveVoucher(org, "topup", "30");
    await fundCash(db, org, y("40"), now());
    await setCreditLimit(org, "50");
  });

  it("takes 130 (10 of it a coupon) from every source in order, with exact balances after", async () => {
    const revenueBefore = await balanceOf(db, PLATFORM.revenue);
    const result = await chargeOf(org, "130", { couponId: "coupon-1", deduction: "10" });
    paid = result.allocations;
    expect(result.allocations).toEqual([
      { source: "coupon", sourceId: "coupon-1", amount: y("10") },
      { source: "deduction_voucher", sourceId: d2, amount: y("15") },
      { source: "deduction_voucher", sourceId: d1, amount: y("20") },
      { source: "topup_voucher", sourceId: tv, amount: y("30") },
      { source: "cash", amount: y("40") },
      { source: "credit", amount: y("15") },
    ]);
    expect(await balanceOf(db, d2)).toBe(0n);
    expect(await balanceOf(db, d1)).toBe(0n);
    expect(await balanceOf(db, tv)).toBe(0n);
    expect(await cashOf(db, org)).toBe(0n);
    expect(await creditUsedOf(db, org)).toBe(y("15"));
    // The coupon moves no money: revenue receives the 120 the money sources paid.
    expect((await balanceOf(db, PLATFORM.revenue)) - revenueBefore).toBe(y("120"));
    // One entry: five sources give, revenue receives once (lines on one account are merged).
    const lines = await db.select().from(journalLines).where(eq(journalLines.entryId, result.entryId!));
    expect(lines).toHaveLength(6);
    expect(lines.reduce((s, l) => s + l.amount, 0n)).toBe(0n);
  });

  it("marks vouchers spent to zero as used", async () => {
    expect(await voucherStatus(d1)).toBe("used");
    expect(await voucherStatus(d2)).toBe("used");
    expect(await voucherStatus(tv)).toBe("used");
  });

  it("refunds in reverse order: credit first, then cash", async () => {
    const r = await refundOf(org, "50", paid);
    expect(r.allocations).toEqual([
      { source: "credit", amount: y("15") },
      { source: "cash", amount: y("35") },
    ]);
    expect(await creditUsedOf(db, org)).toBe(0n);
    expect(await cashOf(db, org)).toBe(y("35"));
  });

  it("then top-up voucher, then the deduction voucher used last; refunded vouchers become available", async () => {
    // What is left of the payment after the first refund (the caller keeps it net of refunds).
    const net: Allocation[] = [
      { source: "coupon", sourceId: "coupon-1", amount: y("10") },
      { source: "deduction_voucher", sourceId: d2, amount: y("15") },
      { source: "deduction_voucher", sourceId: d1, amount: y("20") },
      { source: "topup_voucher", sourceId: tv, amount: y("30") },
      { source: "cash", amount: y("5") },
    ];
    const r = await refundOf(org, "60", net);
    expect(r.allocations).toEqual([
      { source: "cash", amount: y("5") },
      { source: "topup_voucher", sourceId: tv, amount: y("30") },
      { source: "deduction_voucher", sourceId: d1, amount: y("20") },
      { source: "deduction_voucher", sourceId: d2, amount: y("5") },
    ]);
    expect(await cashOf(db, org)).toBe(y("40"));
    expect(await balanceOf(db, tv)).toBe(y("30"));
    expect(await balanceOf(db, d1)).toBe(y("20"));
    expect(await balanceOf(db, d2)).toBe(y("5"));
    expect(await voucherStatus(tv)).toBe("available");
    expect(await voucherStatus(d1)).toBe("available");
    expect(await voucherStatus(d2)).toBe("available");
  });

  it("never refunds more than the money paid: the coupon's part is not refundable", async () => {
    const before = await ledgerFingerprint(db);
    // 130 was charged but 10 of it was a coupon: 120.00001 is too much.
    await expect(refundOf(org, "120.00001", paid)).rejects.toBeInstanceOf(BillingError);
    const onlyCoupon: Allocation[] = [{ source: "coupon", sourceId: "coupon-2", amount: y("8") }];
    await expect(refundOf(org, "0.00001", onlyCoupon)).rejects.toBeInstanceOf(BillingError);
    expect(await ledgerFingerprint(db)).toBe(before);
  });
});

describe("refunds to a voucher that has closed since the charge", () => {
  it("send its share back to promotions instead of stranding it on the closed voucher", async () => {
    const org = await newOrg(db, now());
    const v = await giveVoucher(org, "deduction", "20", new Date(now().getTime() + 60_000));
    const { allocations } = await chargeOf(org, "15");
    expect(allocations).toEqual([{ source: "deduction_voucher", sourceId: v, amount: y("15") }]);
    t.clock.advanceMinutes(2);
    const vouchers = createVouchersService(db, t.clock, t.config.businessTimeZone);
    await vouchers.expireDue();
    expect(await voucherStatus(v)).toBe("expired");
    expect(await balanceOf(db, v)).toBe(0n);

    const promotions = await balanceOf(db, PLATFORM.promotions);
    await refundOf(org, "15", allocations);
    expect(await voucherStatus(v)).toBe("expired");
    expect(await balanceOf(db, v)).toBe(0n);
    expect((await balanceOf(db, PLATFORM.promotions)) - promotions).toBe(y("15"));
  });
});

describe("refunds of credit that has been repaid since", () => {
  it("give the repaid part back as cash (credit cannot go above zero)", async () => {
    const org = await newOrg(db, now());
    await setCreditLimit(org, "100");
    const { allocations } = await chargeOf(org, "30");
    expect(allocations).toEqual([{ source: "credit", amount: y("30") }]);
    // A top-up of 20 repays 20 of the 30 in use.
    await fundCash(db, org, y("20"), now());
    expect(await creditUsedOf(db, org)).toBe(y("10"));
    expect(await cashOf(db, org)).toBe(0n);

    const r = await refundOf(org, "30", allocations);
    expect(r.allocations).toEqual([
      { source: "credit", amount: y("10") },
      { source: "cash", amount: y("20") },
    ]);
    expect(await creditUsedOf(db, org)).toBe(0n);
    expect(await cashOf(db, org)).toBe(y("20"));
  });

  it("all of it as cash once the credit is fully repaid", async () => {
    const org = await newOrg(db, now());
    await fundCash(db, org, y("5"), now());
    await setCreditLimit(org, "100");
    const { allocations } = await chargeOf(org, "12");
    await fundCash(db, org, y("50"), now());
    expect(await creditUsedOf(db, org)).toBe(0n);
    const r = await refundOf(org, "12", allocations);
    expect(r.allocations).toEqual([{ source: "cash", amount: y("12") }]);
    expect(await cashOf(db, org)).toBe(y("43") + y("12"));
  });
});

describe("partial sources", () => {
  it("spends a deduction voucher fully, then part of a top-up voucher, leaving cash untouched", async () => {
    const org = await newOrg(db, now());
    const d = await giveVoucher(org, "deduction", "20");
    const tv = await giveVoucher(org, "topup", "30");
    await fundCash(db, org, y("40"), now());
    const r = await chargeOf(org, "25.5");
    expect(r.allocations).toEqual([
      { source: "deduction_voucher", sourceId: d, amount: y("20") },
      { source: "topup_voucher", sourceId: tv, amount: y("5.5") },
    ]);
    expect(await balanceOf(db, tv)).toBe(y("24.5"));
    expect(await voucherStatus(d)).toBe("used");
    expect(await voucherStatus(tv)).toBe("available");
    expect(await cashOf(db, org)).toBe(y("40"));
  });

  it("skips vouchers not yet valid or already past their end (before the sweep runs)", async () => {
    const org = await newOrg(db, now());
    const future = await giveVoucher(org, "deduction", "10", inDays(30), inDays(2));
    const ended = await giveVoucher(org, "topup", "10", new Date(now().getTime() + 60_000));
    t.clock.advanceMinutes(2);
    await fundCash(db, org, y("5"), now());
    const r = await chargeOf(org, "3");
    expect(r.allocations).toEqual([{ source: "cash", amount: y("3") }]);
    expect(await balanceOf(db, future)).toBe(y("10"));
    expect(await balanceOf(db, ended)).toBe(y("10"));
  });

  it("takes cash then credit, and a coupon-only charge moves no money", async () => {
    const org = await newOrg(db, now());
    await fundCash(db, org, y("10"), now());
    await setCreditLimit(org, "50");
    const r = await chargeOf(org, "35");
    expect(r.allocations).toEqual([
      { source: "cash", amount: y("10") },
      { source: "credit", amount: y("25") },
    ]);
    expect(await creditUsedOf(db, org)).toBe(y("25"));
    const before = await ledgerCounts(db);
    const free = await chargeOf(org, "8", { couponId: "c", deduction: "8" });
    expect(free.entryId).toBeNull();
    expect(await ledgerCounts(db)).toEqual(before);
  });

  it("repays credit in use before adding cash when money arrives", async () => {
    const org = await newOrg(db, now());
    await setCreditLimit(org, "100");
    await chargeOf(org, "15");
    expect(await creditUsedOf(db, org)).toBe(y("15"));
    await fundCash(db, org, y("20"), now());
    expect(await creditUsedOf(db, org)).toBe(0n);
    expect(await cashOf(db, org)).toBe(y("5"));
  });
});

describe("refusals change nothing", () => {
  it("refuses a charge the sources cannot cover, and accepts exactly what they can", async () => {
    const org = await newOrg(db, now());
    await giveVoucher(org, "deduction", "5");
    await fundCash(db, org, y("10"), now());
    await setCreditLimit(org, "5");
    const before = await ledgerFingerprint(db);
    await expect(chargeOf(org, "20.00001")).rejects.toMatchObject({ key: "INSUFFICIENT_BALANCE" });
    expect(await ledgerFingerprint(db)).toBe(before);
    // With a coupon of 0.00001 the money sources need exactly 20: all of it.
    await chargeOf(org, "20.00001", { couponId: "c", deduction: "0.00001" });
    expect(await cashOf(db, org)).toBe(0n);
    expect(await creditUsedOf(db, org)).toBe(y("5"));
  });

  it("refuses an unbalanced entry and an entry on a single account", async () => {
    const org = await newOrg(db, now());
    await fundCash(db, org, y("10"), now());
    const before = await ledgerFingerprint(db);
    const post = (lines: { accountId: string; amount: bigint }[]) =>
      db.transaction((tx) =>
        postEntry(tx, {
          orgId: org,
          kind: "charge",
          referenceType: "test",
          referenceId: "unbalanced",
          now: now(),
          lines,
        }),
      );
    await expect(
      post([
        { accountId: cashAccountId(org), amount: -y("2") },
        { accountId: PLATFORM.revenue, amount: y("1") },
      ]),
    ).rejects.toThrow(/unbalanced/);
    await expect(
      post([
        { accountId: cashAccountId(org), amount: -y("2") },
        { accountId: cashAccountId(org), amount: y("2") },
      ]),
    ).rejects.toThrow(/at least two accounts/);
    expect(await ledgerFingerprint(db)).toBe(before);
  });

  it("lets the database refuse an overdraft even when the engine is bypassed", async () => {
    const org = await newOrg(db, now());
    await fundCash(db, org, y("10"), now());
    await setCreditLimit(org, "5");
    const voucher = await giveVoucher(org, "topup", "3");
    const before = await ledgerFingerprint(db);
    const raw = (accountId: string, amount: string) =>
      db.transaction((tx) =>
        postEntry(tx, {
          orgId: org,
          kind: "charge",
          referenceType: "test",
          referenceId: "overdraft",
          now: now(),
          lines: [
            { accountId, amount: -y(amount) },
            { accountId: PLATFORM.revenue, amount: y(amount) },
          ],
        }),
      );
    await expect(raw(cashAccountId(org), "10.00001")).rejects.toMatchObject({ key: "INSUFFICIENT_BALANCE" });
    await expect(raw(voucher, "3.00001")).rejects.toMatchObject({ key: "INSUFFICIENT_BALANCE" });
    await expect(raw(creditAccountId(org), "5.00001")).rejects.toMatchObject({
      key: "INSUFFICIENT_BALANCE",
    });
    // Nothing was written: not the entry, not a line, not a balance.
    expect(await ledgerFingerprint(db)).toBe(before);
    // The same entries within the limits go through.
    await raw(cashAccountId(org), "10");
    await raw(creditAccountId(org), "5");
    expect(await cashOf(db, org)).toBe(0n);
    expect(await creditUsedOf(db, org)).toBe(y("5"));
  });

  it("lets incoming money from an unknown account fail without a trace", async () => {
    const org = await newOrg(db, now());
    const before = await ledgerFingerprint(db);
    await expect(
      db.transaction((tx) =>
        creditIncoming(tx, {
          orgId: org,
          amount: y("1"),
          fromAccount: "platform:nowhere",
          kind: "topup",
          referenceType: "test",
          referenceId: "x",
          now: now(),
        }),
      ),
    ).rejects.toThrow(/unknown ledger account/);
    // The tenant accounts created on the way were rolled back with the rest.
    expect(await ledgerFingerprint(db)).toBe(before);
  });
});

describe("verifyLedger", () => {
  it("reports a cached balance that differs from its journal, and a wrong balance-after", async () => {
    const org = await newOrg(db, now());
    await fundCash(db, org, y("7"), now());
    expect(await verifyLedger(db)).toEqual([]);

    await db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${cashAccountId(org)}`);
    try {
      const problems = await verifyLedger(db);
      expect(problems).toEqual([
        {
          kind: "balance_mismatch",
          detail: `account ${cashAccountId(org)}: cached ${y("7") + 1n}, journal ${y("7")}`,
        },
      ]);
    } finally {
      await db.execute(
        sql`update ledger_accounts set balance = balance - 1 where id = ${cashAccountId(org)}`,
      );
    }

    const [line] = await db
      .select({ id: journalLines.id })
      .from(journalLines)
      .where(eq(journalLines.accountId, cashAccountId(org)));
    await db.execute(sql`update journal_lines set balance_after = balance_after + 1 where id = ${line!.id}`);
    try {
      expect((await verifyLedger(db)).map((p) => p.kind)).toEqual(["running_balance"]);
    } finally {
      await db.execute(
        sql`update journal_lines set balance_after = balance_after - 1 where id = ${line!.id}`,
      );
    }
    expect(await verifyLedger(db)).toEqual([]);
  });

  it("checks only what was written since a point when given one, and still catches a wrong line there", async () => {
    const org = await newOrg(db, now());
    await fundCash(db, org, y("3"), now());
    const since = await ledgerHighWater(db);
    await fundCash(db, org, y("4"), now());
    expect(await verifyLedger(db, since)).toEqual([]);

    const [line] = await db
      .select({ id: journalLines.id })
      .from(journalLines)
      .where(eq(journalLines.accountId, cashAccountId(org)))
      .orderBy(sql`${journalLines.id} desc`)
      .limit(1);
    await db.execute(sql`update journal_lines set balance_after = balance_after + 1 where id = ${line!.id}`);
    try {
      // The new line no longer follows the one before it, and the cached balance no longer equals it.
      expect((await verifyLedger(db, since)).map((p) => p.kind).sort()).toEqual([
        "balance_mismatch",
        "running_balance",
      ]);
      // A point after the tampered line: nothing of it is looked at again.
      expect(await verifyLedger(db, await ledgerHighWater(db))).toEqual([]);
    } finally {
      await db.execute(
        sql`update journal_lines set balance_after = balance_after - 1 where id = ${line!.id}`,
      );
    }
  });

  it("reports a voucher whose status does not fit its balance", async () => {
    const org = await newOrg(db, now());
    const [voucher] = await createVouchersService(db, t.clock, t.config.businessTimeZone).issue(
      {
        kind: "deduction",
        faceValue: y("5"),
        count: 1,
        validFrom: now(),
        validUntil: new Date(now().getTime() + DAY),
        orgId: org,
        remark: "",
      },
      ADMIN_ID,
    );
    expect(await verifyLedger(db)).toEqual([]);
    await db.update(cashVouchers).set({ status: "used" }).where(eq(cashVouchers.id, voucher!.id));
    try {
      expect(await verifyLedger(db)).toEqual([
        { kind: "voucher_status", detail: `voucher ${voucher!.code} is used with balance ${y("5")}` },
      ]);
    } finally {
      await db.update(cashVouchers).set({ status: "available" }).where(eq(cashVouchers.id, voucher!.id));
    }
  });

  it("reports an account outside its sign rule (were a constraint ever lost)", async () => {
    const org = await newOrg(db, now());
    await fundCash(db, org, y("1"), now());
    // Inside a transaction that is rolled back: the constraint comes back with it.
    const rollback = new Error("rollback");
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`alter table ledger_accounts drop constraint ledger_cash_not_negative`);
        await tx.execute(sql`update ledger_accounts set balance = -1 where id = ${cashAccountId(org)}`);
        const problems = await verifyLedger(tx);
        expect(problems.filter((p) => p.kind === "sign_rule")).toEqual([
          { kind: "sign_rule", detail: `account ${cashAccountId(org)} breaks its sign rule at -1` },
        ]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
