// Issue 11 §4 as a property: over random sequences of buying a prepaid host, changing its flavour up
// and down, renewing it and letting days pass, and finally unsubscribing it, the server's money
// follows spec §9's rules applied to what was really paid — modelled here term by term with the pure
// rules of packages/billing (configuration change, term refund by month) — and every bill column
// adds up to the journal. The demo host product refunds by month: 2 vCPU / 4 GB at 150 a month,
// 4 vCPU / 8 GB at 300 with 85 % (255).
import {
  addMonths,
  configurationChange,
  formatYuan,
  type Money,
  max,
  min,
  termRefund,
} from "@skyledger/billing";
import type { OrderDetail, RenewQuote, UnsubscribeQuote } from "@skyledger/contracts";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { users } from "../src/modules/iam/iam.schema";
import { bills, journalEntries, journalLines } from "../src/modules/ledger/ledger.schema";
import { cashAccountId } from "../src/modules/ledger/ledger.service";
import { resources, resourceTerms } from "../src/modules/resources/resources.schema";
import { DEFAULT_TIME_ZONE } from "../src/platform/time-zone";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { cashOf, idem, y } from "./support/money";
import { advance, apply, applyBody, verifiedTenant } from "./support/orders";

const DAY_MS = 86_400_000;
const TZ = DEFAULT_TIME_ZONE;
const MONTHLY = { c2m4: y("150"), c4m8: y("255") } as const;
type Flavor = keyof typeof MONTHLY;
type Term = { start: Date; end: Date; months: number | null; price: Money; refunded: Money };

let t: TestApp;
let operator: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(() => t.close());

const op = fc.oneof(
  fc.record({ kind: fc.constant("change" as const) }),
  fc.record({ kind: fc.constant("renew" as const), months: fc.constantFrom(1, 3) }),
  fc.record({ kind: fc.constant("wait" as const), days: fc.integer({ min: 0, max: 45 }) }),
);

