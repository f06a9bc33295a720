// Issue 13 §1: a bill names its product in the reader's language. A bill keeps the line's name in
// both languages (a product's two names; a renewal's "product · resource"; data such as a resource's
// name as typed) and the list, the details, the operators' list and the .xlsx export show the one
// of the caller's language. Migration 0026 gives bills written before an English name of the same
// kind, from their order, product or package offer.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { OrderDetail } from "@skyledger/contracts";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/platform/db/client";
import { migrationsFolder } from "../src/platform/db/paths";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { DEMO_ORG, idem } from "./support/money";
import { advance, apply, applyBody, verifiedTenant } from "./support/orders";

type Bill = { billNo: string; orderNo: string | null; type: string; productName: string };
type Page = { list: Bill[]; total: number };
type Locale = "zh-CN" | "en-US";

let t: TestApp;
let operator: TestClient;
let tenant: Awaited<ReturnType<typeof verifiedTenant>>;
let hostName: string;
let orderNo: string;

const billsIn = async (client: TestClient, locale: Locale, url = "/api/bills") =>
  (await client.request<Page>(url, { query: { pageSize: 100 }, locale })).body.data.list;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  tenant = await verifiedTenant(t, operator, "5000");
  hostName = `named-${unique().slice(-6)}`;
  const res = await apply(tenant.client, applyBody("ecs-standard", { name: hostName }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 45);
  const order = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(order.body.data.status).toBe("completed");
  orderNo = order.body.data.orderNo;
  const renewed = await tenant.client.request("/api/renew", {
    method: "POST",
    body: { resourceIds: [order.body.data.resourceIds[0]], periodMonths: 1, align: false },
    headers: idem(),
  });
  expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
});
afterAll(() => t.close());

