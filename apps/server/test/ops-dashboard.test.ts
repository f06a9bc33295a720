// The operators' dashboard (issue 19 §6) with worked numbers: money moved per local day from the
// ledger (a top-up, charges, a refund, a voucher, seeded with the injected clock 45 days after the
// demo data so the 30-day window holds only these), tenants by state and sign-ups, resources by
// product and status with the frozen ones (and the operators' resource list each of those numbers
// opens, whose total is the number; likewise the tenants list for each state), the outbox's failed messages its queue counts; and which
// panels each operator role receives.
import { randomUUID } from "node:crypto";
import type { Allocation } from "@skyledger/billing";
import { NO_PRODUCT, type OpsDashboard, type OpsResourceRecord } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../src/modules/catalog/catalog.schema";
import { ROLE } from "../src/modules/iam/iam.repo";
import { users } from "../src/modules/iam/iam.schema";
import { charge, refund } from "../src/modules/ledger/ledger.service";
import { type ResourceSpec, resources } from "../src/modules/resources/resources.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { hashPassword } from "../src/platform/passwords";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { fundCash, newOrg, y } from "./support/money";
import { operatorHolding } from "./support/operator-roles";

const DAY = 86_400_000;
let t: TestApp;
let admin: TestClient;
let before: OpsDashboard;
let after: OpsDashboard;
// Local dates (Asia/Shanghai) of two days ago, yesterday and today.
let days: [string, string, string];
let productName: string;
// The demo catalogue's standard cloud host product.
let PRODUCT: string;
// The two tenants seeded here.
let orgA: string;
let orgB: string;

const dashboard = async (client: TestClient) => {
  const res = await client.request<OpsDashboard>("/api/ops/dashboard");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** The organisation's main account, verified or not, frozen or not. */
async function mainAccount(orgId: string, state: { verified: boolean; frozen: boolean }) {
  const now = t.clock.now();
  await t.database.db.insert(users).values({
    id: randomUUID(),
    account: `main${randomUUID().slice(0, 8)}`,
    passwordHash: await hashPassword("Main@2027x"),
    orgId,
    roleId: ROLE.tenantAdmin,
    certificationStatus: state.verified ? "authSucceed" : "noAuth",
    freeze: state.frozen,
    pwdChangedAt: now,
    createdAt: now,
  });
}

const ordered = (orgId: string, amount: string, now: Date, arrearsAllowed = false) =>
  t.database.db.transaction((tx) =>
    charge(tx, {
      orgId,
      amount: y(amount),
      referenceType: "order",
      referenceId: randomUUID(),
      now,
      arrearsAllowed,
    }),
  );

beforeAll(async () => {
  t = await startTestApp();
  // 45 days on: none of the demo data falls in the window (passwords have not expired yet).
  // 10:00 in Asia/Shanghai.
  t.clock.advance(45 * DAY);
  admin = await signedIn(t.app, t.clock, DEMO.admin);
  before = await dashboard(admin);
  const now = t.clock.now();
  const ago = (n: number) => new Date(now.getTime() - n * DAY);
  const local = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  days = [local(ago(2)), local(ago(1)), local(now)];

  // Tenant A, verified: tops up 1,000 two days ago, is charged 300 yesterday, 120 of it refunded
  // today, and receives a 50-yuan cash voucher today.
  const a = await newOrg(t.database.db, ago(2));
  orgA = a;
  await mainAccount(a, { verified: true, frozen: false });
  await fundCash(t.database.db, a, y("1000"), ago(2));
  const paid: Allocation[] = (await ordered(a, "300", ago(1))).allocations;
  await t.database.db.transaction((tx) =>
    refund(tx, { orgId: a, amount: y("120"), paid, referenceType: "order", referenceId: randomUUID(), now }),
  );
  const voucher = await admin.request("/api/ops/cash_vouchers", {
    method: "POST",
    body: {
      kind: "deduction",
      faceValue: "50",
      count: 1,
      orgId: a,
      validFrom: ago(1).toISOString(),
      validUntil: new Date(now.getTime() + 30 * DAY).toISOString(),
    },
  });
  expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);

  // Tenant B, unverified and frozen: tops up 200 today and uses 250.00001 of postpaid hours,
  // owing 50.00001.
  const b = await newOrg(t.database.db, now);
  orgB = b;
  await mainAccount(b, { verified: false, frozen: true });
  await fundCash(t.database.db, b, y("200"), now);
  await ordered(b, "250.00001", now, true);

  // Tenant A's resources under one catalogue product: one running, one frozen at expiry, one
  // frozen for arrears, one deleted (not counted); and one with no catalogue product. Tenant B's
  // under the same product: one running, one frozen for arrears.
  const [product] = await t.database.db.select().from(products).where(eq(products.code, "ecs-standard"));
  PRODUCT = product!.id;
  productName = product!.nameEn;
  const resource = async (
    status: "running" | "frozen" | "deleted",
    extra: Partial<typeof resources.$inferInsert>,
  ) =>
    t.database.db.insert(resources).values({
      id: randomUUID(),
      orgId: a,
      kind: "host",
      productId: PRODUCT,
      name: `dash-${randomUUID().slice(0, 6)}`,
      spec: {} as ResourceSpec,
      status,
      createdAt: now,
      updatedAt: now,
      ...extra,
    });
  await resource("running", {});
  await resource("frozen", { frozenAt: now, frozenReason: "expired", statusBeforeFreeze: "running" });
  await resource("frozen", { frozenAt: now, frozenReason: "arrears", statusBeforeFreeze: "stopped" });
  await resource("deleted", { deletedAt: now });
  await resource("running", { productId: null, kind: "disk" });
  await resource("running", { orgId: b });
  await resource("frozen", {
    orgId: b,
    frozenAt: now,
    frozenReason: "arrears",
    statusBeforeFreeze: "running",
  });

  // Two outbox messages failed for good, one sent.
  for (const status of ["failed", "failed", "sent"] as const)
    await t.database.db.insert(outboxMessages).values({
      id: randomUUID(),
      channel: "email",
      recipient: "dash@example.com",
      subject: "s",
      body: "b",
      purpose: "test.dashboard",
      status,
      attempts: 5,
      createdAt: now,
    });
  after = await dashboard(admin);
});
afterAll(() => t.close());

