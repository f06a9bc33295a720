// The billing accounts list (`accounts`, BI, issue 19 §7): every tenant's balance, credit, voucher
// balance and arrears, filtered by name and state, sorted and paged; and its streamed .xlsx export,
// whose rows are the list's rows in the list's order with the money exact.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BillingAccountRecord, DownloadTask } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateCreditLimit } from "../src/modules/ledger/ledger.repo";
import { charge, creditAccountId } from "../src/modules/ledger/ledger.service";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { fundCash, newOrg, y } from "./support/money";
import { operatorHolding } from "./support/operator-roles";
import { readSheet } from "./support/xlsx-sheet";

type Page = { list: BillingAccountRecord[]; total: number };

let t: TestApp;
let dataDir: string;
let admin: TestClient;
let prefix: string;
const org: Record<"rich" | "owing" | "credited", string> = { rich: "", owing: "", credited: "" };

const list = async (query: Record<string, string | number>, client = admin) => {
  const res = await client.request<Page>("/api/ops/billing_accounts", {
    query: { keyword: prefix, ...query },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "skyledger-accounts-"));
  t = await startTestApp({ DATA_DIR: dataDir });
  admin = await signedIn(t.app, t.clock, DEMO.admin);
  const db = t.database.db;
  const now = t.clock.now();
  // newOrg names each "Ledger test <unique>"; these three are renamed to share a prefix of their own.
  prefix = `Acct${unique()}`;
  const named = async (suffix: string) => {
    const id = await newOrg(db, now);
    await db.execute(`update organizations set name = '${prefix} ${suffix}' where id = '${id}'`);
    return id;
  };
  org.rich = await named("rich");
  org.owing = await named("owing");
  org.credited = await named("credited");
  // Rich: 1,000.12345 in cash and a 30-yuan deduction voucher.
  await fundCash(db, org.rich, y("1000.12345"), now);
  const voucher = await admin.request("/api/ops/cash_vouchers", {
    method: "POST",
    body: {
      kind: "deduction",
      faceValue: "30",
      count: 1,
      orgId: org.rich,
      validFrom: new Date(now.getTime() - 3_600_000).toISOString(),
      validUntil: new Date(now.getTime() + 86_400_000).toISOString(),
    },
  });
  expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
  // Owing: 10 in cash, 25.5 of postpaid hours used: owes 15.5.
  await fundCash(db, org.owing, y("10"), now);
  await db.transaction((tx) =>
    charge(tx, {
      orgId: org.owing,
      amount: y("25.5"),
      referenceType: "order",
      referenceId: prefix,
      now,
      arrearsAllowed: true,
    }),
  );
  // Credited: 1 in cash, a credit limit of 2,000, 0.5 of it used.
  await fundCash(db, org.credited, y("1"), now);
  await db.transaction((tx) => updateCreditLimit(tx, creditAccountId(org.credited), y("2000")));
  await db.transaction((tx) =>
    charge(tx, {
      orgId: org.credited,
      amount: y("1.5"),
      referenceType: "order",
      referenceId: `${prefix}c`,
      now,
    }),
  );
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("billing accounts", () => {
  it("shows each tenant's balance, credit, vouchers and arrears exactly", async () => {
    const { list: rows, total } = await list({ sort: "name", order: "asc" });
    expect(total).toBe(3);
    expect(rows.map((r) => r.orgId)).toEqual([org.credited, org.owing, org.rich]);
    expect(rows[0]).toMatchObject({
      balance: "0.00000",
      creditLimit: "2000.00000",
      creditUsed: "0.50000",
      arrears: "0.00000",
    });
    expect(rows[1]).toMatchObject({ balance: "-15.50000", arrears: "15.50000", voucherBalance: "0.00000" });
    expect(rows[2]).toMatchObject({
      balance: "1000.12345",
      voucherBalance: "30.00000",
      creditLimit: "0.00000",
    });
    expect(rows.every((r) => !r.verified && !r.frozen)).toBe(true);
  });

  it("filters by state, sorts by money and pages", async () => {
    expect((await list({ state: "inArrears" })).list.map((r) => r.orgId)).toEqual([org.owing]);
    expect((await list({ sort: "balance", order: "asc" })).list.map((r) => r.orgId)).toEqual([
      org.owing,
      org.credited,
      org.rich,
    ]);
    expect((await list({ sort: "vouchers", order: "desc", pageSize: 1 })).list.map((r) => r.orgId)).toEqual([
      org.rich,
    ]);
    const second = await list({ sort: "creditLimit", order: "desc", pageSize: 2, pageNum: 2 });
    expect(second.total).toBe(3);
    expect(second.list).toHaveLength(1);
    const bad = await admin.request("/api/ops/billing_accounts", { query: { sort: "password" } });
    expect(bad.status).toBe(400);
  });

  it("exports the filtered list in its order, money exact, in the reader's language", async () => {
    const started = await admin.request<DownloadTask>("/api/ops/billing_accounts/export", {
      method: "POST",
      body: { keyword: prefix, sort: "balance", order: "desc" },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await t.app.finance.idle();
    const file = await admin.raw(`/api/download/file/${started.body.data.id}`);
    expect(file.statusCode).toBe(200);
    const sheet = await readSheet(file.rawPayload);
    expect(sheet.name).toBe("Billing accounts");
    expect(sheet.rows[0]).toEqual([
      "Tenant",
      "Tenant ID",
      "E-mail",
      "Verified",
      "Frozen",
      "Balance",
      "Credit limit",
      "Credit used",
      "Voucher balance",
      "Arrears",
      "Created",
    ]);
    const listed = (await list({ sort: "balance", order: "desc" })).list;
    expect(sheet.rows.slice(1)).toEqual(
      listed.map((r) => [
        r.name,
        r.orgId,
        "",
        "No",
        "No",
        r.balance,
        r.creditLimit,
        r.creditUsed,
        r.voucherBalance,
        r.arrears,
        r.createdAt,
      ]),
    );
    expect(sheet.rows.slice(1).map((r) => r[5])).toEqual(["1000.12345", "0.00000", "-15.50000"]);
  });

  it("is the billing administrator's and the auditor's, not the after-sales engineer's", async () => {
    expect((await list({}, await operatorHolding(t, ["opAuditor"]))).total).toBe(3);
    const afterSales = await operatorHolding(t, ["opAfterSales"]);
    expect((await afterSales.request("/api/ops/billing_accounts")).status).toBe(403);
    const exported = await (await operatorHolding(t, ["opAuditor"])).request(
      "/api/ops/billing_accounts/export",
      {
        method: "POST",
        body: {},
      },
    );
    expect(exported.status).toBe(200);
  });
});
