// The public landing of an elastic file product (`/apply/share/{id}`, issue 16 item 2): anyone,
// without signing in, reads a listed `scalableFile` product's names, NFS, the capacities on sale
// (range and step), prepaid periods and postpaid, and its price per GB a month and per GB an hour
// with the row's discount applied. An unknown id, a delisted product and a product of another kind
// (a file share, a host) are all 404.
import type { Pricing, ScalableFileProductLanding } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let operator: TestClient;
let turboId: string;

/** The demo product's id, as the operator's catalogue lists it. */
async function productId(code: string): Promise<string> {
  const res = await operator.request<{ list: { id: string; code: string }[] }>("/api/ops/catalog/products", {
    query: { keyword: code, pageSize: 50 },
  });
  const found = res.body.data.list.find((p) => p.code === code);
  if (!found) throw new Error(`the demo has no ${code}`);
  return found.id;
}

/** Asked the way a visitor's browser asks: no session, no signature. */
const landing = (id: string) =>
  t.app.inject({ method: "GET", url: `/api/public/scalable-files/products/${encodeURIComponent(id)}` });

const listing = (id: string, listingState: string) =>
  operator.request(`/api/ops/catalog/products/${id}/listing`, { method: "PUT", body: { listingState } });

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  turboId = await productId("sfs-turbo");
  // Starting the app migrates and seeds its database: over a minute on a loaded machine.
}, 180_000);
afterAll(() => t.close());

describe("the elastic file service's public landing", () => {
  it("answers a listed product's offer and prices to a visitor who is not signed in", async () => {
    const res = await landing(turboId);
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: ScalableFileProductLanding }).data;
    expect(data).toMatchObject({
      id: turboId,
      code: "sfs-turbo",
      nameZh: "弹性文件服务",
      nameEn: "Elastic file service",
      protocols: ["NFS"],
      minGb: 50,
      maxGb: 500,
      stepGb: 10,
      postpaid: true,
      prepaidPeriods: [1, 3, 6, 9, 12, 24, 36],
      manualActivation: false,
      simulated: true,
    });
    expect(data.categoryNameZh).not.toBe("");
    expect(data.categoryNameEn).not.toBe("");
    // 0.5 a GB-month; by the hour 0.5 ÷ 720 = 0.000694… → 0.00069 (half-up at 0.00001 yuan).
    expect(data.prices).toEqual([
      {
        dimension: "capacity",
        unitPrice: "0.50000",
        discount: null,
        discountedUnitPrice: "0.50000",
        hourlyUnitPrice: "0.00069",
      },
    ]);
  });

  it("shows the price row's discount on the month and on the hour", async () => {
    const pricing = await operator.request<Pricing>(`/api/ops/catalog/products/${turboId}/pricing`);
    const row = pricing.body.data.rows.find((r) => r.dimension === "capacity")!;
    const setDiscount = (discount: string | null) =>
      operator.request<Pricing>(`/api/ops/catalog/products/${turboId}/pricing/${row.id}`, {
        method: "PUT",
        body: { dimension: "capacity", model: "unit", unitPrice: "0.5", discount },
      });
    expect((await setDiscount("0.8")).status).toBe(200);
    try {
      const data = ((await landing(turboId)).json() as { data: ScalableFileProductLanding }).data;
      // 0.5 × 0.8 = 0.4 a GB-month; 0.4 ÷ 720 = 0.000555… → 0.00056.
      expect(data.prices).toEqual([
        {
          dimension: "capacity",
          unitPrice: "0.50000",
          discount: "0.80",
          discountedUnitPrice: "0.40000",
          hourlyUnitPrice: "0.00056",
        },
      ]);
    } finally {
      expect((await setDiscount(null)).status).toBe(200);
    }
  });

  it("is not found for an unknown id, another kind of product, or a delisted one", async () => {
    for (const id of [
      "00000000-0000-4000-9999-000000000000",
      await productId("sfs-share"),
      await productId("ecs-standard"),
    ]) {
      const res = await landing(id);
      expect(res.statusCode, id).toBe(404);
      expect((res.json() as { code: number }).code, id).toBe(404);
    }
    expect((await listing(turboId, "delisted")).status).toBe(200);
    try {
      expect((await landing(turboId)).statusCode).toBe(404);
    } finally {
      expect((await listing(turboId, "listed")).status).toBe(200);
    }
    expect((await landing(turboId)).statusCode).toBe(200);
  });
});
