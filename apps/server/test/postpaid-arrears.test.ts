// Issue 11 §2: postpaid use is always billed. A tenant holding 0.00001 yuan ordered 20 postpaid
// hosts, ran them until they froze and were released, and was never charged. Now an order needs
// money for its first 24 hours; every hour used is charged, what money and credit cannot cover is
// owed (a negative balance, "in arrears", with its bill lines); the next top-up, voucher or refund
// settles the debt first; freezing and releasing the resource do not erase it. The test host costs
// 720 a month: exactly 1 yuan an hour, so the hours and the yuan can be compared to the unit.
import type { AccountOverview, DealRecord, OrderDetail } from "@skyledger/contracts";
import { and, asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bills } from "../src/modules/ledger/ledger.schema";
import { arrearsAccountId, cashAccountId } from "../src/modules/ledger/ledger.service";
import { resources } from "../src/modules/resources/resources.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { balanceOf, cashOf, fundCash, idem, y } from "./support/money";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

const HOUR = 3600;
const HOUR_MS = HOUR * 1000;
let t: TestApp;
let operator: TestClient;
let product: string;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  product = await hostProduct(operator, { monthly: "720" });
});
afterAll(() => t.close());

// A case runs up to some fifty hourly lifecycle passes: seconds alone, over half a minute on a
// loaded machine.
const HOURLY_PASSES_TIMEOUT = 120_000;

const postpaid = (overrides: Record<string, unknown> = {}) =>
  applyBody(product, { paymentType: "postpaid", periodMonths: undefined, ...overrides });

async function buy(tenant: Tenant): Promise<string> {
  const res = await apply(tenant.client, postpaid());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 45);
  const order = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(order.body.data.status).toBe("completed");
  return order.body.data.resourceIds[0]!;
}

const row = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!;
const debtOf = async (orgId: string) => -(await balanceOf(t.database.db, arrearsAccountId(orgId)));
const postpaidBills = (orgId: string) =>
  t.database.db
    .select()
    .from(bills)
    .where(and(eq(bills.orgId, orgId), eq(bills.chargeType, "postpaid")))
    .orderBy(asc(bills.usageStart));
const charged = async (orgId: string) =>
  (await postpaidBills(orgId)).reduce((s, b) => s + b.actualAmount, 0n);

/** Moves the clock by whole hours, one lifecycle pass per hour, signing the tenant in again. */
async function hours(tenant: Tenant, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await advance(t, HOUR);
  tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
}

describe("starting a postpaid order", () => {
  it("needs money for the order's first 24 hours, net of any debt, and changes nothing otherwise", async () => {
    const tenant = await verifiedTenant(t, operator, "0.00001");
    const twenty = await apply(tenant.client, postpaid({ quantity: 20 }));
    expect(twenty.status).toBe(400);
    expect(twenty.body.message).toBe(
      "A postpaid order needs at least 480.00000 yuan available (its first 24 hours); 0.00001 yuan is available now, please top up first",
    );
    const zh = await tenant.client.request("/api/service/apply", {
      method: "POST",
      body: postpaid(),
      headers: idem(),
      locale: "zh-CN",
    });
    expect(zh.body.message).toContain("按需计费需账户可用金额不少于 24.00000 元");
    expect(await t.database.db.select().from(resources).where(eq(resources.orgId, tenant.orgId))).toEqual([]);
    await fundCash(t.database.db, tenant.orgId, y("23.99998"), t.clock.now());
    expect((await apply(tenant.client, postpaid())).status).toBe(400);
    await fundCash(t.database.db, tenant.orgId, y("0.00001"), t.clock.now());
    expect((await apply(tenant.client, postpaid())).status).toBe(200);
  });
});

