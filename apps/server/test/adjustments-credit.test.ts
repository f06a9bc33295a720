// Operator balance adjustments (a reason always; when what one operator adjusted for a tenant within
// 24 hours exceeds the configured amount, a second operator approves), credit limits, and who may
// call the cost-centre endpoints. money-controls.test.ts has the bypasses of the four-eyes rule.
import type { AuditLogRow } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceAdjustments } from "../src/modules/finance/finance.schema";
import { bills } from "../src/modules/ledger/ledger.schema";
import { charge } from "../src/modules/ledger/ledger.service";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { addOperator, cashOf, creditUsedOf, DEMO_ORG, idem, ledgerFingerprint, y } from "./support/money";

type Adjustment = {
  id: string;
  status: "pending_approval" | "applied" | "rejected";
  amount: string;
  reason: string;
  requestedBy: string;
  decidedBy: string | null;
  decisionRemark: string | null;
};
type Bill = {
  billNo: string;
  type: string;
  productName: string;
  adjustmentAmount: string;
  chargeType: string;
  actualAmount: string;
};
type Deal = {
  type: string;
  account: string;
  amount: string;
  balanceAfter: string;
  memo: string | null;
  referenceId: string;
};
type Page<T> = { list: T[]; total: number };
type Overview = {
  balance: string;
  creditLimit: string;
  creditUsed: string;
  availableCredit: string;
  availableToSpend: string;
};

const ADMIN_ID = "00000000-0000-4000-8000-000000000101";

let t: TestApp;
let admin: TestClient;
let second: TestClient;
let secondId: string;
let secondAccount: string;
let tenant: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  const op = await addOperator(t);
  secondId = op.id;
  secondAccount = op.account;
  [admin, second, tenant] = await Promise.all([
    signedIn(t.app, t.clock, DEMO.admin),
    signedIn(t.app, t.clock, op),
    signedIn(t.app, t.clock, DEMO.tenant),
  ]);
});
afterAll(() => t.close());

/** Starts a new 24-hour window of the four-eyes rule (and signs everyone in again). */
async function nextDay() {
  t.clock.advance(25 * 3_600_000);
  [admin, second, tenant] = await Promise.all([
    signedIn(t.app, t.clock, DEMO.admin),
    signedIn(t.app, t.clock, { account: secondAccount, password: DEMO.admin.password }),
    signedIn(t.app, t.clock, DEMO.tenant),
  ]);
}

