// Migration 0021: journal entries written before memos had keys carry an English sentence. The
// migration's updates turn each known sentence into its key and parameters (rendered in the
// reader's language), and leave operators' own remarks — adjustments, manual recharges — as typed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type Tx } from "../src/platform/db/client";
import { migrationsFolder } from "../src/platform/db/paths";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The migration's data updates, as written (its column additions have already run). */
function memoUpdates(): string[] {
  const file = readFileSync(path.join(migrationsFolder, "0021_ledger_memo_keys.sql"), "utf8");
  return file
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => /^(--.*\n)*UPDATE/.test(statement));
}

/** Writes an entry as an older build did: the sentence in `memo`, no key. */
async function oldEntry(tx: Tx, kind: string, referenceId: string, memo: string): Promise<void> {
  await tx.execute(sql`
    insert into journal_entries (org_id, kind, reference_type, reference_id, memo, created_at)
    values (null, ${kind}, 'migration_test', ${referenceId}, ${memo}, now())`);
}

async function memoOf(tx: Tx, referenceId: string) {
  const [row] = rowsOf<{ memo: string | null; memo_key: string | null; memo_params: unknown }>(
    await tx.execute(
      sql`select memo, memo_key, memo_params from journal_entries where reference_id = ${referenceId}`,
    ),
  );
  return row;
}

describe("migration 0021 (ledger memo keys)", () => {
  it("turns every sentence an older build wrote into its key and parameters", async () => {
    const cases: [string, string, string, string, Record<string, string>][] = [
      ["charge", "m1", "order SO2026112798008729", "orderCharged", { orderNo: "SO2026112798008729" }],
      ["refund", "m2", "order SO1 closed", "orderClosed", { orderNo: "SO1" }],
      ["refund", "m3", "order SO2 withdrawn", "orderWithdrawn", { orderNo: "SO2" }],
      ["refund", "m4", "provisioning of SO3 failed", "provisioningFailed", { orderNo: "SO3" }],
      ["topup", "R20261127001", "alipay 2026112722001", "topUpAlipay", { tradeNo: "2026112722001" }],
      ["voucher_issue", "m6", "topup voucher CV-AB12-CD34", "voucherTopup", { code: "CV-AB12-CD34" }],
      ["charge", "m7", "renew gpu node 01 3 months", "renewal", { name: "gpu node 01", months: "3" }],
      ["charge", "m8", "configuration change of web-1", "configurationChange", { name: "web-1" }],
      ["refund", "m9", "unsubscribe disk-a", "unsubscribe", { name: "disk-a" }],
      [
        "charge",
        "m10",
        "postpaid web-2 5 h (2 h from packages)",
        "postpaidHoursWithPackages",
        {
          name: "web-2",
          hours: "5",
          covered: "2",
        },
      ],
      ["charge", "m11", "postpaid web-3 7 h", "postpaidHours", { name: "web-3", hours: "7" }],
      [
        "charge",
        "m12",
        "package purchase no-such-offer × 2",
        "packagePurchase",
        {
          offerZh: "no-such-offer",
          offerEn: "no-such-offer",
          quantity: "2",
        },
      ],
    ];
    // The entries have no lines (the ledger's check after the suite would refuse them): everything
    // happens in one transaction that is rolled back at the end.
    const rolledBack = new Error("rolled back");
    const done = t.database.db.transaction(async (tx) => {
      for (const [kind, ref, memo] of cases) await oldEntry(tx, kind, ref, memo);
      // Typed by operators: kept as written, even when they happen to read like a sentence above.
      await oldEntry(tx, "adjustment", "a1", "unsubscribe refund for ticket 88");
      await oldEntry(tx, "topup", "M20261127000001", "alipay 88");

      for (const update of memoUpdates()) await tx.execute(sql.raw(update));

      for (const [, ref, , key, params] of cases) {
        expect(await memoOf(tx, ref), ref).toEqual({ memo: null, memo_key: key, memo_params: params });
      }
      expect(await memoOf(tx, "a1")).toEqual({
        memo: "unsubscribe refund for ticket 88",
        memo_key: null,
        memo_params: null,
      });
      expect(await memoOf(tx, "M20261127000001")).toMatchObject({ memo: "alipay 88", memo_key: null });
      throw rolledBack;
    });
    await expect(done).rejects.toBe(rolledBack);
  });
});
