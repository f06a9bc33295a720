// The operator catalogue (issue 5 §1): categories, billing policies, products defined as data with
// their specification schema, listing states with audit events, and the pricing-row rules.
import type { Pricing, Product } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "../src/modules/catalog/catalog.seed";
import { seed } from "../src/seed";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { auditRows } from "./support/iam";

let t: TestApp;
let operator: TestClient;
let tenant: TestClient;
let categoryId: string;

const hostSpec = {
  kind: "host",
  flavors: [
    { id: "c4m8", name: "4 vCPU / 8 GB", vcpu: 4, memoryGb: 8, gpuCount: 0 },
    { id: "g8-a100", name: "GPU", vcpu: 8, memoryGb: 64, gpuCount: 1, gpuModel: "A100" },
  ],
  images: [{ id: "ubuntu-22.04", name: "Ubuntu 22.04" }],
  systemDiskGb: 50,
};
const productBody = (overrides: Record<string, unknown> = {}) => ({
  code: `host-${unique()}`,
  nameZh: "测试云主机",
  nameEn: "Test host",
  categoryId,
  spec: hostSpec,
  prepaidPeriods: [1, 3, 12],
  postpaid: true,
  approvalFlow: "twoLevels",
  ...overrides,
});
const row = (dimension: string, unitPrice = "300") => ({ dimension, model: "unit", unitPrice });