describe("the operators' dashboard", () => {
  it("sums revenue, top-ups, refunds and vouchers per local day from the ledger, exactly", () => {
    const money = after.money!;
    expect(after.timeZone).toBe("Asia/Shanghai");
    expect(money.days).toHaveLength(30);
    expect(money.days.at(-1)!.date).toBe(days[2]);
    const byDate = Object.fromEntries(money.days.map((d) => [d.date, d]));
    expect(byDate[days[0]]).toEqual({
      date: days[0],
      revenue: "0.00000",
      topUps: "1000.00000",
      refunds: "0.00000",
      vouchers: "0.00000",
    });
    expect(byDate[days[1]]).toMatchObject({ revenue: "300.00000", topUps: "0.00000" });
    // Revenue counts what was charged whatever paid it: B's owed 50.00001 included.
    expect(byDate[days[2]]).toEqual({
      date: days[2],
      revenue: "250.00001",
      topUps: "200.00000",
      refunds: "120.00000",
      vouchers: "50.00000",
    });
    expect(money.totals).toEqual({
      revenue: "550.00001",
      topUps: "1200.00000",
      refunds: "120.00000",
      vouchers: "50.00000",
    });
    expect(before.money!.totals).toEqual({
      revenue: "0.00000",
      topUps: "0.00000",
      refunds: "0.00000",
      vouchers: "0.00000",
    });
  });

  it("counts tenants by state, their arrears and new sign-ups per day", () => {
    const [b, a] = [before.tenants!, after.tenants!];
    expect(a.total - b.total).toBe(2);
    expect(a.byState.verified - b.byState.verified).toBe(1);
    expect(a.byState.unverified - b.byState.unverified).toBe(1);
    expect(a.byState.frozen - b.byState.frozen).toBe(1);
    expect(a.byState.inArrears - b.byState.inArrears).toBe(1);
    expect(y(a.arrearsTotal) - y(b.arrearsTotal)).toBe(y("50.00001"));
    const signUps = Object.fromEntries(a.signUps.map((d) => [d.date, d.count]));
    expect([signUps[days[0]], signUps[days[1]], signUps[days[2]]]).toEqual([1, 0, 1]);
    expect(a.signUpsTotal).toBe(2);
    expect(b.signUpsTotal).toBe(0);
  });

  it("opens the tenants list filtered to exactly each state's tenants, for after-sales engineers too", async () => {
    type Listed = { total: number; list: { orgId: string }[] };
    const afterSales = await operatorHolding(t, ["opAfterSales"]);
    const listed = async (query: Record<string, string>) => {
      const res = await afterSales.request<Listed>("/api/ops/tenants", {
        query: { ...query, pageNum: 1, pageSize: 200 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { total: res.body.data.total, ids: res.body.data.list.map((row) => row.orgId) };
    };
    const counts = after.tenants!;
    expect((await listed({})).total).toBe(counts.total);
    // A is verified; B is not verified, frozen by its main account's own flag, and in arrears.
    const expected = {
      verified: { has: [orgA], hasNot: [orgB] },
      unverified: { has: [orgB], hasNot: [orgA] },
      frozen: { has: [orgB], hasNot: [orgA] },
      inArrears: { has: [orgB], hasNot: [orgA] },
    } as const;
    for (const state of ["verified", "unverified", "frozen", "inArrears"] as const) {
      const got = await listed({ state });
      expect(got.total, state).toBe(counts.byState[state]);
      expect(got.ids, state).toEqual(expect.arrayContaining([...expected[state].has]));
      for (const id of expected[state].hasNot) expect(got.ids, state).not.toContain(id);
    }
    // The list's own "frozen" filter is an operator's freeze only: B's own flag is not in it, which
    // is why the dashboard's count opens `state=frozen`.
    expect((await listed({ frozen: "true" })).ids).not.toContain(orgB);
    expect((await listed({ state: "unverified", keyword: "no such tenant" })).total).toBe(0);
    expect((await afterSales.request("/api/ops/tenants", { query: { state: "asleep" } })).status).toBe(400);
  });

  it("lists the entries behind each money total between two local days, adding up to it", async () => {
    type Movements = { total: number; sum: string; list: { amount: string; orgName: string | null }[] };
    const movements = async (series: string, from: string, to: string, client = admin) =>
      client.request<Movements>("/api/ops/money_movements", {
        query: { series, from, to, pageNum: 1, pageSize: 50 },
      });
    const window = after.money!.days;
    const [first, last] = [window[0]!.date, window.at(-1)!.date];
    for (const series of ["revenue", "topUps", "refunds", "vouchers"] as const) {
      const res = await movements(series, first, last);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.sum).toBe(after.money!.totals[series]);
      const listed = res.body.data.list.reduce((s, m) => s + y(m.amount), 0n);
      expect(listed).toBe(y(after.money!.totals[series]));
    }
    // A chart's day opens that day's list of its series (`from` = `to` = the day): its sum and the
    // sum of its rows are the day's value — on the days with movements and on an empty one.
    for (const day of [window[0]!, ...window.filter((d) => days.includes(d.date))])
      for (const series of ["revenue", "topUps", "refunds", "vouchers"] as const) {
        const res = await movements(series, day.date, day.date);
        expect(res.body.data.sum, `${series} ${day.date}`).toBe(day[series]);
        const rows = res.body.data.list.reduce((s, m) => s + y(m.amount), 0n);
        expect(rows, `${series} ${day.date}`).toBe(y(day[series]));
      }
    // Today's top-ups: B's 200 alone, named; two days ago: A's 1,000.
    const today = await movements("topUps", days[2], days[2]);
    expect(today.body.data.total).toBe(1);
    expect(today.body.data.list[0]).toMatchObject({ amount: "200.00000" });
    expect(today.body.data.list[0]!.orgName).toBeTruthy();
    expect((await movements("topUps", days[0], days[0])).body.data.sum).toBe("1000.00000");
    expect((await movements("refunds", days[2], days[2])).body.data.list[0]!.amount).toBe("120.00000");
    expect((await movements("revenue", days[0], days[0])).body.data.total).toBe(0);
    expect((await movements("revenue", "2026-13-01", days[0])).status).toBe(400);
    const afterSales = await operatorHolding(t, ["opAfterSales"]);
    expect((await movements("revenue", first, last, afterSales)).status).toBe(403);
  });

  it("counts resources by product and status, and the frozen ones by why; deleted ones not", () => {
    const [b, a] = [before.resources!, after.resources!];
    expect(a.total - b.total).toBe(6);
    expect(a.frozen - b.frozen).toBe(3);
    expect(a.frozenByReason.expired - b.frozenByReason.expired).toBe(1);
    expect(a.frozenByReason.arrears - b.frozenByReason.arrears).toBe(2);
    const count = (r: OpsDashboard["resources"], kind: string, productId: string | null, status: string) =>
      r!.byProduct
        .find((p) => p.kind === kind && p.productId === productId)
        ?.byStatus.find((s) => s.status === status)?.count ?? 0;
    expect(
      count(after.resources, "host", PRODUCT, "running") -
        count(before.resources, "host", PRODUCT, "running"),
    ).toBe(2);
    expect(
      count(after.resources, "host", PRODUCT, "frozen") - count(before.resources, "host", PRODUCT, "frozen"),
    ).toBe(3);
    expect(count(after.resources, "host", PRODUCT, "deleted")).toBe(0);
    expect(
      count(after.resources, "disk", null, "running") - count(before.resources, "disk", null, "running"),
    ).toBe(1);
    const host = a.byProduct.find((p) => p.kind === "host" && p.productId === PRODUCT)!;
    // The admin signed in in English; the product's total is the sum of its statuses.
    expect(host.productName).toBe(productName);
    expect(host.total).toBe(host.byStatus.reduce((s, x) => s + x.count, 0));
    expect(a.byProduct.find((p) => p.kind === "disk" && p.productId === null)!.productName).toBeNull();
  });

  it("opens the list behind each resource number, every tenant's, whose total is that number", async () => {
    type Listed = { total: number; list: OpsResourceRecord[] };
    const listed = async (query: Record<string, string>, client = admin) => {
      const res = await client.request<Listed>("/api/ops/resources", {
        query: { ...query, pageNum: 1, pageSize: 200 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const r = after.resources!;
    expect((await listed({})).total).toBe(r.total);
    expect((await listed({ status: "frozen" })).total).toBe(r.frozen);
    expect((await listed({ frozenReason: "expired" })).total).toBe(r.frozenByReason.expired);
    const arrears = await listed({ frozenReason: "arrears" });
    expect(arrears.total).toBe(r.frozenByReason.arrears);
    // Every product × status cell, the no-product ones included, as the dashboard links them.
    for (const p of r.byProduct)
      for (const s of p.byStatus) {
        const cell = { kind: p.kind, productId: p.productId ?? NO_PRODUCT, status: s.status };
        expect((await listed(cell)).total, JSON.stringify(cell)).toBe(s.count);
      }

    // Both tenants' frozen-for-arrears hosts, each named after its tenant; one tenant's alone.
    const names = (rows: OpsResourceRecord[], orgId: string) =>
      rows.filter((row) => row.orgId === orgId).map((row) => row.orgName);
    expect(names(arrears.list, orgA)).toEqual([expect.stringMatching(/^Ledger test/)]);
    expect(names(arrears.list, orgB)).toEqual([expect.stringMatching(/^Ledger test/)]);
    const ofB = await listed({ frozenReason: "arrears", orgId: orgB });
    expect(ofB.list.map((row) => [row.orgId, row.status, row.productName])).toEqual([
      [orgB, "frozen", productName],
    ]);
    const noProduct = await listed({ orgId: orgA, productId: NO_PRODUCT });
    expect(noProduct.list.map((row) => [row.kind, row.productName])).toEqual([["disk", null]]);
    expect((await listed({ orgId: orgA, productId: PRODUCT })).total).toBe(3);
    expect((await admin.request("/api/ops/resources", { query: { frozenReason: "late" } })).status).toBe(400);

    // Operation administrators (BA07) read it and pick its tenant from the tenants list; the auditor
    // reads it; a verification reviewer does not.
    const operations = await operatorHolding(t, ["opOperationAdmin"]);
    expect((await listed({ frozenReason: "arrears" }, operations)).total).toBe(r.frozenByReason.arrears);
    const orgs = await operations.request("/api/ops/orgs", { query: { keyword: "Ledger test" } });
    expect(orgs.status).toBe(200);
    const auditor = await operatorHolding(t, ["opAuditor"]);
    expect((await listed({}, auditor)).total).toBe(r.total);
    const reviewer = await operatorHolding(t, ["opVerificationReviewer"]);
    expect((await reviewer.request("/api/ops/resources")).status).toBe(403);
  });

  it("lists the outbox's messages failed for good, the count the dead-messages queue shows", async () => {
    const failed = await admin.request<{ total: number; list: { status: string }[] }>("/api/ops/outbox", {
      query: { status: "failed", pageNum: 1, pageSize: 200 },
    });
    expect(failed.status).toBe(200);
    expect(failed.body.data.total).toBeGreaterThanOrEqual(2);
    expect(failed.body.data.list.every((m) => m.status === "failed")).toBe(true);
    const all = await admin.request<{ total: number }>("/api/ops/outbox", {
      query: { pageNum: 1, pageSize: 1 },
    });
    expect(all.body.data.total).toBeGreaterThan(failed.body.data.total);
    expect((await admin.request("/api/ops/outbox", { query: { status: "lost" } })).status).toBe(400);
  });

  it("gives each operator role only its panels; the auditor reads them all; others are refused", async () => {
    const panels = async (roles: string[]) => {
      const client = await operatorHolding(t, roles);
      const res = await client.request<OpsDashboard>("/api/ops/dashboard");
      if (res.status !== 200) return res.status;
      const { money, tenants, resources } = res.body.data;
      return { money: money !== null, tenants: tenants !== null, resources: resources !== null };
    };
    expect(await panels(["opBillingAdmin"])).toEqual({ money: true, tenants: true, resources: true });
    expect(await panels(["opAfterSales"])).toEqual({ money: false, tenants: true, resources: true });
    expect(await panels(["opAuditor"])).toEqual({ money: true, tenants: true, resources: true });
    expect(await panels(["opOperationAdmin"])).toEqual({ money: false, tenants: false, resources: true });
    expect(await panels(["opVerificationReviewer"])).toBe(403);
    const tenant = await signedIn(t.app, t.clock, DEMO.tenant);
    expect((await tenant.request("/api/ops/dashboard")).status).toBe(403);
  });
});
