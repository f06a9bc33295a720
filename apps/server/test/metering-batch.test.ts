// Batched hourly metering (issue 18): an organisation's due resources are charged in one
// transaction, one journal entry, bills written together. It must give exactly what metering them
// one by one gives — the same allocations over the same sources, the same bills, the same balances —
// whatever the money sources hold; and every resource is in arrears while the organisation owes.
import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsService } from "../src/modules/finance/accounts.service";
import { createVouchersService } from "../src/modules/finance/vouchers.service";
import { bills, journalEntries, ledgerAccounts } from "../src/modules/ledger/ledger.schema";
import { type ResourceSpec, resources } from "../src/modules/resources/resources.schema";
import { meter, meterOrganisation } from "../src/modules/subscriptions/lifecycle/metering";
import { findResource } from "../src/modules/subscriptions/subscriptions.repo";
import type { Db } from "../src/platform/db/client";
import { startTestApp, type TestApp } from "./support/harness";
import { fundCash, newOrg, y } from "./support/money";
import { contextFor } from "./support/request-context";

const ADMIN_ID = "00000000-0000-4000-8000-000000000101";
const HOUR = 3_600_000;

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

const now = () => t.clock.now();
const timeZone = () => t.config.businessTimeZone;

type Setup = {
  cash: bigint;
  creditLimit: bigint;
  voucher: bigint | null;
  resources: { monthly: bigint; discountHundredths: number | null; hoursAgo: number }[];
};

/** An organisation funded as `s` says, holding its postpaid hosts (ids sort in the order given). */
async function organisation(s: Setup): Promise<{ orgId: string; ids: string[] }> {
  const orgId = await newOrg(db, now());
  if (s.cash > 0n) await fundCash(db, orgId, s.cash, now());
  if (s.creditLimit > 0n) {
    await createAccountsService(db, t.clock).setCreditLimit(contextFor({ userId: ADMIN_ID }), orgId, {
      creditLimit: (Number(s.creditLimit) / 100_000).toFixed(5),
    });
  }
  if (s.voucher !== null) {
    await createVouchersService(db, t.clock, timeZone()).issue(
      {
        kind: "deduction",
        faceValue: s.voucher,
        count: 1,
        validFrom: new Date(now().getTime() - 24 * HOUR),
        validUntil: new Date(now().getTime() + 30 * 24 * HOUR),
        orgId,
        remark: "metering test",
      },
      ADMIN_ID,
    );
  }
  const prefix = randomUUID();
  const ids = s.resources.map((_, i) => `${prefix}-${String(i).padStart(2, "0")}`);
  for (const [i, r] of s.resources.entries()) {
    await db.insert(resources).values({
      id: ids[i]!,
      orgId,
      kind: "host",
      productCode: "ecs-standard",
      name: `meter-${i}`,
      spec: {} as ResourceSpec,
      status: "running",
      paymentType: "postpaid",
      monthlyPrice: r.monthly,
      discountHundredths: r.discountHundredths,
      meteredUntil: new Date(now().getTime() - r.hoursAgo * HOUR),
      createdAt: now(),
      updatedAt: now(),
    });
  }
  return { orgId, ids };
}

async function moneyOf(orgId: string) {
  const rows = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.orgId, orgId));
  // Voucher accounts are named by their own ids: compared by kind and balance.
  return rows
    .map((r) => `${r.kind}:${r.id.startsWith("voucher:") ? "" : r.id.replace(orgId, "ORG")}=${r.balance}`)
    .sort();
}

async function billsOf(orgId: string) {
  const rows = await db.select().from(bills).where(eq(bills.orgId, orgId)).orderBy(asc(bills.billNo));
  return rows.map((b) => ({
    product: b.productCode,
    name: b.productName,
    original: b.originalAmount,
    discount: b.discountAmount,
    actual: b.actualAmount,
    cash: b.cashAmount,
    credit: b.creditAmount,
    voucher: b.voucherAmount,
    arrears: b.arrearsAmount,
    usage: [b.usageStart?.toISOString(), b.usageEnd?.toISOString()],
  }));
}