it("refunds what the rules give from what was really paid, and the bills add up to the journal", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom<Flavor>("c2m4", "c4m8"),
      fc.constantFrom(1, 3, 6),
      fc.array(op, { minLength: 1, maxLength: 6 }),
      async (first, months, ops) => {
        const tenant = await verifiedTenant(t, operator, "100000");
        const fresh = async () => {
          // Months pass in a run: the tenant keeps their password current (it expires after 90 days).
          await t.database.db
            .update(users)
            .set({ pwdChangedAt: t.clock.now() })
            .where(eq(users.id, tenant.tenant.userSid));
          tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
        };
        let flavor: Flavor = first;
        let charged: Money = 0n;
        let refunded: Money = 0n;
        const bought = await apply(
          tenant.client,
          applyBody("ecs-standard", {
            spec: { flavorId: flavor, imageId: "ubuntu-22.04" },
            periodMonths: months,
          }),
        );
        expect(bought.status, JSON.stringify(bought.body)).toBe(200);
        expect(bought.body.data.amount).toBe(formatYuan(MONTHLY[flavor] * BigInt(months)));
        charged += MONTHLY[flavor] * BigInt(months);
        await advance(t, 45);
        const order = await tenant.client.request<OrderDetail>(`/api/orders/${bought.body.data.id}`);
        const id = order.body.data.resourceIds[0]!;
        const [purchase] = await t.database.db
          .select()
          .from(resourceTerms)
          .where(eq(resourceTerms.resourceId, id));
        const terms: Term[] = [
          { start: purchase!.startsAt, end: purchase!.endsAt, months, price: purchase!.amount, refunded: 0n },
        ];
        const expiry = () => terms.reduce((e, term) => (term.end > e ? term.end : e), terms[0]!.end);

        for (const o of ops) {
          const now = t.clock.now();
          if (now.getTime() >= expiry().getTime() - DAY_MS) break;
          await fresh();
          if (o.kind === "wait") {
            const days = Math.min(o.days, Math.floor((expiry().getTime() - now.getTime()) / DAY_MS) - 1);
            t.clock.advance(days * DAY_MS);
            await advance(t, 60);
          } else if (o.kind === "renew") {
            const body = { resourceIds: [id], periodMonths: o.months, align: false };
            const done = await tenant.client.request<RenewQuote>("/api/renew", {
              method: "POST",
              body,
              headers: idem(),
            });
            expect(done.status, JSON.stringify(done.body)).toBe(200);
            const price = MONTHLY[flavor] * BigInt(o.months);
            expect(done.body.data.total).toBe(formatYuan(price));
            const start = expiry();
            terms.push({ start, end: addMonths(start, o.months, TZ), months: o.months, price, refunded: 0n });
            charged += price;
          } else {
            // Spec §9 term by term: each unended term's remaining price back, the new flavour's for
            // the same days charged, the old terms closed where the new one begins.
            const to: Flavor = flavor === "c2m4" ? "c4m8" : "c2m4";
            let back: Money = 0n;
            let due: Money = 0n;
            for (const term of terms.filter((x) => x.end > now && x.end > x.start)) {
              const at = term.start > now ? term.start : now;
              const c = configurationChange({
                newMonthlyPrice: MONTHLY[to],
                oldPeriodPrice: term.price,
                periodStart: term.start,
                expiry: term.end,
                at,
                timeZone: TZ,
              });
              if (!c.ok) throw new Error("expired");
              const give = min(c.oldRemainingPrice, term.price - term.refunded);
              term.refunded += give;
              term.end = at;
              back += give;
              due += c.newRemainingPrice;
            }
            const end = terms.reduce((e, term) => (term.end > e ? term.end : e), now);
            const done = await tenant.client.request<OrderDetail>("/api/service/resize_resource", {
              method: "POST",
              body: { resourceId: id, spec: { flavorId: to } },
              headers: idem(),
            });
            expect(done.status, JSON.stringify(done.body)).toBe(200);
            expect(done.body.data).toMatchObject({ amount: formatYuan(due), refunded: formatYuan(back) });
            const [r] = await t.database.db.select().from(resources).where(eq(resources.id, id));
            terms.push({ start: now, end: r!.expiresAt!, months: null, price: due, refunded: 0n });
            expect(r!.expiresAt!.getTime()).toBeGreaterThanOrEqual(end.getTime());
            charged += due;
            refunded += back;
            flavor = to;
            await advance(t, 60);
          }
        }

        // Unsubscribe: by month, each term keeps what the rules give and gives back the rest of what
        // its money paid, minus what it gave back already.
        await fresh();
        const now = t.clock.now();
        const refundNow = terms.reduce((s, term) => {
          const due = termRefund({
            policy: "by_month",
            start: term.start,
            end: term.end,
            months: term.months,
            paid: [{ source: "cash", amount: term.price }],
            at: now,
            timeZone: TZ,
          }).refund;
          return s + max(min(due, term.price) - term.refunded, 0n);
        }, 0n);
        const paidNet = terms.reduce((s, term) => s + term.price - term.refunded, 0n);
        const quote = await tenant.client.request<UnsubscribeQuote>(`/api/service/unsubscribe/${id}/inquiry`);
        expect(quote.body.data).toMatchObject({
          paid: formatYuan(paidNet),
          refund: formatYuan(refundNow),
          used: formatYuan(paidNet - refundNow),
        });
        const gone = await tenant.client.request<OrderDetail>(`/api/service/unsubscribe/${id}`, {
          method: "POST",
          body: {},
          headers: idem(),
        });
        expect(gone.status, JSON.stringify(gone.body)).toBe(200);
        expect(gone.body.data.refunded).toBe(formatYuan(refundNow));
        refunded += refundNow;
        await advance(t, 60);
        expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("100000") - charged + refunded);

        // Every bill column adds up to the journal: cash paid net of refunds, refunds, amounts due.
        const [cols] = await t.database.db
          .select({
            actual: sql<string>`sum(${bills.actualAmount})::text`,
            cash: sql<string>`sum(${bills.cashAmount})::text`,
            refund: sql<string>`sum(${bills.refundAmount})::text`,
          })
          .from(bills)
          .where(eq(bills.orgId, tenant.orgId));
        const [moved] = await t.database.db
          .select({ total: sql<string>`coalesce(sum(${journalLines.amount}), 0)::text` })
          .from(journalLines)
          .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
          .where(
            and(
              eq(journalLines.accountId, cashAccountId(tenant.orgId)),
              sql`${journalEntries.kind} in ('charge', 'refund')`,
            ),
          );
        expect(BigInt(cols!.cash)).toBe(-BigInt(moved!.total));
        expect(BigInt(cols!.cash)).toBe(charged - refunded);
        expect(BigInt(cols!.actual)).toBe(charged - refunded);
        expect(BigInt(cols!.refund)).toBe(refunded);
      },
    ),
    { numRuns: 8 },
  );
}, 300_000);
