// Settled arrears become invoiceable exactly, never twice (issue 17 item 1, decision 0032). Postpaid
// hours no money source covered are owed; once money settles that debt (a top-up through the
// operators' manual recharge), they count in the month of their bill. A voucher settling the debt
// adds nothing, nor does money settling credit a contract's end turned into debt: that credit was
// already invoiceable on the bills that used it. Read through GET /api/invoices/invoiceable.
import type { InvoiceableSummary } from "@skyledger/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asTyped, chargeForOrder } from "../src/modules/finance/order-charge";
import { arrearsSettlements, bills } from "../src/modules/ledger/ledger.schema";
import { debtOf } from "../src/modules/ledger/ledger.service";
import { verifyLedger } from "../src/modules/ledger/ledger.verify";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { createContract } from "./support/contracts";
import { startTestApp, type TestApp } from "./support/harness";
import { idem, uploadEvidence, y } from "./support/money";
import { verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

// The clock reads late November 2026 (Shanghai): October's postpaid month is open for invoicing.
const OCTOBER = new Date("2026-10-20T02:00:00Z");

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(() => t.close());

/** October's postpaid hours, charged by the real deduction order; what nothing covers is owed. */
async function postpaidHours(tenant: Tenant, amount: string): Promise<string> {
  const orderNo = `SO-ARREARS-${Math.random().toString(36).slice(2, 10)}`;
  await t.database.db.transaction((tx) =>
    chargeForOrder(tx, {
      orgId: tenant.orgId,
      orderNo,
      productCode: "ecs",
      productName: asTyped("host"),
      paymentType: "postpaid",
      originalAmount: y(amount),
      amount: y(amount),
      createdBy: null,
      now: OCTOBER,
      timeZone: t.config.businessTimeZone,
      memo: { key: "postpaidHours", params: { name: "host", hours: 1 } },
      arrearsAllowed: true,
    }),
  );
  const [bill] = await t.database.db.select().from(bills).where(eq(bills.orderNo, orderNo));
  return bill!.billNo;
}

async function october(tenant: Tenant): Promise<string> {
  const res = await tenant.client.request<InvoiceableSummary>("/api/invoices/invoiceable");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const item = res.body.data.items.find((i) => i.key === "postpaid:2026-10");
  expect(res.body.data.total).toBe(item?.invoiceable ?? "0.00000");
  return item?.invoiceable ?? "0.00000";
}

async function recharge(tenant: Tenant, amount: string): Promise<void> {
  const res = await operator.request<{ status: string }>("/api/billing_account/recharge", {
    method: "POST",
    body: {
      orgId: tenant.orgId,
      amount,
      remark: "bank transfer",
      evidenceFileId: await uploadEvidence(operator),
    },
    headers: idem(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.status).toBe("applied");
}

const debt = (tenant: Tenant) => debtOf(t.database.db, tenant.orgId);

const settlementsOf = (orgId: string) =>
  t.database.db.select().from(arrearsSettlements).where(eq(arrearsSettlements.orgId, orgId));

describe("arrears settled by money become invoiceable", () => {
  it("a top-up that settles the debt makes the owed hours invoiceable in their month, once", async () => {
    const tenant = await verifiedTenant(t, operator, "10");
    const billNo = await postpaidHours(tenant, "25");
    // 10 paid in cash, 15 owed: only the cash is invoiceable.
    expect(await debt(tenant)).toBe(y("15"));
    expect(await october(tenant)).toBe("10.00000");

    await recharge(tenant, "20");
    expect(await debt(tenant)).toBe(0n);
    expect(await october(tenant)).toBe("25.00000");
    expect(
      (await settlementsOf(tenant.orgId)).map((s) => ({ billNo: s.billNo, amount: s.amount, paid: s.paid })),
    ).toEqual([{ billNo, amount: y("15"), paid: true }]);

    // More money with no debt settles nothing more: the month stays at what its bills cost.
    await recharge(tenant, "30");
    expect(await october(tenant)).toBe("25.00000");
    expect(await settlementsOf(tenant.orgId)).toHaveLength(1);
  });

  it("a voucher settling the debt adds nothing; money settling the rest adds only the rest", async () => {
    const tenant = await verifiedTenant(t, operator, "0");
    await postpaidHours(tenant, "12");
    expect(await october(tenant)).toBe("0.00000");
    const issued = await operator.request("/api/ops/cash_vouchers", {
      method: "POST",
      body: {
        kind: "deduction",
        faceValue: "5",
        count: 1,
        orgId: tenant.orgId,
        validFrom: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
        validUntil: new Date(t.clock.now().getTime() + 10 * 86_400_000).toISOString(),
      },
      headers: idem(),
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    // The voucher settled 5 of the 12 owed: no money was paid for them.
    expect(await debt(tenant)).toBe(y("7"));
    expect(await october(tenant)).toBe("0.00000");
    await recharge(tenant, "7");
    expect(await debt(tenant)).toBe(0n);
    expect(await october(tenant)).toBe("7.00000");
    const rows = await settlementsOf(tenant.orgId);
    expect(rows.map((r) => [r.amount, r.paid])).toEqual([
      [y("5"), false],
      [y("7"), true],
    ]);
  });
});

describe("credit turned into debt", () => {
  it("a contract's credit withdrawn then repaid adds nothing beyond the bills' arrears", async () => {
    const tenant = await verifiedTenant(t, operator, "0");
    const contract = await createContract(t, operator, tenant.orgId, { creditLimit: "40" });
    // 40 of postpaid hours on the contract's credit: invoiceable at once, as credit always is.
    await postpaidHours(tenant, "40");
    expect(await october(tenant)).toBe("40.00000");
    const ended = await operator.request(`/api/ops/contracts/${contract.id}/terminate`, {
      method: "POST",
      body: { reason: "Customer asked to end it" },
      headers: idem(),
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    // The credit in use became a debt (a credit withdrawal); then 10 more hours with nothing to pay them.
    expect(await debt(tenant)).toBe(y("40"));
    await postpaidHours(tenant, "10");
    expect(await debt(tenant)).toBe(y("50"));
    expect(await october(tenant)).toBe("40.00000");

    // 45 settle the withdrawn credit first (40: nothing new), then 5 of the hours.
    await recharge(tenant, "45");
    expect(await october(tenant)).toBe("45.00000");
    await recharge(tenant, "5");
    expect(await debt(tenant)).toBe(0n);
    expect(await october(tenant)).toBe("50.00000");
    const rows = await t.database.db
      .select()
      .from(arrearsSettlements)
      .where(and(eq(arrearsSettlements.orgId, tenant.orgId), eq(arrearsSettlements.paid, true)));
    expect(rows.map((r) => [r.billNo === null ? "withdrawal" : "bill", r.amount])).toEqual([
      ["withdrawal", y("40")],
      ["bill", y("5")],
      ["bill", y("5")],
    ]);
  });
});

describe("the ledger check", () => {
  it("reports a settlement recorded beyond its bill's arrears and beyond what its entry paid", async () => {
    const tenant = await verifiedTenant(t, operator, "0");
    const billNo = await postpaidHours(tenant, "3");
    await recharge(tenant, "3");
    const [row] = await settlementsOf(tenant.orgId);
    expect(row).toMatchObject({ billNo, amount: y("3"), paid: true });
    const db = t.database.db;
    const breaks = async () =>
      (await verifyLedger(db)).filter((p) => p.kind === "debt_settlement").map((p) => p.detail);
    expect(await breaks()).toEqual([]);
    await db.execute(sql`update arrears_settlements set amount = amount + 1 where id = ${row!.id}`);
    try {
      expect((await breaks()).sort()).toEqual(
        [
          `bill ${billNo}: 300001 settled of 300000`,
          `entry ${row!.entryId}: 300001 settled of 300000`,
        ].sort(),
      );
    } finally {
      await db.execute(sql`update arrears_settlements set amount = amount - 1 where id = ${row!.id}`);
    }
  });
});
