// Helpers of the tenant-management tests: a debt as postpaid hours beyond everything held leave it.
import { charge } from "../../src/modules/ledger/ledger.service";
import { unique } from "./flows";
import type { TestApp } from "./harness";
import { y } from "./money";

/** Puts `yuan` of arrears on the organisation (a postpaid charge nothing covers). */
export async function arrearsOf(t: TestApp, orgId: string, yuan: string): Promise<void> {
  await t.database.db.transaction((tx) =>
    charge(tx, {
      orgId,
      amount: y(yuan),
      referenceType: "order",
      referenceId: `SO-test-${unique()}`,
      memo: { text: "test arrears" },
      now: t.clock.now(),
      arrearsAllowed: true,
    }),
  );
}
