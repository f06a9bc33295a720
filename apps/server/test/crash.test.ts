// A real process charging in a loop is killed with SIGKILL in the middle of a charge (its entry
// posted, its bill not yet written, the transaction open). Reopened, the database holds every charge
// the process reported committed, whole (entry and bill), and not the interrupted one; the ledger
// verifies. Twice, the second time after a "restart" that goes on charging. PGlite on a data
// directory by default, a fresh PostgreSQL database with TEST_DATABASE_URL.
// (No startTestApp here: the child process must open the same database, which an in-memory PGlite
// cannot share. The ledger is verified explicitly instead.)
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bills, journalEntries } from "../src/modules/ledger/ledger.schema";
import { seedPlatformAccounts } from "../src/modules/ledger/ledger.service";
import { verifyLedger } from "../src/modules/ledger/ledger.verify";
import { type Database, openDatabase } from "../src/platform/db/client";
import { freshPostgres } from "./support/harness";
import { cashOf, fundCash, y } from "./support/money";

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "support", "crash-child.ts");
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const PER_ROUND = 15;

let pgdb: { url: string; drop(): Promise<void> } | undefined;
let dataDir: string | undefined;
const orgId = randomUUID();
const children = new Set<ChildProcess>();

/** What charges 0 … n−1 took: charge i is 1000 + i units (crash-child.ts). */
const sumAmounts = (n: number) => BigInt(n) * 1_000n + BigInt((n * (n - 1)) / 2);

const open = () => openDatabase({ url: pgdb?.url, dataDir });

beforeAll(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) pgdb = await freshPostgres(adminUrl);
  else dataDir = mkdtempSync(path.join(tmpdir(), "skyledger-crash-"));
  const database = await open();
  try {
    await database.migrate();
    await seedPlatformAccounts(database.db, new Date());
    await fundCash(database.db, orgId, y("1000"), new Date());
  } finally {
    await database.close();
  }
  // Migrating a database on disk from nothing: over the default minute on a loaded 2-core machine.
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await pgdb?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the child until it is inside charge `hangAt`, kills it, and returns what it reported. */
function runAndKill(start: number, hangAt: number): Promise<{ committed: number[]; signal: string | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        CRASH_DATABASE_URL: pgdb?.url ?? "",
        CRASH_DATA_DIR: dataDir ?? "",
        CRASH_ORG_ID: orgId,
        CRASH_START: String(start),
        CRASH_HANG_AT: String(hangAt),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.add(child);
    const committed: number[] = [];
    let stderr = "";
    let killed = false;
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const [what, n] = line.split(" ");
      if (what === "committed") committed.push(Number(n));
      if (what === "inside" && Number(n) === hangAt) {
        killed = true;
        child.kill("SIGKILL");
      }
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      children.delete(child);
      if (!killed) reject(new Error(`the child exited by itself (${code ?? signal}): ${stderr}`));
      else resolve({ committed, signal });
    });
  });
}

async function countWhere(database: Database) {
  const db = database.db;
  const [entries] = await db
    .select({ n: count() })
    .from(journalEntries)
    .where(and(eq(journalEntries.referenceType, "crash_test"), eq(journalEntries.orgId, orgId)));
  const [billRows] = await db
    .select({ n: count() })
    .from(bills)
    .where(and(eq(bills.productCode, "crash.test"), eq(bills.orgId, orgId)));
  // Each bill points at its own charge's entry, with the same reference.
  const [paired] = await db
    .select({ n: count() })
    .from(bills)
    .innerJoin(journalEntries, eq(journalEntries.id, bills.entryId))
    .where(and(eq(bills.productCode, "crash.test"), sql`${journalEntries.referenceId} = ${bills.orderNo}`));
  return { entries: entries?.n ?? 0, bills: billRows?.n ?? 0, paired: paired?.n ?? 0 };
}

describe("a process killed in the middle of a charge", () => {
  it("leaves every charge whole or absent, and the ledger verifies, across two kills", {
    timeout: 90_000,
  }, async () => {
    let start = 0;
    for (let round = 1; round <= 2; round++) {
      const hangAt = start + PER_ROUND;
      const { committed, signal } = await runAndKill(start, hangAt);
      expect(signal).toBe("SIGKILL");
      expect(committed).toEqual(Array.from({ length: PER_ROUND }, (_, i) => start + i));

      const database = await open();
      try {
        expect(await verifyLedger(database.db)).toEqual([]);
        // Every charge reported committed is there with its bill; the interrupted one is not.
        expect(await countWhere(database)).toEqual({ entries: hangAt, bills: hangAt, paired: hangAt });
        const interrupted = await database.db
          .select({ id: journalEntries.id })
          .from(journalEntries)
          .where(inArray(journalEntries.referenceId, [`crash-${hangAt}`]));
        expect(interrupted).toEqual([]);
        expect(await cashOf(database.db, orgId)).toBe(y("1000") - sumAmounts(hangAt));
      } finally {
        await database.close();
      }
      // The next "server" retries the interrupted charge first.
      start = hangAt;
    }
  });
});
