// Migration 0024: balance adjustments made before they were numbered get an ADJ number of the same
// form as a new one's, the account details quote that number instead of the adjustment's id, and
// an adjustment's bill no longer shows its credit as an amount due.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type Tx } from "../src/platform/db/client";
import { migrationsFolder } from "../src/platform/db/paths";
import { startTestApp, type TestApp } from "./support/harness";
import { DEMO_ORG } from "./support/money";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The migration's statements after the column is added, as written. */
function backfill(): string[] {
  const file = readFileSync(path.join(migrationsFolder, "0024_adjustment_numbers.sql"), "utf8");
  return file
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => /^(--.*\n)*(UPDATE|ALTER TABLE "balance_adjustments" ALTER)/.test(statement));
}

const one = async <T>(tx: Tx, query: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(query))[0]!;

describe("migration 0024 (adjustment numbers)", () => {
  it("numbers older adjustments, quotes the numbers in the account details and owes nothing on their bills", async () => {
    const rolledBack = new Error("rolled back");
    const done = t.database.db.transaction(async (tx) => {
      // As an older build left them: no number, the journal quoting the id, the bill's credit "due".
      await tx.execute(sql`alter table balance_adjustments alter column adjustment_no drop not null`);
      for (const id of ["old-1", "old-2"]) {
        await tx.execute(sql`
          insert into balance_adjustments (id, adjustment_no, org_id, amount, reason, status, requested_by, created_at)
          values (${id}, null, ${DEMO_ORG}, 10000000, 'goodwill', 'applied', 'op', '2026-11-27T02:03:04Z')`);
        await tx.execute(sql`
          insert into journal_entries (org_id, kind, reference_type, reference_id, created_at)
          values (null, 'adjustment', 'balance_adjustment', ${id}, now())`);
      }
      await tx.execute(sql`
        insert into bills (id, bill_no, org_id, billing_cycle, type, product_code, product_name, product_name_en, charge_type,
          original_amount, discount_amount, coupon_deduction, actual_amount, cash_amount, credit_amount,
          voucher_amount, arrears_amount, refund_amount, adjustment_amount, created_at)
        values ('bill-old', 'B-OLD-1', ${DEMO_ORG}, '2026-11', 'adjustment', 'balance_adjustment', 'goodwill', 'goodwill',
          'none', 0, 0, 0, 10000000, 0, 0, 0, 0, 0, 10000000, now())`);

      for (const statement of backfill()) await tx.execute(sql.raw(statement));

      const numbers = rowsOf<{ adjustment_no: string }>(
        await tx.execute(
          sql`select adjustment_no from balance_adjustments where id in ('old-1', 'old-2') order by id`,
        ),
      ).map((r) => r.adjustment_no);
      // Local (Shanghai) time of creation, then their order within that second.
      expect(numbers).toEqual(["ADJ20261127100304000001", "ADJ20261127100304000002"]);
      const quoted = rowsOf<{ reference_id: string }>(
        await tx.execute(sql`select reference_id from journal_entries
          where reference_type = 'balance_adjustment' and reference_id like 'ADJ2026112710%' order by reference_id`),
      ).map((r) => r.reference_id);
      expect(quoted).toEqual(numbers);
      const bill = await one<{ actual_amount: string; adjustment_amount: string }>(
        tx,
        sql`select actual_amount::text, adjustment_amount::text from bills where id = 'bill-old'`,
      );
      expect(bill).toEqual({ actual_amount: "0", adjustment_amount: "10000000" });
      throw rolledBack;
    });
    await expect(done).rejects.toBe(rolledBack);
  });
});