/** Sets the threshold the only way there is: one administrator proposes, the second approves. */
async function setThreshold(value: string) {
  const proposed = await admin.request<{ id: string }>("/api/ops/config_changes", {
    method: "POST",
    body: {
      entries: [{ configKey: "finance.adjustment.approval.threshold", configValue: value }],
      reason: "test",
    },
  });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  const approved = await second.request(`/api/ops/config_changes/${proposed.body.data.id}/approve`, {
    method: "POST",
    body: { remark: "ok" },
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}

const request = (amount: string, reason: string, client = admin) =>
  client.request<{ id: string; adjustmentNo: string; status: Adjustment["status"] }>("/api/ops/adjustments", {
    method: "POST",
    body: { orgId: DEMO_ORG, amount, reason },
    headers: idem(),
  });
const decide = (id: string, decision: "approve" | "reject", client: TestClient, remark = "checked") =>
  client.request<{ id: string; status: string }>(`/api/ops/adjustments/${id}/${decision}`, {
    method: "POST",
    body: { remark },
  });
const adjustment = async (id: string) =>
  (
    await admin.request<Page<Adjustment>>("/api/ops/adjustments", { query: { pageSize: 200 } })
  ).body.data.list.find((a) => a.id === id);
const overview = async () => (await admin.request<Overview>(`/api/ops/orgs/${DEMO_ORG}/account`)).body.data;
const adjustmentBills = async () =>
  (await admin.request<Page<Bill>>("/api/ops/bills", { query: { orgId: DEMO_ORG, type: "adjustment" } })).body
    .data;

async function auditActions(target: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(eq(auditLogs.target, target))
    .orderBy(auditLogs.id);
  return rows.map((r) => r.action);
}

describe("a small adjustment", () => {
  it("applies at once with a bill of type adjustment and a deal in the tenant's account details", async () => {
    type Cycle = { billingCycle: string; actualAmount: string; adjustmentAmount: string };
    const cycles = async () =>
      (await tenant.request<Cycle[]>("/api/bills/listCycleBills")).body.data.find(
        (c) => c.billingCycle === "2026-11",
      ) ?? { billingCycle: "2026-11", actualAmount: "0.00000", adjustmentAmount: "0.00000" };
    const before = await cycles();
    const res = await request("100", "Compensation for the 11-20 outage");
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("applied");
    expect((await overview()).balance).toBe("100.00000");

    const billList = await adjustmentBills();
    expect(billList.total).toBe(1);
    expect(billList.list[0]).toMatchObject({
      type: "adjustment",
      productName: "Compensation for the 11-20 outage",
      adjustmentAmount: "100.00000",
      // A credit is nothing the tenant owes.
      actualAmount: "0.00000",
      chargeType: "none",
    });
    // The cycle's amount due is what it was: a credit is no charge; it shows as an adjustment.
    const after = await cycles();
    expect(after.actualAmount).toBe(before.actualAmount);
    expect(Number(after.adjustmentAmount) - Number(before.adjustmentAmount)).toBe(100);
    const tenantBills = await tenant.request<Page<Bill>>("/api/bills", { query: { type: "adjustment" } });
    expect(tenantBills.body.data.list.map((b) => b.billNo)).toEqual([billList.list[0]!.billNo]);

    for (const [client, url] of [
      [admin, `/api/ops/orgs/${DEMO_ORG}/deals`],
      [tenant, "/api/account_deals"],
    ] as const) {
      const deals = await client.request<Page<Deal>>(url);
      expect(deals.body.data.list[0]).toMatchObject({
        type: "adjustment",
        account: "cash",
        amount: "100.00000",
        balanceAfter: "100.00000",
        memo: "Compensation for the 11-20 outage",
        memoKey: null,
        referenceType: "balance_adjustment",
        referenceId: res.body.data.adjustmentNo,
      });
      expect(res.body.data.adjustmentNo).toMatch(/^ADJ\d{20}$/);
    }
    expect(await auditActions(res.body.data.id)).toEqual(["adjustment.applied"]);
    // The audit log names the adjustment by its number, and its detail holds no id.
    for (const [client, url] of [
      [admin, "/api/ops/audit_logs"],
      [tenant, "/api/audit_logs"],
    ] as const) {
      const log = await client.request<Page<AuditLogRow>>(url, { query: { action: "adjustment" } });
      expect(log.body.data.list.find((r) => r.target === res.body.data.id)).toMatchObject({
        targetName: res.body.data.adjustmentNo,
        detail: { amount: "100.00000", reason: "Compensation for the 11-20 outage" },
      });
    }
  });

  it("needs a reason", async () => {
    for (const reason of ["", " x "]) {
      const res = await request("1", reason);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Give a reason (2 to 256 characters)");
    }
    expect((await request("0", "zero")).body.message).toBe("The amount must be greater than 0");
  });

  it("may be negative, but never beyond the balance (23006), and then nothing changes", async () => {
    const before = await ledgerFingerprint(t.database.db);
    const billsBefore = (await adjustmentBills()).total;
    const res = await request("-100.00001", "Reverse duplicate credit");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 23006, message: "Insufficient balance" });
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect((await adjustmentBills()).total).toBe(billsBefore);
    const rows = await t.database.db
      .select()
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.reason, "Reverse duplicate credit"));
    expect(rows).toEqual([]);

    const ok = await request("-40", "Reverse part of the credit");
    expect(ok.body.data.status).toBe("applied");
    expect((await overview()).balance).toBe("60.00000");
  });
});

