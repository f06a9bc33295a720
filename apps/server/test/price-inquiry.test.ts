// The price inquiry (issue 5 §2): the figures are computed by hand in the comments and must match
// what packages/billing gives through the endpoint; the inquiry never moves money.
import type { PriceQuote } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { registerTenant, unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { orgIdOf } from "./support/iam";
import { fundCash, ledgerFingerprint, y } from "./support/money";

let t: TestApp;
let operator: TestClient;
let buyer: TestClient;
let buyerOrg: string;
let productId: string;
let productCode: string;
let couponId: string;

const inquire = (client: TestClient, body: Record<string, unknown>) =>
  client.request<PriceQuote>("/api/billing/inquiry/price", { method: "POST", body });
const hostInquiry = (overrides: Record<string, unknown> = {}) => ({
  productCode,
  spec: { flavorId: "c4m8", imageId: "ubuntu-22.04" },
  quantity: 1,
  paymentType: "prepaid",
  periodMonths: 3,
  ...overrides,
});
const listing = (listingState: string) =>
  operator.request(`/api/ops/catalog/products/${productId}/listing`, {
    method: "PUT",
    body: { listingState },
  });

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  const cats = await operator.request<{ list: { id: string; code: string }[] }>(
    "/api/ops/catalog/categories",
    {
      query: { pageSize: 100 },
    },
  );
  productCode = `host-${unique()}`;
  const made = await operator.request<{ id: string }>("/api/ops/catalog/products", {
    method: "POST",
    body: {
      code: productCode,
      nameZh: "示例云主机",
      nameEn: "Example host",
      categoryId: cats.body.data.list.find((c) => c.code === "cloud-host")!.id,
      spec: {
        kind: "host",
        flavors: [
          { id: "c4m8", name: "4 vCPU / 8 GB", vcpu: 4, memoryGb: 8, gpuCount: 0 },
          { id: "c8m16", name: "8 vCPU / 16 GB", vcpu: 8, memoryGb: 16, gpuCount: 0 },
        ],
        images: [{ id: "ubuntu-22.04", name: "Ubuntu 22.04" }],
        systemDiskGb: 50,
      },
      prepaidPeriods: [1, 3, 6],
      postpaid: true,
    },
  });
  productId = made.body.data.id;
  const priced = await operator.request(`/api/ops/catalog/products/${productId}/pricing`, {
    method: "POST",
    body: {
      rows: [
        { dimension: "flavor:c4m8", model: "unit", unitPrice: "300", discount: "0.85" },
        {
          dimension: "flavor:c8m16",
          model: "base_plus_unit",
          basePrice: "40",
          unitPrice: "500",
          configurationFee: "10",
        },
      ],
    },
  });
  expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  expect((await listing("listed")).status).toBe(200);

  const tenant = await registerTenant(t, operator);
  buyer = await signedIn(t.app, t.clock, tenant);
  buyerOrg = await orgIdOf(t, tenant.userSid);
  const now = t.clock.now().getTime();
  const window = {
    validFrom: new Date(now - 3_600_000).toISOString(),
    validUntil: new Date(now + 30 * 86_400_000).toISOString(),
  };
  const coupon = await operator.request<{ id: string }[]>("/api/ops/coupons", {
    method: "POST",
    body: { name: "Fifty off", benefitKind: "value", value: "50", count: 1, orgId: buyerOrg, ...window },
  });
  expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
  couponId = coupon.body.data[0]!.id;
  for (const [kind, faceValue] of [
    ["deduction", "100"],
    ["topup", "200"],
  ] as const) {
    const voucher = await operator.request("/api/ops/cash_vouchers", {
      method: "POST",
      body: { kind, faceValue, count: 1, orgId: buyerOrg, ...window },
    });
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
  }
  await fundCash(t.database.db, buyerOrg, y("300"), t.clock.now());
});
afterAll(() => t.close());