const meteredUntilOf = async (ids: string[]) =>
  (await db.select().from(resources).where(inArray(resources.id, ids)).orderBy(asc(resources.id))).map((r) =>
    r.meteredUntil?.toISOString(),
  );

const money = (max: bigint) => fc.bigInt({ min: 0n, max });
const setup: fc.Arbitrary<Setup> = fc.record({
  cash: fc.oneof(fc.constant(0n), money(2_000_000n)),
  creditLimit: fc.oneof(
    fc.constant(0n),
    fc.bigInt({ min: 1n, max: 20n }).map((n) => n * 100_000n),
  ),
  voucher: fc.option(fc.bigInt({ min: 1n, max: 500_000n }), { nil: null }),
  resources: fc.array(
    fc.record({
      monthly: money(30_000_000n),
      discountHundredths: fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }),
      hoursAgo: fc.integer({ min: 1, max: 30 }),
    }),
    { minLength: 1, maxLength: 6 },
  ),
});

describe("batched metering", () => {
  it("gives the same bills, balances and metered hours as metering one by one", async () => {
    await fc.assert(
      fc.asyncProperty(setup, async (s) => {
        const batched = await organisation(s);
        const single = await organisation(s);
        await db.transaction((tx) =>
          meterOrganisation(tx, batched.orgId, { now: now(), timeZone: timeZone() }),
        );
        for (const id of single.ids) {
          await db.transaction(async (tx) => {
            const locked = (await findResource(tx, id, true))!;
            await meter(tx, locked, now(), { roundUp: false, now: now(), timeZone: timeZone() });
          });
        }
        expect(await moneyOf(batched.orgId)).toEqual(
          (await moneyOf(single.orgId)).map((m) => m.replace(single.orgId, batched.orgId)),
        );
        expect(await billsOf(batched.orgId)).toEqual(await billsOf(single.orgId));
        expect(await meteredUntilOf(batched.ids)).toEqual(await meteredUntilOf(single.ids));
      }),
      { numRuns: 25 },
    );
  }, 180_000);

  it("posts one entry for the organisation's hour, marks every resource in arrears while it owes, and charges an hour once", async () => {
    const { orgId, ids } = await organisation({
      cash: y("10"),
      creditLimit: 0n,
      voucher: null,
      // 720 yuan a month is 1 yuan an hour: 3 h, 4 h and 5 h = 12 yuan against 10 in cash.
      resources: [
        { monthly: y("720"), discountHundredths: null, hoursAgo: 3 },
        { monthly: y("720"), discountHundredths: null, hoursAgo: 4 },
        { monthly: y("720"), discountHundredths: null, hoursAgo: 5 },
      ],
    });
    const first = await db.transaction((tx) =>
      meterOrganisation(tx, orgId, { now: now(), timeZone: timeZone() }),
    );
    expect(first.charged).toBe(y("12"));
    expect(first.toTell).toEqual(ids);
    const entries = await db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.orgId, orgId))
      .orderBy(asc(journalEntries.id));
    const metering = entries.filter((e) => e.kind === "charge");
    expect(metering).toHaveLength(1);
    expect(metering[0]).toMatchObject({
      referenceType: "metering",
      memoKey: "postpaidHoursBatch",
      memoParams: { count: "3" },
    });
    const written = await db.select().from(bills).where(eq(bills.orgId, orgId)).orderBy(asc(bills.billNo));
    expect(written.map((b) => [b.actualAmount, b.cashAmount, b.arrearsAmount, b.entryId])).toEqual([
      [y("3"), y("3"), 0n, metering[0]!.id],
      [y("4"), y("4"), 0n, metering[0]!.id],
      [y("5"), y("3"), y("2"), metering[0]!.id],
    ]);
    const marked = await db.select().from(resources).where(inArray(resources.id, ids));
    expect(marked.every((r) => r.arrearsSince?.getTime() === now().getTime())).toBe(true);

    // Run again at the same instant (another instance, a retry): nothing more is charged.
    const again = await db.transaction((tx) =>
      meterOrganisation(tx, orgId, { now: now(), timeZone: timeZone() }),
    );
    expect(again).toEqual({ charged: 0n, toTell: [] });
    expect(await db.select().from(bills).where(eq(bills.orgId, orgId))).toHaveLength(3);
  });
});