describe("an adjustment above the threshold (default 10000 yuan)", () => {
  let pending: string;

  it("waits for approval and moves no money", async () => {
    await nextDay();
    const exactly = await request("10000", "At the threshold itself");
    expect(exactly.body.data.status).toBe("applied");
    const before = await ledgerFingerprint(t.database.db);
    const billsBefore = (await adjustmentBills()).total;
    const res = await request("10000.00001", "Contract prepayment received by wire");
    expect(res.body.data.status).toBe("pending_approval");
    pending = res.body.data.id;
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect((await adjustmentBills()).total).toBe(billsBefore);
    const list = await admin.request<Page<Adjustment>>("/api/ops/adjustments", {
      query: { status: "pending_approval" },
    });
    expect(list.body.data.list.map((a) => a.id)).toEqual([pending]);
    expect(await auditActions(pending)).toEqual(["adjustment.requested"]);
  });

  it("cannot be approved by the operator who asked (23012)", async () => {
    const res = await decide(pending, "approve", admin);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 23012,
      message: "A second operator must approve this adjustment",
    });
    expect((await adjustment(pending))?.status).toBe("pending_approval");
  });

  it("is applied when a second operator approves, once (23013 after)", async () => {
    const before = (await overview()).balance;
    const res = await decide(pending, "approve", second, "Wire confirmed with the bank");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: pending, status: "applied" });
    expect(Number((await overview()).balance) - Number(before)).toBeCloseTo(10000.00001, 5);
    expect(await adjustment(pending)).toMatchObject({
      status: "applied",
      requestedBy: ADMIN_ID,
      requestedByAccount: "admin",
      decidedBy: secondId,
      decidedByAccount: secondAccount,
      decisionRemark: "Wire confirmed with the bank",
    });
    const [bill] = await t.database.db
      .select()
      .from(bills)
      .where(and(eq(bills.orgId, DEMO_ORG), eq(bills.productName, "Contract prepayment received by wire")));
    expect(bill?.adjustmentAmount).toBe(y("10000.00001"));
    expect(await auditActions(pending)).toEqual(["adjustment.requested", "adjustment.approved"]);
    for (const decision of ["approve", "reject"] as const) {
      const twice = await decide(pending, decision, second);
      expect(twice.body).toMatchObject({ code: 23013, message: "This adjustment was already decided" });
    }
  });

  it("is rejected without moving money", async () => {
    const res = await request("-20000", "Claw back disputed payment");
    expect(res.body.data.status).toBe("pending_approval");
    const before = await ledgerFingerprint(t.database.db);
    const rejected = await decide(res.body.data.id, "reject", second, "Not disputed after all");
    expect(rejected.body.data).toEqual({ id: res.body.data.id, status: "rejected" });
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect(await adjustment(res.body.data.id)).toMatchObject({ status: "rejected", decidedBy: secondId });
    expect((await decide(res.body.data.id, "approve", second)).body.code).toBe(23013);
    expect(await auditActions(res.body.data.id)).toEqual(["adjustment.requested", "adjustment.rejected"]);
  });

  it("that would overdraw is refused on approval (23006) and stays pending", async () => {
    const cash = await cashOf(t.database.db, DEMO_ORG);
    expect(cash).toBeLessThan(y("50000"));
    const res = await request("-50000", "Remove test money");
    const before = await ledgerFingerprint(t.database.db);
    const approved = await decide(res.body.data.id, "approve", second);
    expect(approved.body.code).toBe(23006);
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect((await adjustment(res.body.data.id))?.status).toBe("pending_approval");
    expect((await decide(res.body.data.id, "reject", second)).body.data.status).toBe("rejected");
  });

  it("follows the configured threshold", async () => {
    await nextDay();
    await setThreshold("500");
    try {
      expect((await request("500", "At the new threshold")).body.data.status).toBe("applied");
      expect((await request("-0.00001", "Above the new threshold")).body.data.status).toBe(
        "pending_approval",
      );
    } finally {
      await setThreshold("10000.00000");
    }
  });
});

