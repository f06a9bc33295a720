// 100 charges at once against one account: never an overspend, and the ledger still verifies. On
// PostgreSQL (TEST_DATABASE_URL) the transactions really run side by side over the pool.

import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsService } from "../src/modules/finance/accounts.service";
import { createVouchersService } from "../src/modules/finance/vouchers.service";
import { journalEntries } from "../src/modules/ledger/ledger.schema";
import { charge, PLATFORM } from "../src/modules/ledger/ledger.service";
import { verifyLedger } from "../src/modules/ledger/ledger.verify";
import type { Db } from "../src/platform/db/client";
import { DomainError } from "../src/platform/http/errors";
import { startTestApp, type TestApp } from "./support/harness";
import { balanceOf, cashOf, creditUsedOf, fundCash, newOrg, y } from "./support/money";
import { contextFor } from "./support/request-context";

const ADMIN_ID = "00000000-0000-4000-8000-000000000101";
const ATTEMPTS = 100;

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

/** Fires every charge at once; returns how many went through and the reasons of the others. */
async function stampede(orgId: string, amount: string, n = ATTEMPTS) {
  const results = await Promise.allSettled(
    Array.from({ length: n }, (_, i) =>
      db.transaction((tx) =>
        charge(tx, {
          orgId,
          amount: y(amount),
          referenceType: "test_order",
          referenceId: `stampede-${i}`,
          now: t.clock.now(),
        }),
      ),
    ),
  );
  const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
  return { succeeded: results.length - refused.length, refused };
}

async function chargeEntries(orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(journalEntries)
    .where(and(eq(journalEntries.orgId, orgId), eq(journalEntries.kind, "charge")));
  return row?.n ?? 0;
}

describe(`${ATTEMPTS} concurrent charges against one account`, () => {
  it("let exactly as many through as the cash covers, refuse the rest, and end at zero", async () => {
    const org = await newOrg(db, t.clock.now());
    const covered = 37;
    await fundCash(db, org, y("1.25") * BigInt(covered), t.clock.now());
    const revenue = await balanceOf(db, PLATFORM.revenue);

    const { succeeded, refused } = await stampede(org, "1.25");

    expect(succeeded).toBe(covered);
    expect(refused).toHaveLength(ATTEMPTS - covered);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(DomainError);
      expect((reason as DomainError).key).toBe("INSUFFICIENT_BALANCE");
    }
    expect(await cashOf(db, org)).toBe(0n);
    expect(await chargeEntries(org)).toBe(covered);
    expect((await balanceOf(db, PLATFORM.revenue)) - revenue).toBe(y("1.25") * BigInt(covered));
    expect(await verifyLedger(db)).toEqual([]);
  });

  it("spend voucher, cash and credit together without going past the credit limit", async () => {
    const org = await newOrg(db, t.clock.now());
    const now = t.clock.now();
    await createVouchersService(db, t.clock, t.config.businessTimeZone).issue(
      {
        kind: "deduction",
        faceValue: y("10"),
        count: 1,
        validFrom: now,
        validUntil: new Date(now.getTime() + 86_400_000),
        orgId: org,
        remark: "",
      },
      ADMIN_ID,
    );
    await fundCash(db, org, y("20"), now);
    await createAccountsService(db, t.clock).setCreditLimit(contextFor({ userId: ADMIN_ID }), org, {
      creditLimit: "30",
    });
    // 60 yuan of sources, 2 yuan a charge: 30 of the 100 get through.
    const { succeeded, refused } = await stampede(org, "2");
    expect(succeeded).toBe(30);
    expect(refused.every((r) => (r as DomainError).key === "INSUFFICIENT_BALANCE")).toBe(true);
    expect(await cashOf(db, org)).toBe(0n);
    expect(await creditUsedOf(db, org)).toBe(y("30"));
    expect(await verifyLedger(db)).toEqual([]);
  });

  it("do not deadlock when many organisations charge at once (one shared revenue account)", async () => {
    const orgs = await Promise.all(Array.from({ length: 5 }, () => newOrg(db, t.clock.now())));
    for (const org of orgs) await fundCash(db, org, y("10"), t.clock.now());
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db.transaction((tx) =>
          charge(tx, {
            orgId: orgs[i % orgs.length]!,
            amount: y("1"),
            referenceType: "test_order",
            referenceId: `many-${i}`,
            now: t.clock.now(),
          }),
        ),
      ),
    );
    expect(results.every((r) => r.entryId !== null)).toBe(true);
    for (const org of orgs) expect(await cashOf(db, org)).toBe(0n);
    expect(await verifyLedger(db)).toEqual([]);
  });
});