describe("bill lines in the reader's language", () => {
  it("names a purchase's and a renewal's product in Chinese for zh-CN and in English for en-US", async () => {
    const zh = await billsIn(tenant.client, "zh-CN");
    const en = await billsIn(tenant.client, "en-US");
    expect(zh.find((b) => b.orderNo === orderNo)?.productName).toBe("通用型云主机");
    expect(en.find((b) => b.orderNo === orderNo)?.productName).toBe("General-purpose cloud host");
    // The renewal's line: the product's name in the reader's language, then the resource's as typed.
    const renewalOf = (list: Bill[]) => list.find((b) => b.orderNo !== orderNo && b.type === "charge");
    expect(renewalOf(zh)?.productName).toBe(`通用型云主机 · ${hostName}`);
    expect(renewalOf(en)?.productName).toBe(`General-purpose cloud host · ${hostName}`);
    expect(en.map((b) => b.productName).join(" ")).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("does the same in one bill's details and in the operators' list", async () => {
    const [bill] = (await billsIn(tenant.client, "en-US")).filter((b) => b.orderNo === orderNo);
    const detail = async (locale: Locale) =>
      (await tenant.client.request<Bill>(`/api/bills/listBillDetails/${bill!.billNo}`, { locale })).body.data
        .productName;
    expect(await detail("en-US")).toBe("General-purpose cloud host");
    expect(await detail("zh-CN")).toBe("通用型云主机");
    const ops = async (locale: Locale) =>
      (await billsIn(operator, locale, "/api/ops/bills")).find((b) => b.billNo === bill!.billNo)?.productName;
    expect(await ops("en-US")).toBe("General-purpose cloud host");
    expect(await ops("zh-CN")).toBe("通用型云主机");
  });

  it("writes the name of the caller's language into the .xlsx export", async () => {
    const cycle = t.clock.now().toISOString().slice(0, 7);
    const productColumn = async (locale: Locale) => {
      const started = await tenant.client.request<{ id: string }>("/api/bills/asynExportBills", {
        method: "POST",
        body: { startCycle: cycle, endCycle: cycle },
        locale,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      await t.app.finance.idle();
      const file = await tenant.client.raw(`/api/download/file/${started.body.data.id}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
      const names: string[] = [];
      workbook.worksheets[0]!.eachRow((row, n) => {
        if (n > 1) names.push(String(row.getCell(4).value));
      });
      return names.sort();
    };
    expect(await productColumn("en-US")).toEqual([
      "General-purpose cloud host",
      `General-purpose cloud host · ${hostName}`,
    ]);
    expect(await productColumn("zh-CN")).toEqual(["通用型云主机", `通用型云主机 · ${hostName}`]);
  });
});

describe("migration 0028 (bill names in English)", () => {
  /** The migration's statements after the column is added, as written. */
  function backfill(): string[] {
    const file = readFileSync(path.join(migrationsFolder, "0028_bill_names_en.sql"), "utf8");
    return file
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter((statement) => /^(--.*\n)*(UPDATE|ALTER TABLE "bills" ALTER)/.test(statement));
  }

  it("names older bills in English from their order, product or package offer, and keeps data as typed", async () => {
    const rolledBack = new Error("rolled back");
    const done = t.database.db.transaction(async (tx) => {
      // As an older build left them: the Chinese name only.
      await tx.execute(sql`alter table bills alter column product_name_en drop not null`);
      const old = (id: string, code: string, name: string, order: string | null, type = "charge") => sql`
        insert into bills (id, bill_no, org_id, billing_cycle, type, product_code, product_name, order_no,
          charge_type, original_amount, discount_amount, coupon_deduction, actual_amount, cash_amount,
          credit_amount, voucher_amount, arrears_amount, refund_amount, adjustment_amount, created_at)
        values (${id}, ${`B-${id}`}, ${DEMO_ORG}, '2026-01', ${type}, ${code}, ${name}, ${order},
          'prepaid', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, now())`;
      await tx.execute(sql`
        insert into orders (id, order_no, org_id, submitted_by, type, status, approval_flow, product_id,
          product_code, product_name_zh, product_name_en, payment_type, quantity, request, original_amount,
          amount, created_at, updated_at)
        values ('old-order', 'SO-OLD-1', ${DEMO_ORG}, 'someone', 'purchase', 'completed', 'none', 'gone', 'gone-product',
          '已下架的主机', 'Retired host', 'prepaid', 1, '{"name":"x","spec":{}}'::jsonb, 0, 0, now(), now())`);
      await tx.execute(old("by-order", "gone-product", "已下架的主机", "SO-OLD-1"));
      await tx.execute(old("by-product", "evs-disk", "云硬盘", null, "refund"));
      await tx.execute(old("renewal", "ecs-standard", "通用型云主机 · web-01", "SO-OLD-2"));
      await tx.execute(old("metered", "ecs-standard", "web-02", "SO-OLD-3"));
      await tx.execute(old("adjustment", "balance_adjustment", "补偿", null, "adjustment"));
      const offer = rowsOf<{ code: string; name_zh: string; name_en: string }>(
        await tx.execute(sql`select code, name_zh, name_en from package_offers order by code limit 1`),
      )[0]!;
      await tx.execute(old("package", offer.code, offer.name_zh, null));

      for (const statement of backfill()) await tx.execute(sql.raw(statement));

      const names = Object.fromEntries(
        rowsOf<{ id: string; product_name_en: string }>(
          await tx.execute(sql`select id, product_name_en from bills where billing_cycle = '2026-01'`),
        ).map((r) => [r.id, r.product_name_en]),
      );
      const [disk] = rowsOf<{ name_en: string }>(
        await tx.execute(sql`select name_en from products where code = 'evs-disk'`),
      );
      expect(names).toEqual({
        "by-order": "Retired host",
        "by-product": disk!.name_en,
        renewal: "General-purpose cloud host · web-01",
        metered: "web-02",
        adjustment: "补偿",
        package: offer.name_en,
      });
      const [column] = rowsOf<{ is_nullable: string }>(
        await tx.execute(sql`select is_nullable from information_schema.columns
          where table_name = 'bills' and column_name = 'product_name_en'`),
      );
      expect(column!.is_nullable).toBe("NO");
      throw rolledBack;
    });
    await expect(done).rejects.toBe(rolledBack);
  });
});
