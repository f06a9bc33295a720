// Helpers of the money-side tests: organisations to charge, funding, balances read straight from
// the ledger, idempotency keys and a second platform operator (there is no API to create one yet).
import { randomUUID } from "node:crypto";
import { type Money, parseYuan } from "@skyledger/billing";
import { count, eq, inArray, sql } from "drizzle-orm";
import { pdfBytes } from "../../../../packages/contracts/test/support/file-bytes";
import { ROLE } from "../../src/modules/iam/iam.repo";
import { organizations, users } from "../../src/modules/iam/iam.schema";
import { journalEntries, journalLines, ledgerAccounts } from "../../src/modules/ledger/ledger.schema";
import {
  cashAccountId,
  creditAccountId,
  creditIncoming,
  PLATFORM,
} from "../../src/modules/ledger/ledger.service";
import type { Db } from "../../src/platform/db/client";
import { hashPassword } from "../../src/platform/passwords";
import { DEMO, type TestClient } from "./client";
import { unique } from "./flows";
import type { TestApp } from "./harness";
import { uploaded } from "./uploads";

export const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
export const y = parseYuan;

/** A fresh Idempotency-Key (the server wants 8 to 128 of [A-Za-z0-9_.:-]). */
export const idemKey = (): string => `test-${randomUUID()}`;
export const idem = (key = idemKey()) => ({ "idempotency-key": key });

/** An organisation row of its own, so that one test's money never meets another's. */
export async function newOrg(db: Db, now: Date): Promise<string> {
  const id = randomUUID();
  await db.insert(organizations).values({ id, name: `Ledger test ${unique()}`, createdAt: now });
  return id;
}

/** Money arriving from the gateway clearing account, as a paid top-up does. */
export async function fundCash(db: Db, orgId: string, amount: Money, now: Date): Promise<void> {
  await db.transaction((tx) =>
    creditIncoming(tx, {
      orgId,
      amount,
      fromAccount: PLATFORM.gatewayClearing,
      kind: "topup",
      referenceType: "test_funding",
      referenceId: randomUUID(),
      now,
    }),
  );
}

export async function balanceOf(db: Db, accountId: string): Promise<Money> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  if (!row) throw new Error(`no ledger account ${accountId}`);
  return row.balance;
}

export const cashOf = (db: Db, orgId: string) => balanceOf(db, cashAccountId(orgId));
/** Credit in use, as a positive amount. */
export const creditUsedOf = async (db: Db, orgId: string) => -(await balanceOf(db, creditAccountId(orgId)));

export async function ledgerCounts(db: Db): Promise<{ entries: number; lines: number }> {
  const [e] = await db.select({ n: count() }).from(journalEntries);
  const [l] = await db.select({ n: count() }).from(journalLines);
  return { entries: e?.n ?? 0, lines: l?.n ?? 0 };
}

/** Every balance of the given accounts, for before/after comparisons. */
export async function snapshot(db: Db, ids: string[]): Promise<Record<string, bigint>> {
  const rows = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.balance]));
}

/** Every account with its balance: a whole-ledger fingerprint ("nothing changed"). */
export async function ledgerFingerprint(db: Db): Promise<string> {
  const rows = await db.execute(
    sql`select string_agg(id || '=' || balance::text, ',' order by id) as f from ledger_accounts`,
  );
  const counts = await ledgerCounts(db);
  return `${(rows as unknown as { rows: { f: string }[] }).rows[0]?.f}|${counts.entries}|${counts.lines}`;
}

/** A second platform administrator (role 301), inserted directly: no API creates operators yet. */
export async function addOperator(t: TestApp): Promise<{ account: string; password: string; id: string }> {
  const now = t.clock.now();
  const id = randomUUID();
  const account = `ops${unique()}`;
  const password = DEMO.admin.password;
  await t.database.db.insert(users).values({
    id,
    account,
    email: `${account}@skyledger.local`,
    passwordHash: await hashPassword(password),
    realName: "Second operator",
    roleId: ROLE.platformAdmin,
    loginNotFirst: true,
    pwdChangedAt: now,
    createdAt: now,
  });
  return { account, password, id };
}

/** The evidence of a manual recharge (a bank slip as PDF), uploaded by the operator who records it. */
export const uploadEvidence = (operator: TestClient, name = "bank-slip.pdf"): Promise<string> =>
  uploaded(operator, "rechargeEvidence", name, pdfBytes());
