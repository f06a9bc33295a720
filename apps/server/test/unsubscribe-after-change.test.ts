// Issue 11 §4, as a new tenant found it on the demo host product (refunds by month): a 3-month host
// (2 vCPU / 4 GB, 150 a month: 450) grown to 4 vCPU / 8 GB (300 a month at 85 %: 255) on its first
// day, then unsubscribed the next day. The change refunds the old term's remainder (all 92 days:
// 450) and charges the new one, 255 ÷ 30 × 92 = 782 (the difference, 332, is what the tenant pays).
// Unsubscribing keeps the month in progress at the new price, 255, and refunds 527; the dialog says
// 782 was paid, not 1,232; and the bills of the cycle add up to what the journal moved.
import type { OrderDetail, UnsubscribeQuote } from "@skyledger/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bills, journalEntries, journalLines } from "../src/modules/ledger/ledger.schema";
import { cashAccountId } from "../src/modules/ledger/ledger.service";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { cashOf, idem, y } from "./support/money";
import { advance, apply, applyBody, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
let tenant: Awaited<ReturnType<typeof verifiedTenant>>;
let hostId: string;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  tenant = await verifiedTenant(t, operator, "2000");
  const bought = await apply(tenant.client, applyBody("ecs-standard", { periodMonths: 3 }));
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  expect(bought.body.data.amount).toBe("450.00000");
  await advance(t, 45);
  const order = await tenant.client.request<OrderDetail>(`/api/orders/${bought.body.data.id}`);
  hostId = order.body.data.resourceIds[0]!;
  const changed = await tenant.client.request<OrderDetail>("/api/service/resize_resource", {
    method: "POST",
    body: { resourceId: hostId, spec: { flavorId: "c4m8" } },
    headers: idem(),
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  expect(changed.body.data).toMatchObject({ amount: "782.00000", refunded: "450.00000" });
  await advance(t, 60);
  t.clock.advance(86_400_000);
  tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
});
afterAll(() => t.close());

describe("unsubscribing a host whose configuration was changed", () => {
  it("shows what was really paid and keeps the month in progress at the new price", async () => {
    const quote = await tenant.client.request<UnsubscribeQuote>(`/api/service/unsubscribe/${hostId}/inquiry`);
    expect(quote.body.data).toMatchObject({
      refundReading: "byMonth",
      paid: "782.00000",
      used: "255.00000",
      refund: "527.00000",
    });
    const done = await tenant.client.request<OrderDetail>(`/api/service/unsubscribe/${hostId}`, {
      method: "POST",
      body: {},
      headers: idem(),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.refunded).toBe("527.00000");
    // 2000 − 450 + 450 − 782 + 527
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("1745"));
  });

  it("shows cycle totals whose money columns add up to what the journal moved", async () => {
    const cycles =
      await tenant.client.request<
        { billingCycle: string; actualAmount: string; cashAmount: string; refundAmount: string }[]
      >("/api/bills/listCycleBills");
    expect(cycles.status).toBe(200);
    const [cycle] = cycles.body.data;
    // Charged 450 + 782, refunded 450 + 527: 255 is due, all of it paid in cash.
    expect(cycle).toMatchObject({
      actualAmount: "255.00000",
      cashAmount: "255.00000",
      refundAmount: "977.00000",
    });
    // The cash the bills say moved is what left the cash account through charges and refunds.
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
    const [billed] = await t.database.db
      .select({ total: sql<string>`sum(${bills.cashAmount})::text` })
      .from(bills)
      .where(eq(bills.orgId, tenant.orgId));
    expect(BigInt(billed!.total)).toBe(-BigInt(moved!.total));
  });
});