describe("the price inquiry", () => {
  it("prices a 300-yuan host for 3 months at 0.85 with a 50-yuan coupon, against vouchers and cash", async () => {
    // monthly 300; original 300 × 3 = 900; with the discount 900 × 0.85 = 765 (discount 135);
    // the 50-yuan coupon leaves 715 to pay. Deduction order: coupon 50, deduction voucher 100,
    // top-up voucher 200, cash 300 → 650 covered, 115 short (no credit).
    const fingerprint = await ledgerFingerprint(t.database.db);
    const short = await inquire(buyer, hostInquiry({ couponId }));
    expect(short.status, JSON.stringify(short.body)).toBe(200);
    expect(short.body.data).toMatchObject({
      monthly: "300.00000",
      original: "900.00000",
      discount: "135.00000",
      amount: "765.00000",
      coupon: { couponId, applicable: true, deduction: "50.00000", forfeited: "0.00000" },
      couponDeduction: "50.00000",
      payable: "715.00000",
      deduction: { sufficient: false, shortfall: "115.00000", allocations: [] },
    });
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);

    // With 200 more in cash (500): coupon 50, deduction voucher 100, top-up voucher 200, cash 415.
    await fundCash(t.database.db, buyerOrg, y("200"), t.clock.now());
    const covered = await inquire(buyer, hostInquiry({ couponId }));
    expect(covered.body.data.deduction.sufficient).toBe(true);
    expect(covered.body.data.deduction.allocations.map((a) => [a.source, a.amount])).toEqual([
      ["coupon", "50.00000"],
      ["deduction_voucher", "100.00000"],
      ["topup_voucher", "200.00000"],
      ["cash", "415.00000"],
    ]);
  });

  it("prices base + unit × N plus the configuration fee, and postpaid hours", async () => {
    // 2 hosts of c8m16: per host 40 + 500 × 1 + 10 = 550, monthly 1100; 6 months = 6600, no discount.
    const prepaid = await inquire(
      buyer,
      hostInquiry({ spec: { flavorId: "c8m16" }, quantity: 2, periodMonths: 6 }),
    );
    expect(prepaid.body.data).toMatchObject({
      monthly: "1100.00000",
      original: "6600.00000",
      discount: "0.00000",
      payable: "6600.00000",
      coupon: null,
    });
    // Postpaid 10 hours of c4m8: 300 × 10 ÷ 720 = 4.16667 list; × 0.85 = 3.54167 (half-up once).
    const postpaid = await inquire(
      buyer,
      hostInquiry({ paymentType: "postpaid", periodMonths: undefined, hours: 10 }),
    );
    expect(postpaid.body.data).toMatchObject({
      hours: 10,
      periodMonths: null,
      original: "4.16667",
      amount: "3.54167",
      discount: "0.62500",
      payable: "3.54167",
    });
  });

  it("reports a coupon that does not apply, and refuses another organisation's coupon", async () => {
    const now = t.clock.now().getTime();
    const postpaidOnly = await operator.request<{ id: string }[]>("/api/ops/coupons", {
      method: "POST",
      body: {
        name: "Postpaid only",
        benefitKind: "value",
        value: "5",
        applicablePaymentTypes: ["postpaid"],
        count: 1,
        orgId: buyerOrg,
        validFrom: new Date(now - 1000).toISOString(),
        validUntil: new Date(now + 86_400_000).toISOString(),
      },
    });
    const res = await inquire(buyer, hostInquiry({ couponId: postpaidOnly.body.data[0]!.id }));
    expect(res.body.data.coupon).toMatchObject({
      applicable: false,
      reason: "COUPON_PAYMENT_TYPE_NOT_APPLICABLE",
    });
    expect(res.body.data.payable).toBe("765.00000");
    const demo = await signedIn(t.app, t.clock, DEMO.tenant);
    const foreign = await inquire(demo, hostInquiry({ couponId }));
    expect(foreign.body.code).toBe(23005);
  });

  it("says the price cannot be calculated for a choice without a price", async () => {
    for (const overrides of [
      { spec: { flavorId: "unknown" } },
      { spec: { flavorId: "c4m8", imageId: "windows-95" } },
      { periodMonths: 12 },
    ]) {
      const res = await inquire(buyer, hostInquiry(overrides));
      expect(res.body, JSON.stringify(overrides)).toMatchObject({
        code: 23003,
        message: "The price cannot be calculated",
      });
    }
    const rows = await operator.request<{ rows: { id: string; dimension: string }[] }>(
      `/api/ops/catalog/products/${productId}/pricing`,
    );
    const c8 = rows.body.data.rows.find((r) => r.dimension === "flavor:c8m16")!;
    await operator.request(`/api/ops/catalog/products/${productId}/pricing/${c8.id}`, { method: "DELETE" });
    const unpriced = await inquire(buyer, hostInquiry({ spec: { flavorId: "c8m16" } }));
    expect(unpriced.body.code).toBe(23003);
    const zh = await buyer.request("/api/billing/inquiry/price", {
      method: "POST",
      body: hostInquiry({ spec: { flavorId: "c8m16" } }),
      locale: "zh-CN",
    });
    expect(zh.body.message).toBe("无法计算价格");
  });

  it("gives the listing messages for products that are not listed", async () => {
    expect((await listing("delisted")).status).toBe(200);
    const delisted = await inquire(buyer, hostInquiry());
    expect(delisted.body).toMatchObject({
      code: 22002,
      message: "The package bundle or product is not listed",
    });
    expect((await listing("pendingListing")).status).toBe(200);
    const pending = await inquire(buyer, hostInquiry());
    expect(pending.body).toMatchObject({
      code: 22001,
      message: "The service is pending listing; an administrator must list it first",
    });
    // Operators still preview the price of a product that is not listed.
    const preview = await operator.request<PriceQuote>(`/api/ops/catalog/products/${productId}/inquiry`, {
      method: "POST",
      body: hostInquiry(),
    });
    expect(preview.body.data).toMatchObject({ amount: "765.00000", payable: "765.00000" });
  });

  it("prices the demo disk and elastic IP by size and bandwidth", async () => {
    // SSD at 1 yuan per GB-month: 100 GB × 1 month = 100. Size outside 50–500 GB has no price.
    const disk = await inquire(buyer, {
      productCode: "evs-disk",
      spec: { diskType: "ssd", sizeGb: 100 },
      quantity: 1,
      paymentType: "prepaid",
      periodMonths: 1,
    });
    expect(disk.body.data.payable).toBe("100.00000");
    const tooBig = await inquire(buyer, {
      productCode: "evs-disk",
      spec: { diskType: "ssd", sizeGb: 600 },
      quantity: 1,
      paymentType: "prepaid",
      periodMonths: 1,
    });
    expect(tooBig.body.code).toBe(23003);
    // Elastic IP, base 5 + 23 per Mbit/s, default 1 Mbit/s: 28 a month, 12 months = 336.
    const eip = await inquire(buyer, {
      productCode: "eip",
      spec: {},
      quantity: 1,
      paymentType: "prepaid",
      periodMonths: 12,
    });
    expect(eip.body.data).toMatchObject({ monthly: "28.00000", payable: "336.00000" });
  });

  it("is for tenant users only", async () => {
    const res = await inquire(operator, hostInquiry());
    expect(res.status).toBe(403);
  });
});
