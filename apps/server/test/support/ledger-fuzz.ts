// The randomized ledger run (issue 18, item 7): random money operations through the real services
// (ledger-fuzz-ops.ts), several in flight at once and often on one organisation, money calls retried
// with the same idempotency key, the ledger verified after every batch. One implementation for
// `npm run bench:ledger-fuzz` (a million operations on PostgreSQL) and test/ledger-fuzz.test.ts
// (20 000 in CI). The seed reproduces the sequence of operations drawn; on PostgreSQL, where calls
// really run side by side, the order in which concurrent ones commit may differ between runs.
import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import { organizations } from "../../src/modules/iam/iam.schema";
import { ledgerHighWater, verifyLedger } from "../../src/modules/ledger/ledger.verify";
import { type Db, rowsOf } from "../../src/platform/db/client";
import { DomainError } from "../../src/platform/http/errors";
import type { FakeClock } from "./fake-clock";
import {
  type Call,
  createOps,
  OP_KINDS,
  type OpKind,
  type OrgState,
  randomSource,
  WEIGHTS,
} from "./ledger-fuzz-ops";

export type FuzzOptions = {
  db: Db;
  clock: FakeClock;
  timeZone: string;
  ops: number;
  seed: number;
  /** Operations between two checks of the invariants. */
  batchSize?: number;
  organisations?: number;
  /** Calls in flight at once. */
  inFlight?: number;
  progress?: (line: string) => void;
};

export type FuzzReport = {
  seed: number;
  ops: number;
  seconds: number;
  perSecond: number;
  counts: Record<OpKind | "retry", number>;
  /** Calls the rules refused (changing nothing), by reason. */
  refused: Record<string, number>;
  batches: number;
  violations: string[];
};

/** Refusals a random operation may meet: the rules saying no, not a fault. */
const EXPECTED_REFUSALS = new Set([
  "INSUFFICIENT_BALANCE",
  "CREDIT_LIMIT_BELOW_USED",
  "CASH_VOUCHER_UNAVAILABLE",
]);

/** An unexpected error in one line: a failed query's own message is its cause's (the database's). */
function describe(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.message) return `${cause.code ?? ""} ${cause.message}`.trim();
  return err instanceof Error ? err.message.split("\n")[0]! : String(err);
}

/** Answers compared as values: a replayed answer comes back from jsonb, whose keys are reordered. */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/** Money calls whose key produced more than one effect since the batch began (one entry per key). */
async function repeatedEffects(db: Db, sinceEntry: bigint, since: Date): Promise<string[]> {
  const entries = rowsOf<{ kind: string; reference_id: string; n: string }>(
    await db.execute(sql`
      select kind, reference_id, count(*)::text as n from journal_entries
      where id > ${sinceEntry.toString()}::bigint
        and ((kind = 'charge' and reference_type = 'order') or (kind = 'topup' and reference_type = 'fuzz_topup')
          or (kind = 'refund' and reference_type = 'fuzz_refund') or kind = 'voucher_issue')
      group by kind, reference_id having count(*) > 1`),
  );
  const adjustments = rowsOf<{ reason: string; n: string }>(
    await db.execute(sql`
      select reason, count(*)::text as n from balance_adjustments
      where created_at >= ${since.toISOString()}::timestamptz and reason like 'fuzz %'
      group by reason having count(*) > 1`),
  );
  return [
    ...entries.map((r) => `${r.kind} ${r.reference_id} posted ${r.n} times`),
    ...adjustments.map((r) => `adjustment "${r.reason}" recorded ${r.n} times`),
  ];
}

async function createOrganisations(db: Db, n: number, now: Date): Promise<OrgState[]> {
  const run = randomUUID().slice(0, 8);
  const orgs: OrgState[] = [];
  for (let i = 0; i < n; i++) {
    const id = `fuzz-${run}-${i}`;
    await db.insert(organizations).values({ id, name: `Fuzz ${run} ${i}`, createdAt: now });
    orgs.push({ id, charges: [], coupons: [], vouchers: [], refunded: new Set() });
  }
  return orgs;
}