describe("a postpaid host that outruns its money", { timeout: HOURLY_PASSES_TIMEOUT }, () => {
  let tenant: Tenant;
  let id: string;

  beforeAll(async () => {
    tenant = await verifiedTenant(t, operator, "24");
    id = await buy(tenant);
  });

  it("is charged every hour: the hours beyond the money are owed, shown as a negative balance", async () => {
    await hours(tenant, 30);
    // 30 hours used: 24 paid from cash, 6 owed.
    expect(await charged(tenant.orgId)).toBe(y("30"));
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(0n);
    expect(await debtOf(tenant.orgId)).toBe(y("6"));
    const r = await row(id);
    expect(r.status).toBe("running");
    expect(r.arrearsSince).not.toBeNull();
    const told = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, tenant.tenant.email),
          eq(outboxMessages.purpose, "resource.arrears"),
        ),
      );
    expect(told).toHaveLength(1);
    const account = await tenant.client.request<AccountOverview>("/api/billing_account");
    expect(account.body.data).toMatchObject({
      balance: "-6.00000",
      arrears: "6.00000",
      availableToSpend: "0.00000",
    });
    // The bill of the hour that ran out shows what cash paid and what is owed.
    const lines = await postpaidBills(tenant.orgId);
    expect(lines.every((b) => b.actualAmount === b.cashAmount + b.arrearsAmount)).toBe(true);
    expect(lines.reduce((s, b) => s + b.arrearsAmount, 0n)).toBe(y("6"));
  });

  it("is frozen after the grace period with every hour up to the freeze charged", async () => {
    // In arrears since hour 25; the grace is 24 hours: frozen in the pass of hour 49.
    await hours(tenant, 19);
    const r = await row(id);
    expect(r.status).toBe("frozen");
    expect(r.frozenReason).toBe("arrears");
    expect(await charged(tenant.orgId)).toBe(y("49"));
    expect(await debtOf(tenant.orgId)).toBe(y("25"));
    // Frozen time is not billed.
    await hours(tenant, 10);
    expect(await charged(tenant.orgId)).toBe(y("49"));
  });

  it("is released after the retention period and the debt stays on the account", async () => {
    // Unsubscribing it while frozen charges nothing for the frozen time either (quoted, not done).
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    const quote = await tenant.client.request<{ used: string }>(`/api/service/unsubscribe/${id}/inquiry`);
    expect(quote.body.data.used).toBe("0.00000");
    await advance(t, 8 * 24 * HOUR);
    expect((await row(id)).status).toBe("deleted");
    expect(await debtOf(tenant.orgId)).toBe(y("25"));
    expect(await charged(tenant.orgId)).toBe(y("49"));
  });

  it("has the next top-up settle the debt first, in the account details", async () => {
    await fundCash(t.database.db, tenant.orgId, y("100"), t.clock.now());
    expect(await debtOf(tenant.orgId)).toBe(0n);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("75"));
    tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
    const deals = await tenant.client.request<{ list: DealRecord[] }>("/api/account_deals", {
      query: { pageSize: 5 },
    });
    expect(deals.body.data.list.slice(0, 2)).toEqual([
      expect.objectContaining({
        type: "topup",
        account: "cash",
        amount: "75.00000",
        balanceAfter: "75.00000",
      }),
      expect.objectContaining({
        type: "topup",
        account: "arrears",
        amount: "25.00000",
        balanceAfter: "0.00000",
      }),
    ]);
  });
});