async function createProduct(overrides: Record<string, unknown> = {}) {
  const res = await operator.request<{ id: string }>("/api/ops/catalog/products", {
    method: "POST",
    body: productBody(overrides),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  tenant = await signedIn(t.app, t.clock, DEMO.tenant);
  const cats = await operator.request<{ list: { id: string; code: string }[] }>(
    "/api/ops/catalog/categories",
    {
      query: { pageSize: 100 },
    },
  );
  categoryId = cats.body.data.list.find((c) => c.code === "cloud-host")!.id;
});
afterAll(() => t.close());

describe("categories", () => {
  it("are seeded for every service type, and seeding again changes nothing", async () => {
    const before = await operator.request<{ total: number; list: { code: string }[] }>(
      "/api/ops/catalog/categories",
      { query: { pageSize: 100 } },
    );
    expect(before.body.data.list.map((c) => c.code)).toEqual(CATEGORIES.map(([code]) => code));
    const productsBefore = await operator.request<{ total: number }>("/api/ops/catalog/products");
    // The demo seeds nineteen products (then the dedicated HPC and AI pools, the AI platform, the
    // database, the cache, the message queue, the file share and the elastic file, the cloud
    // backup waiting to be listed, last the bare-metal server; object storage took the place of
    // the one that waited before).
    expect(productsBefore.body.data.total).toBe(19);
    await seed(t.database.db, t.clock, { sessionTtlMinutes: 60, demo: true });
    const after = await operator.request<{ total: number }>("/api/ops/catalog/categories");
    expect(after.body.data.total).toBe(before.body.data.total);
    const products = await operator.request<{ total: number }>("/api/ops/catalog/products");
    expect(products.body.data.total).toBe(productsBefore.body.data.total);
  });

  it("are created, renamed and deleted with audit events; codes are unique and validated", async () => {
    const code = `gpu-${unique()}`;
    const made = await operator.request<{ id: string }>("/api/ops/catalog/categories", {
      method: "POST",
      body: { code, nameZh: "GPU", nameEn: "GPU", sort: 5 },
    });
    expect(made.status).toBe(200);
    const again = await operator.request("/api/ops/catalog/categories", {
      method: "POST",
      body: { code, nameZh: "GPU", nameEn: "GPU" },
    });
    expect(again.body.code).toBe(24020);
    const bad = await operator.request("/api/ops/catalog/categories", {
      method: "POST",
      body: { code: "Bad Code", nameZh: "x", nameEn: "x" },
    });
    expect(bad.status).toBe(400);
    const renamed = await operator.request(`/api/ops/catalog/categories/${made.body.data.id}`, {
      method: "PUT",
      body: { code, nameZh: "GPU 服务器", nameEn: "GPU servers", sort: 6 },
    });
    expect(renamed.status).toBe(200);
    const deleted = await operator.request(`/api/ops/catalog/categories/${made.body.data.id}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    expect(await auditRows(t, "productCategory.deleted", made.body.data.id)).toHaveLength(1);
    // The edit's audit row says what changed, from what to what; the deletion names what went.
    const [edited] = await auditRows(t, "productCategory.updated", made.body.data.id);
    expect(edited?.detail).toEqual({
      code,
      nameZh: { from: "GPU", to: "GPU 服务器" },
      nameEn: { from: "GPU", to: "GPU servers" },
      sort: { from: 5, to: 6 },
    });
    const [gone] = await auditRows(t, "productCategory.deleted", made.body.data.id);
    expect(gone?.detail).toEqual({ code, nameZh: "GPU 服务器", nameEn: "GPU servers" });
  });

  it("cannot be deleted while products use them", async () => {
    const res = await operator.request(`/api/ops/catalog/categories/${categoryId}`, { method: "DELETE" });
    expect(res.body.code).toBe(25001);
  });
});

describe("products", () => {
  it("are created pending listing with their spec schema, and their spec is validated", async () => {
    const id = await createProduct();
    const got = await operator.request<Product>(`/api/ops/catalog/products/${id}`);
    expect(got.body.data).toMatchObject({
      listingState: "pendingListing",
      // The category by its names too: people read those, not its code.
      categoryCode: "cloud-host",
      categoryNameZh: "云主机",
      categoryNameEn: "Cloud hosts",
      pricingConfigured: false,
      provider: "simulator",
      approvalFlow: "twoLevels",
      prepaidPeriods: [1, 3, 12],
    });
    expect(got.body.data.spec).toMatchObject({ kind: "host", flavors: [{ id: "c4m8", gpuModel: "" }, {}] });
    expect(await auditRows(t, "product.created", id)).toHaveLength(1);

    const refusals = [
      { spec: { kind: "disk", diskTypes: [{ id: "ssd", name: "SSD" }], minGb: 20, maxGb: 500 } },
      { spec: { kind: "disk", diskTypes: [{ id: "ssd", name: "SSD" }], minGb: 50, maxGb: 600 } },
      { spec: { ...hostSpec, flavors: [] } },
      { spec: { ...hostSpec, images: [hostSpec.images[0], hostSpec.images[0]] } },
      { spec: { kind: "teleporter" } },
      { prepaidPeriods: [2] },
      { prepaidPeriods: [], postpaid: false },
      { categoryId: "00000000-0000-4000-8000-00000000dead" },
    ];
    for (const overrides of refusals) {
      const res = await operator.request("/api/ops/catalog/products", {
        method: "POST",
        body: productBody(overrides),
      });
      expect(res.status, JSON.stringify(overrides)).not.toBe(200);
    }
    const disk = await operator.request("/api/ops/catalog/products", {
      method: "POST",
      body: productBody({
        spec: { kind: "disk", diskTypes: [{ id: "ssd", name: "SSD" }], minGb: 50, maxGb: 600 },
      }),
    });
    expect(disk.body.message).toBe("Storage sizes are 50 to 500 GB");
    const eip = await createProduct({ spec: { kind: "elasticIp", maxMbps: 100 } });
    const eipRow = await operator.request<Product>(`/api/ops/catalog/products/${eip}`);
    expect(eipRow.body.data.spec).toEqual({ kind: "elasticIp", defaultMbps: 1, maxMbps: 100 });
  });

  it("refuses a duplicate code", async () => {
    const code = `dup-${unique()}`;
    await createProduct({ code });
    const res = await operator.request("/api/ops/catalog/products", {
      method: "POST",
      body: productBody({ code }),
    });
    expect(res.body.code).toBe(24020);
  });

  it("move between listing states as allowed, only once priced, with an audit event each", async () => {
    const id = await createProduct();
    const listing = (listingState: string) =>
      operator.request(`/api/ops/catalog/products/${id}/listing`, { method: "PUT", body: { listingState } });
    expect((await listing("listed")).body.code).toBe(25003);
    await operator.request(`/api/ops/catalog/products/${id}/pricing`, {
      method: "POST",
      body: { rows: [row("flavor:c4m8"), row("flavor:g8-a100", "6000")] },
    });
    expect((await listing("listed")).status).toBe(200);
    expect((await listing("listed")).body.code).toBe(25004);
    expect((await listing("pendingListing")).body.code).toBe(25004);
    expect((await listing("delisted")).status).toBe(200);
    expect((await listing("pendingListing")).status).toBe(200);
    expect(await auditRows(t, "product.listed", id)).toHaveLength(1);
    expect(await auditRows(t, "product.delisted", id)).toHaveLength(1);
    const [pending] = await auditRows(t, "product.pendingListing", id);
    expect(pending?.detail).toMatchObject({ listingState: { from: "delisted", to: "pendingListing" } });
    const filtered = await operator.request<{ list: Product[] }>("/api/ops/catalog/products", {
      query: { listingState: "pendingListing", pageSize: 200 },
    });
    expect(filtered.body.data.list.some((p) => p.id === id)).toBe(true);
    expect(filtered.body.data.list.every((p) => p.listingState === "pendingListing")).toBe(true);
  });

  it("edits drop the prices of flavours the spec no longer has", async () => {
    const id = await createProduct();
    await operator.request(`/api/ops/catalog/products/${id}/pricing`, {
      method: "POST",
      body: { rows: [row("flavor:c4m8"), row("flavor:g8-a100")] },
    });
    const edited = await operator.request(`/api/ops/catalog/products/${id}`, {
      method: "PUT",
      body: productBody({ code: `edit-${unique()}`, spec: { ...hostSpec, flavors: [hostSpec.flavors[0]] } }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const pricing = await operator.request<Pricing>(`/api/ops/catalog/products/${id}/pricing`);
    expect(pricing.body.data).toMatchObject({ configured: true, missing: [], dimensions: ["flavor:c4m8"] });
    expect(pricing.body.data.rows.map((r) => r.dimension)).toEqual(["flavor:c4m8"]);
  });
});

describe("pricing rows", () => {
  it("are complete rows of the product's dimensions, at most 10 per add; configured once all are priced", async () => {
    const flavors = Array.from({ length: 11 }, (_, i) => ({
      id: `f${i}`,
      name: `F${i}`,
      vcpu: i + 1,
      memoryGb: 2,
      gpuCount: 0,
    }));
    const id = await createProduct({ spec: { ...hostSpec, flavors } });
    const add = (rows: unknown[]) =>
      operator.request<Pricing>(`/api/ops/catalog/products/${id}/pricing`, {
        method: "POST",
        body: { rows },
      });

    const eleven = await add(flavors.map((f) => row(`flavor:${f.id}`)));
    expect(eleven.status).toBe(400);
    expect(eleven.body.message).toBe("At most 10 rows can be added at once");

    // Incomplete rows: no unit price, a base+unit row without its base price, a negative price.
    const incomplete = [
      { dimension: "flavor:f0", model: "unit" },
      { dimension: "flavor:f0", model: "base_plus_unit", unitPrice: "10" },
      { dimension: "flavor:f0", model: "unit", unitPrice: "-1" },
      { dimension: "", model: "unit", unitPrice: "1" },
      { dimension: "flavor:f0", model: "unit", unitPrice: "1", discount: "0.855" },
      { dimension: "flavor:f0", model: "unit", unitPrice: "1", discount: "1.2" },
    ];
    for (const r of incomplete) expect((await add([r])).status, JSON.stringify(r)).toBe(400);
    expect((await add([row("flavor:nope")])).body.code).toBe(25005);

    const ten = await add(
      flavors.slice(0, 10).map((f, i) =>
        i === 0
          ? {
              dimension: `flavor:${f.id}`,
              model: "base_plus_unit",
              basePrice: "20",
              unitPrice: "100.12345",
              discount: "0.9",
            }
          : row(`flavor:${f.id}`),
      ),
    );
    expect(ten.status, JSON.stringify(ten.body)).toBe(200);
    expect(ten.body.data).toMatchObject({ configured: false, missing: ["flavor:f10"] });
    expect(ten.body.data.rows.find((r) => r.dimension === "flavor:f0")).toMatchObject({
      model: "base_plus_unit",
      basePrice: "20.00000",
      unitPrice: "100.12345",
      configurationFee: "0.00000",
      discount: "0.90",
    });
    expect((await add([row("flavor:f0")])).body.code).toBe(25006);
    const last = await add([row("flavor:f10")]);
    expect(last.body.data).toMatchObject({ configured: true, missing: [] });
    const listed = await operator.request<Product>(`/api/ops/catalog/products/${id}`);
    expect(listed.body.data.pricingConfigured).toBe(true);

    const rowId = last.body.data.rows.find((r) => r.dimension === "flavor:f10")!.id;
    const changed = await operator.request<Pricing>(`/api/ops/catalog/products/${id}/pricing/${rowId}`, {
      method: "PUT",
      body: { dimension: "flavor:f10", model: "unit", unitPrice: "99", configurationFee: "5" },
    });
    expect(changed.body.data.rows.find((r) => r.id === rowId)).toMatchObject({
      unitPrice: "99.00000",
      configurationFee: "5.00000",
    });
    const removed = await operator.request<Pricing>(`/api/ops/catalog/products/${id}/pricing/${rowId}`, {
      method: "DELETE",
    });
    expect(removed.body.data).toMatchObject({ configured: false, missing: ["flavor:f10"] });
    expect((await auditRows(t, "product.pricingChanged", id)).length).toBe(4);
  });
});

describe("billing policies", () => {
  it("are created with their refund reading, assigned to products, and protected while in use", async () => {
    const name = `Prepaid ${unique()}`;
    const body = {
      name,
      categoryId,
      frequency: "monthly",
      method: "prepaid",
      cloudEnv: "simulator",
      refundReading: "byMonth",
    };
    const made = await operator.request<{ id: string }>("/api/ops/catalog/billing_policies", {
      method: "POST",
      body,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const wrong = await operator.request("/api/ops/catalog/billing_policies", {
      method: "POST",
      body: { ...body, name: `Bad ${unique()}`, frequency: "hourly" },
    });
    expect(wrong.body.message).toBe("Postpaid is charged hourly and prepaid monthly");
    const changed = await operator.request(`/api/ops/catalog/billing_policies/${made.body.data.id}`, {
      method: "PUT",
      body: { ...body, refundReading: "paidMinusUsed" },
    });
    expect(changed.status).toBe(200);
    const list = await operator.request<{ list: { id: string; refundReading: string }[] }>(
      "/api/ops/catalog/billing_policies",
      { query: { pageSize: 100 } },
    );
    expect(list.body.data.list.find((p) => p.id === made.body.data.id)?.refundReading).toBe("paidMinusUsed");
    const productId = await createProduct({ billingPolicyIds: [made.body.data.id] });
    const inUse = await operator.request(`/api/ops/catalog/billing_policies/${made.body.data.id}`, {
      method: "DELETE",
    });
    expect(inUse.body.code).toBe(25002);
    await operator.request(`/api/ops/catalog/products/${productId}`, {
      method: "PUT",
      body: productBody({ code: `free-${unique()}`, billingPolicyIds: [] }),
    });
    const deleted = await operator.request(`/api/ops/catalog/billing_policies/${made.body.data.id}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    expect(await auditRows(t, "billingPolicy.deleted", made.body.data.id)).toHaveLength(1);
  });
});

describe("tenants", () => {
  it("cannot call the operator endpoints (403) and change nothing", async () => {
    const before = await operator.request<{ total: number }>("/api/ops/catalog/products");
    for (const [url, method] of [
      ["/api/ops/catalog/products", "GET"],
      ["/api/ops/catalog/products", "POST"],
      ["/api/ops/catalog/categories", "POST"],
      ["/api/ops/catalog/billing_policies", "GET"],
    ] as const) {
      const res = await tenant.request(url, {
        method,
        ...(method === "POST" ? { body: productBody() } : {}),
      });
      expect(res.status, url).toBe(403);
    }
    const after = await operator.request<{ total: number }>("/api/ops/catalog/products");
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it("see only listed products with their spec, and the unit price list", async () => {
    const products = await tenant.request<{ list: { code: string; spec: { kind: string } }[] }>(
      "/api/billing/products",
    );
    expect(products.status).toBe(200);
    const codes = products.body.data.list.map((p) => p.code);
    expect(codes).toEqual(expect.arrayContaining(["ecs-standard", "evs-disk", "eip"]));
    expect(codes).not.toContain("cbr-backup");
    const prices = await tenant.request<{
      list: { dimension: string; unitPrice: string; discount: string | null; hourlyUnitPrice: string }[];
    }>("/api/billing/price", { query: { productCode: "ecs-standard" } });
    // 300 × 0.85 ÷ 720 = 0.3541666… → 0.35417 (half-up at 0.00001 yuan).
    expect(prices.body.data.list.find((p) => p.dimension === "flavor:c4m8")).toEqual({
      productCode: "ecs-standard",
      dimension: "flavor:c4m8",
      model: "unit",
      unitPrice: "300.00000",
      basePrice: "0.00000",
      configurationFee: "0.00000",
      discount: "0.85",
      hourlyUnitPrice: "0.35417",
    });
    const none = await tenant.request<{ total: number }>("/api/billing/price", {
      query: { productCode: "cbr-backup" },
    });
    expect(none.body.data.total).toBe(0);
  });
});