export async function runLedgerFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const { db, clock, ops: total, seed } = options;
  const batchSize = options.batchSize ?? 1_000;
  const inFlight = options.inFlight ?? 8;
  const random = randomSource(seed);
  const { draw } = createOps(db, clock, options.timeZone);
  const orgs = await createOrganisations(db, options.organisations ?? 40, clock.now());
  const counts = Object.fromEntries([...OP_KINDS, "retry"].map((k) => [k, 0])) as FuzzReport["counts"];
  const refused: Record<string, number> = {};
  const violations: string[] = [];
  const weighted = OP_KINDS.flatMap((k) => Array<OpKind>(WEIGHTS[k]).fill(k));

  const drawOn = (org: OrgState): Call => {
    for (;;) {
      const call = draw(random.pick(weighted), org, `fuzz-${seed}-${randomUUID()}`, random);
      if (call) return call;
    }
  };

  /** Runs calls side by side; answers what each gave (undefined when refused or failed). */
  async function settle(calls: Call[]): Promise<unknown[]> {
    const settled = await Promise.allSettled(calls.map((c) => c.run()));
    return settled.map((s, i) => {
      if (s.status === "fulfilled") return s.value;
      const err = s.reason as unknown;
      if (err instanceof DomainError && EXPECTED_REFUSALS.has(err.key)) {
        refused[err.key] = (refused[err.key] ?? 0) + 1;
      } else {
        violations.push(`${calls[i]!.kind} failed: ${describe(err)}`);
      }
      return undefined;
    });
  }

  let done = 0;
  let batches = 0;
  const started = process.hrtime.bigint();
  while (done < total) {
    const since = await ledgerHighWater(db);
    const batchStarted = clock.now();
    const batchEnd = Math.min(total, done + batchSize);
    while (done < batchEnd) {
      // Half the waves put every call on one organisation: its accounts are fought over.
      const hot = random.chance(0.5) ? random.pick(orgs) : null;
      const wave: Call[] = [];
      const twins: [number, number][] = [];
      while (wave.length < inFlight && done + wave.length < batchEnd) {
        clock.advance(random.int(1, 5) * 1000);
        const call = drawOn(hot ?? random.pick(orgs));
        wave.push(call);
        counts[call.kind] += 1;
        // A client that resends at once, before the first answer: both are in flight together.
        if (call.key && random.chance(0.08) && done + wave.length < batchEnd) {
          twins.push([wave.length - 1, wave.length]);
          wave.push(call);
          counts.retry += 1;
        }
      }
      const answers = await settle(wave);
      done += wave.length;
      for (const [a, b] of twins) {
        if (answers[a] !== undefined && answers[b] !== undefined && !same(answers[a], answers[b]))
          violations.push(`${wave[a]!.kind} ${wave[a]!.key}: two answers for one key`);
      }
      // A client that resends after the answer came (a lost response): the first answer, replayed.
      const later = wave.filter((c, i) => c.key && answers[i] !== undefined && random.chance(0.05));
      for (const call of later) {
        if (done >= batchEnd) break;
        const [again] = await settle([call]);
        done += 1;
        counts.retry += 1;
        const first = answers[wave.indexOf(call)];
        if (!same(first, again))
          violations.push(
            `${call.kind} ${call.key}: the retry answered differently: ${JSON.stringify(first)} then ${JSON.stringify(again)}`,
          );
      }
    }
    batches += 1;
    for (const p of await verifyLedger(db, since)) violations.push(`${p.kind}: ${p.detail}`);
    violations.push(...(await repeatedEffects(db, since.entryId, batchStarted)));
    if (options.progress && (batches % 10 === 0 || done >= total)) {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      options.progress(
        `${done} operations, ${(done / seconds).toFixed(0)}/s, ${violations.length} violation(s)`,
      );
    }
    // Stop early on a broken invariant: what follows would only repeat it.
    if (violations.length) break;
  }
  // The whole ledger once more, without `since`: balances against the sums of all their lines.
  for (const p of await verifyLedger(db)) violations.push(`${p.kind}: ${p.detail}`);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { seed, ops: done, seconds, perSecond: done / seconds, counts, refused, batches, violations };
}

/** The report as the bench prints it. */
export function formatReport(r: FuzzReport, database: string): string {
  const lines = [
    `randomized ledger run on ${database}: seed ${r.seed} (FUZZ_SEED=${r.seed} draws the same operations)`,
    `${r.ops} operations in ${r.seconds.toFixed(1)} s, ${r.perSecond.toFixed(0)} ops/s, ${r.batches} batches verified`,
    ...Object.entries(r.counts).map(([k, n]) => `  ${k.padEnd(16)} ${String(n).padStart(9)}`),
    `refused by the rules: ${
      Object.entries(r.refused)
        .map(([k, n]) => `${k} ${n}`)
        .join(", ") || "none"
    }`,
    `violations: ${r.violations.length}`,
    ...r.violations.slice(0, 20).map((v) => `  ${v}`),
  ];
  return lines.join("\n");
}
