// The process crash.test.ts kills: it charges one organisation in a loop, each charge and its bill
// in one transaction, and reports every commit on stdout. At charge number CRASH_HANG_AT it stops
// inside the open transaction (entry posted, bill not yet written) and says so, so that the parent's
// SIGKILL lands in the middle of a charge for certain.
// Environment: CRASH_DATABASE_URL (PostgreSQL) or CRASH_DATA_DIR (PGlite), CRASH_ORG_ID,
// CRASH_START (first charge number), CRASH_HANG_AT.
import { writeBill } from "../../src/modules/ledger/bills.repo";
import { charge } from "../../src/modules/ledger/ledger.service";
import { openDatabase } from "../../src/platform/db/client";
import { DEFAULT_TIME_ZONE } from "../../src/platform/time-zone";

const env = process.env;
const database = await openDatabase({ url: env.CRASH_DATABASE_URL, dataDir: env.CRASH_DATA_DIR });
const orgId = env.CRASH_ORG_ID!;
const hangAt = Number(env.CRASH_HANG_AT);
const say = (line: string) =>
  new Promise<void>((resolve) => process.stdout.write(`${line}\n`, () => resolve()));

for (let i = Number(env.CRASH_START ?? 0); ; i++) {
  await database.db.transaction(async (tx) => {
    const now = new Date();
    const result = await charge(tx, {
      orgId,
      amount: 1_000n + BigInt(i),
      referenceType: "crash_test",
      referenceId: `crash-${i}`,
      now,
    });
    if (i === hangAt) {
      await say(`inside ${i}`);
      // Never settles: the transaction stays open until the parent kills this process.
      await new Promise(() => undefined);
    }
    await writeBill(tx, {
      orgId,
      type: "charge",
      productCode: "crash.test",
      productName: { zh: "崩溃测试", en: "Crash test" },
      orderNo: `crash-${i}`,
      chargeType: "postpaid",
      originalAmount: 1_000n + BigInt(i),
      allocations: result.allocations,
      entryId: result.entryId,
      now,
      timeZone: DEFAULT_TIME_ZONE,
    });
  });
  await say(`committed ${i}`);
}
