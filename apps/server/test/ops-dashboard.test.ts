// The operators' dashboard (issue 19 §6) with worked numbers: money moved per local day from the
// ledger (a top-up, charges, a refund, a voucher, seeded with the injected clock 45 days after the
// demo data so the 30-day window holds only these), tenants by state and sign-ups; and which
// panels each operator role receives.
import { randomUUID } from "node:crypto";
import type { Allocation } from "@skyledger/billing";
import type { OpsDashboard } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../src/modules/iam/iam.repo";
import { users } from "../src/modules/iam/iam.schema";
import { charge, refund } from "../src/modules/ledger/ledger.service";
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
  await mainAccount(b, { verified: false, frozen: true });
  await fundCash(t.database.db, b, y("200"), now);
  await ordered(b, "250.00001", now, true);
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

  it("gives each operator role only its panels; the auditor reads both; others are refused", async () => {
    const panels = async (roles: string[]) => {
      const client = await operatorHolding(t, roles);
      const res = await client.request<OpsDashboard>("/api/ops/dashboard");
      if (res.status !== 200) return res.status;
      return { money: res.body.data.money !== null, tenants: res.body.data.tenants !== null };
    };
    expect(await panels(["opBillingAdmin"])).toEqual({ money: true, tenants: true });
    expect(await panels(["opAfterSales"])).toEqual({ money: false, tenants: true });
    expect(await panels(["opAuditor"])).toEqual({ money: true, tenants: true });
    expect(await panels(["opVerificationReviewer"])).toBe(403);
    expect(await panels(["opOperationAdmin"])).toBe(403);
    const tenant = await signedIn(t.app, t.clock, DEMO.tenant);
    expect((await tenant.request("/api/ops/dashboard")).status).toBe(403);
  });
});
