// A catalogue change and its audit row commit together (issue 12 §2): a failure after the price
// is written and before commit (a trigger refusing the audit row) leaves neither the new price nor
// an audit row; without it, both are there.
import type { Pricing } from "@skyledger/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/platform/db/client";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let operator: TestClient;
let productId: string;
let rowId: string;

const ROW = { dimension: "flavor:c4m8", model: "unit", unitPrice: "300" } as const;

const auditRows = async (action: string) =>
  rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`select count(*)::int as n from audit_logs where action = ${action} and target = ${productId}`,
    ),
  )[0]!.n;
const run = (statement: string) => t.database.db.execute(sql.raw(statement));

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  const cats = await operator.request<{ list: { id: string; code: string }[] }>(
    "/api/ops/catalog/categories",
    { query: { pageSize: 100 } },
  );
  const made = await operator.request<{ id: string }>("/api/ops/catalog/products", {
    method: "POST",
    body: {
      code: `host-${unique()}`,
      nameZh: "示例云主机",
      nameEn: "Example host",
      categoryId: cats.body.data.list.find((c) => c.code === "cloud-host")!.id,
      spec: {
        kind: "host",
        flavors: [{ id: "c4m8", name: "4 vCPU / 8 GB", vcpu: 4, memoryGb: 8, gpuCount: 0 }],
        images: [{ id: "ubuntu-22.04", name: "Ubuntu 22.04" }],
        systemDiskGb: 50,
      },
      prepaidPeriods: [1],
      postpaid: false,
    },
  });
  productId = made.body.data.id;
  const priced = await operator.request<Pricing>(`/api/ops/catalog/products/${productId}/pricing`, {
    method: "POST",
    body: { rows: [ROW] },
  });
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  rowId = priced.body.data.rows[0]!.id;
});

afterAll(() => t?.close());

describe("a pricing change", () => {
  it("with a failure before commit leaves the old price and no audit row; without it, both land", async () => {
    const before = await auditRows("product.pricingChanged");
    const change = () =>
      operator.request<Pricing>(`/api/ops/catalog/products/${productId}/pricing/${rowId}`, {
        method: "PUT",
        body: { ...ROW, unitPrice: "450" },
      });
    const price = async () =>
      (await operator.request<Pricing>(`/api/ops/catalog/products/${productId}/pricing`)).body.data.rows[0]!
        .unitPrice;

    await run(`create function refuse_pricing_audit() returns trigger language plpgsql as $$
      begin raise exception 'injected failure before commit'; end $$`);
    await run(`create trigger refuse_pricing_audit before insert on audit_logs for each row
      when (NEW.action = 'product.pricingChanged') execute function refuse_pricing_audit()`);
    t.expectErrorLog(/injected failure before commit/);
    const failed = await change();
    expect(failed.status).toBe(500);
    expect(await price()).toBe("300.00000");
    expect(await auditRows("product.pricingChanged")).toBe(before);

    await run("drop trigger refuse_pricing_audit on audit_logs");
    await run("drop function refuse_pricing_audit()");
    const done = await change();
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await price()).toBe("450.00000");
    expect(await auditRows("product.pricingChanged")).toBe(before + 1);
  });
});