describe("a debt and what settles it", { timeout: HOURLY_PASSES_TIMEOUT }, () => {
  it("is settled by a voucher the tenant receives, and the host thaws once nothing is owed", async () => {
    const tenant = await verifiedTenant(t, operator, "24");
    const id = await buy(tenant);
    await hours(tenant, 49);
    expect((await row(id)).status).toBe("frozen");
    expect(await debtOf(tenant.orgId)).toBe(y("25"));
    await hours(tenant, 5);
    operator = await signedIn(t.app, t.clock, DEMO.admin);
    const issued = await operator.request("/api/ops/cash_vouchers", {
      method: "POST",
      body: {
        kind: "topup",
        faceValue: "10",
        count: 1,
        orgId: tenant.orgId,
        validFrom: new Date(t.clock.now().getTime() - HOUR_MS).toISOString(),
        validUntil: new Date(t.clock.now().getTime() + 30 * 24 * HOUR_MS).toISOString(),
      },
      headers: idem(),
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(await debtOf(tenant.orgId)).toBe(y("15"));
    await hours(tenant, 1);
    expect((await row(id)).status).toBe("frozen");
    await fundCash(t.database.db, tenant.orgId, y("15"), t.clock.now());
    await hours(tenant, 1);
    expect(await row(id)).toMatchObject({ status: "stopped", arrearsSince: null });
    expect(await debtOf(tenant.orgId)).toBe(0n);
  });

  it("gives a host back while frozen without charging the frozen time", async () => {
    const tenant = await verifiedTenant(t, operator, "24");
    const id = await buy(tenant);
    await hours(tenant, 49);
    expect((await row(id)).status).toBe("frozen");
    await hours(tenant, 30);
    const gone = await tenant.client.request(`/api/service/unsubscribe/${id}`, {
      method: "POST",
      body: {},
      headers: idem(),
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await charged(tenant.orgId)).toBe(y("49"));
    expect(await debtOf(tenant.orgId)).toBe(y("25"));
  });

  it("is settled by a credit limit the operator raises", async () => {
    const tenant = await verifiedTenant(t, operator, "24");
    await buy(tenant);
    await hours(tenant, 30);
    expect(await debtOf(tenant.orgId)).toBe(y("6"));
    operator = await signedIn(t.app, t.clock, DEMO.admin);
    const raised = await operator.request(`/api/ops/orgs/${tenant.orgId}/credit_limit`, {
      method: "PUT",
      body: { creditLimit: "100" },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(await debtOf(tenant.orgId)).toBe(0n);
    expect(raised.body.data).toMatchObject({ creditUsed: "6.00000", arrears: "0.00000", balance: "0.00000" });
  });
});

describe("every hour used is charged (property)", () => {
  it("over random top-ups and hours: charges equal the hours billed, billed hours cover the running time, money adds up", async () => {
    const step = fc.record({
      hours: fc.integer({ min: 1, max: 40 }),
      topUp: fc.integer({ min: 0, max: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 24, max: 60 }),
        fc.array(step, { minLength: 2, maxLength: 6 }),
        async (initial, steps) => {
          const tenant = await verifiedTenant(t, operator, String(initial));
          const id = await buy(tenant);
          const start = (await row(id)).meteredUntil!;
          let paidIn = y(String(initial));
          // Freeze episodes as observed after each pass: frozen at, back (metering again) at.
          const episodes: { frozenAt: Date; thawedAt: Date | null }[] = [];
          const observe = async () => {
            const r = await row(id);
            const open = episodes.at(-1);
            if (r.status === "frozen" && (!open || open.thawedAt))
              episodes.push({ frozenAt: r.frozenAt!, thawedAt: null });
            if (r.status !== "frozen" && open && !open.thawedAt) open.thawedAt = r.meteredUntil;
          };
          for (const s of steps) {
            // The lifecycle passes come at most 12 hours apart.
            for (let left = s.hours; left > 0; left -= 12) {
              await advance(t, Math.min(left, 12) * HOUR);
              await observe();
            }
            if (s.topUp > 0) {
              await fundCash(t.database.db, tenant.orgId, y(String(s.topUp)), t.clock.now());
              paidIn += y(String(s.topUp));
              await advance(t, 1);
              await observe();
            }
          }
          // The tenant gives the host back (or the lifecycle already released it).
          const end = t.clock.now();
          tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
          if ((await row(id)).status !== "deleted") {
            const gone = await tenant.client.request(`/api/service/unsubscribe/${id}`, {
              method: "POST",
              body: {},
              headers: idem(),
            });
            expect(gone.status, JSON.stringify(gone.body)).toBe(200);
          }
          const lines = await postpaidBills(tenant.orgId);
          let total = 0n;
          for (const [i, b] of lines.entries()) {
            const billed = (b.usageEnd!.getTime() - b.usageStart!.getTime()) / HOUR_MS;
            expect(Number.isInteger(billed) && billed > 0).toBe(true);
            // 1 yuan an hour, to the unit; paid from cash or owed.
            expect(b.actualAmount).toBe(y(String(billed)));
            expect(b.cashAmount + b.arrearsAmount).toBe(b.actualAmount);
            total += b.actualAmount;
            const next = lines[i + 1];
            if (!next) continue;
            // Hours billed follow one another, except across a freeze: billed up to the freeze
            // (a part hour as a whole one), then again from the thaw.
            if (next.usageStart!.getTime() !== b.usageEnd!.getTime()) {
              const gap = episodes.find(
                (e) =>
                  b.usageEnd!.getTime() >= e.frozenAt.getTime() &&
                  b.usageEnd!.getTime() - e.frozenAt.getTime() < HOUR_MS &&
                  e.thawedAt?.getTime() === next.usageStart!.getTime(),
              );
              expect(
                gap,
                `unbilled ${b.usageEnd!.toISOString()} → ${next.usageStart!.toISOString()}`,
              ).toBeDefined();
            }
          }
          expect(lines[0]?.usageStart?.getTime()).toBe(start.getTime());
          // Billed to the end of its life: the last freeze it never came back from, or the unsubscribe.
          const last = episodes.at(-1);
          const backAtEnd = last?.thawedAt && last.thawedAt.getTime() >= end.getTime();
          const until = last && (!last.thawedAt || backAtEnd) ? last.frozenAt : end;
          // Frozen time is never billed: no billed hour starts while the host was frozen.
          for (const b of lines) {
            const s = b.usageStart!.getTime();
            const inside = episodes.find(
              (e) => s >= e.frozenAt.getTime() && (!e.thawedAt || s < e.thawedAt.getTime()),
            );
            expect(inside, `billed from ${b.usageStart!.toISOString()} while frozen`).toBeUndefined();
          }
          expect(lines.at(-1)!.usageEnd!.getTime()).toBeGreaterThanOrEqual(until.getTime());
          // Money in = what is held − what is owed + what was charged.
          const cash = await balanceOf(t.database.db, cashAccountId(tenant.orgId));
          expect(paidIn).toBe(cash - (await debtOf(tenant.orgId)) + total);
        },
      ),
      { numRuns: 10 },
    );
  }, 300_000);
});