describe("credit limits", () => {
  const setLimit = (creditLimit: string, orgId = DEMO_ORG) =>
    admin.request<Overview>(`/api/ops/orgs/${orgId}/credit_limit`, { method: "PUT", body: { creditLimit } });

  it("are set, raised and lowered, but never below the credit in use (23014)", async () => {
    expect((await setLimit("1000")).body.data).toMatchObject({
      creditLimit: "1000.00000",
      availableCredit: "1000.00000",
    });
    expect((await setLimit("2000")).body.data).toMatchObject({
      creditLimit: "2000.00000",
      availableCredit: "2000.00000",
    });

    const db = t.database.db;
    const cash = await cashOf(db, DEMO_ORG);
    await db.transaction((tx) =>
      charge(tx, {
        orgId: DEMO_ORG,
        amount: cash + y("300"),
        referenceType: "test_order",
        referenceId: "into-credit",
        now: t.clock.now(),
      }),
    );
    expect(await creditUsedOf(db, DEMO_ORG)).toBe(y("300"));
    const tenantView = (await tenant.request<Overview>("/api/billing_account")).body.data;
    expect(tenantView).toMatchObject({
      balance: "0.00000",
      creditLimit: "2000.00000",
      creditUsed: "300.00000",
      availableCredit: "1700.00000",
      availableToSpend: "1700.00000",
    });

    const below = await setLimit("299.99999");
    expect(below.status).toBe(400);
    expect(below.body).toMatchObject({
      code: 23014,
      message: "The credit limit cannot be lower than the credit already used",
    });
    expect((await overview()).creditLimit).toBe("2000.00000");
    expect((await setLimit("300")).body.data).toMatchObject({
      creditLimit: "300.00000",
      availableCredit: "0.00000",
    });
    // Every change that took is in the audit log with the limit before and after; the refused one is not.
    const log = await admin.request<{ list: { action: string; target: string | null; detail: unknown }[] }>(
      "/api/ops/audit_logs",
      { query: { pageSize: 200 } },
    );
    const changes = log.body.data.list
      .filter((r) => r.action === "creditLimit.set" && r.target === DEMO_ORG)
      .map((r) => r.detail)
      .reverse();
    expect(changes).toEqual([
      { creditLimit: { from: "0.00000", to: "1000.00000" } },
      { creditLimit: { from: "1000.00000", to: "2000.00000" } },
      { creditLimit: { from: "2000.00000", to: "300.00000" } },
    ]);
  });

  it("lets a positive adjustment repay the credit in use before it reaches the cash balance", async () => {
    const db = t.database.db;
    expect(await creditUsedOf(db, DEMO_ORG)).toBe(y("300"));
    expect((await request("500", "Goodwill credit")).body.data.status).toBe("applied");
    expect(await creditUsedOf(db, DEMO_ORG)).toBe(0n);
    expect(await cashOf(db, DEMO_ORG)).toBe(y("200"));
    expect(await overview()).toMatchObject({ balance: "200.00000", creditUsed: "0.00000" });
  });

  it("refuses a negative limit and an unknown organisation", async () => {
    expect((await setLimit("-1")).status).toBe(400);
    expect((await setLimit("abc")).status).toBe(400);
    expect((await setLimit("10", "00000000-0000-4000-8000-0000000fffff")).status).toBe(404);
  });
});

describe("who may call what", () => {
  it("a tenant cannot reach the operator endpoints", async () => {
    expect((await request("1", "Tenant tries", tenant)).status).toBe(403);
    expect((await tenant.request(`/api/ops/orgs/${DEMO_ORG}/deals`)).status).toBe(403);
    expect(
      (
        await tenant.request(`/api/ops/orgs/${DEMO_ORG}/credit_limit`, {
          method: "PUT",
          body: { creditLimit: "9" },
        })
      ).status,
    ).toBe(403);
  });

  it("the read-only sub-user gets 403 where it lacks the code, 200 on bills and the overview", async () => {
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    const denied = [
      reader.request("/api/online_recharge/create", {
        method: "POST",
        body: { amount: "1", channel: "sandbox" },
        headers: idem(),
      }),
      reader.request("/api/online_recharge/paySwitch"),
      reader.request("/api/deposits"),
      reader.request("/api/account_deals"),
      reader.request("/api/cashCoupons"),
      reader.request("/api/coupons"),
      reader.request("/api/cashCoupons/redeem", {
        method: "POST",
        body: { code: "CV-XXXX" },
        headers: idem(),
      }),
      reader.request("/api/ops/adjustments"),
    ];
    for (const res of await Promise.all(denied)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(403);
    }
    const billsRes = await reader.request<Page<Bill>>("/api/bills");
    expect(billsRes.status).toBe(200);
    expect(billsRes.body.data.total).toBeGreaterThan(0);
    expect((await reader.request("/api/bills/listCycleBills")).status).toBe(200);
    expect((await reader.request("/api/billing_account")).status).toBe(200);
  });
});
