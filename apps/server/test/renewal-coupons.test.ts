// A coupon on a renewal (docs/billing/rules.md §9.4): the worked example of the rules charged to the
// unit, the coupon used once and never refunded, the unsubscribe inquiry's refund sources equal to
// what the ledger then posts, and every coupon that does not apply refused without changing
// anything. The clock is moved, never waited for.
import type { OrderDetail, RenewQuote, UnsubscribeQuote } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { products } from "../src/modules/catalog/catalog.schema";
import { coupons } from "../src/modules/finance/finance.schema";
import { bills, cashVouchers } from "../src/modules/ledger/ledger.schema";
import { resources, resourceTerms } from "../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { balanceOf, cashOf, idem, idemKey, ledgerFingerprint, y } from "./support/money";
import {
  advance,
  apply,
  applyBody,
  hostProduct,
  issueCoupon as issueOrderCoupon,
  verifiedTenant,
} from "./support/orders";

const DAY = 86_400;
let t: TestApp;
let operator: TestClient;
let product: string;

type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

async function buyHost(tenant: Tenant, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await apply(tenant.client, applyBody(product, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 45);
  const order = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  return order.body.data.resourceIds[0]!;
}

const resourceRow = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!;
const productRow = async () =>
  (await t.database.db.select().from(products).where(eq(products.code, product)))[0]!;
const couponRow = async (id: string) =>
  (await t.database.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;

/** Moves the clock (the lifecycle step runs) and signs both sides in again. */
async function later(tenant: Tenant, seconds: number): Promise<void> {
  await advance(t, seconds);
  tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
  operator = await signedIn(t.app, t.clock, DEMO.admin);
}

/** One coupon for the organisation, valid from an hour ago for `days` days. */
const issueCoupon = (orgId: string, body: Record<string, unknown>, days = 60) =>
  issueOrderCoupon(t, operator, orgId, { name: "Renewal coupon", value: undefined, ...body }, days);

const inquire = (tenant: Tenant, body: Record<string, unknown>) =>
  tenant.client.request<RenewQuote>("/api/billing/inquiry/renew", { method: "POST", body });
const renew = (tenant: Tenant, body: Record<string, unknown>, key = idemKey()) =>
  tenant.client.request<RenewQuote>("/api/renew", { method: "POST", body, headers: idem(key) });

// Each test starts on 22 November 2026 at 10:00 Shanghai time.
beforeEach(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  product = await hostProduct(operator, { monthly: "310", discount: "0.85" });
});
afterEach(() => t.close());

describe("a renewal with a coupon", () => {
  it("charges the worked example of the rules, uses the coupon once and never refunds it", async () => {
    // 310 a month at 0.85: the month bought costs 263.5 (cash 1 000 → 736.5) and ends on
    // 22 December 10:00:45. Renewed on 24 December 12:00 for 3 months: 930 at list price, 790.5
    // after the discount (139.5 off), 3 overdue days × 263.5 ÷ 30 = 26.35, charge 816.85. The 0.9
    // coupon (threshold 800, met only with the overdue days): the tenant pays 816.85 × 0.9 =
    // 735.165, the coupon covers 81.685. Paid: coupon 81.685, voucher 100, cash 635.165.
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyHost(tenant);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("736.5"));
    const couponId = await issueCoupon(tenant.orgId, {
      benefitKind: "discount",
      discount: "0.9",
      threshold: "800",
      applicableProducts: [product],
      applicablePaymentTypes: ["prepaid"],
    });
    const now = t.clock.now().getTime();
    const voucher = await operator.request("/api/ops/cash_vouchers", {
      method: "POST",
      body: {
        kind: "deduction",
        faceValue: "100",
        count: 1,
        orgId: tenant.orgId,
        validFrom: new Date(now - 3_600_000).toISOString(),
        validUntil: new Date(now + 60 * DAY * 1000).toISOString(),
      },
    });
    expect(voucher.status, JSON.stringify(voucher.body)).toBe(200);
    const [voucherRow] = await t.database.db
      .select()
      .from(cashVouchers)
      .where(eq(cashVouchers.orgId, tenant.orgId));
    const voucherAccount = voucherRow!.accountId!;

    // 22 Nov 10:00:45 + 32 days + 2 h − 45 s = 24 Dec 12:00:00; the host froze at expiry.
    await later(tenant, 32 * DAY);
    await later(tenant, 2 * 3600 - 45);
    expect((await resourceRow(id)).status).toBe("frozen");

    const body = { resourceIds: [id], periodMonths: 3, align: false, couponId };
    const fingerprint = await ledgerFingerprint(t.database.db);
    const quote = await inquire(tenant, body);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data).toMatchObject({
      items: [{ resourceId: id, overdueDays: 3, amount: "816.85000" }],
      original: "956.35000",
      discount: "139.50000",
      total: "816.85000",
      coupon: { couponId, applicable: true, reason: null, deduction: "81.68500", forfeited: "0.00000" },
      couponDeduction: "81.68500",
      payable: "735.16500",
      sufficient: true,
      shortfall: "0.00000",
      deduction: {
        sufficient: true,
        allocations: [
          { source: "coupon", sourceId: couponId, amount: "81.68500" },
          { source: "deduction_voucher", sourceId: voucherAccount, amount: "100.00000" },
          { source: "cash", sourceId: null, amount: "635.16500" },
        ],
      },
    });
    // The inquiry moves nothing and uses nothing.
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
    expect((await couponRow(couponId)).status).toBe("valid");

    const key = idemKey();
    const done = await renew(tenant, body, key);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({
      total: "816.85000",
      couponDeduction: "81.68500",
      payable: "735.16500",
      deduction: quote.body.data.deduction,
    });
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("101.335"));
    expect(await balanceOf(t.database.db, voucherAccount)).toBe(0n);
    const renewed = await resourceRow(id);
    expect(renewed.status).toBe("stopped");
    expect(renewed.expiresAt!.toISOString()).toBe("2027-03-24T04:00:00.000Z");
    const used = await couponRow(couponId);
    expect(used.status).toBe("used");
    // The renewal is an order numbered like every other one.
    expect(used.usedOrderNo).toMatch(/^SO\d{16}$/);
    const [bill] = await t.database.db
      .select()
      .from(bills)
      .where(and(eq(bills.orgId, tenant.orgId), eq(bills.orderNo, used.usedOrderNo!)));
    expect(bill).toMatchObject({
      type: "charge",
      // The product, then the resource renewed.
      productName: `${(await productRow()).nameZh} · ${renewed.name}`,
      originalAmount: y("956.35"),
      discountAmount: y("139.5"),
      couponDeduction: y("81.685"),
      actualAmount: y("735.165"),
      cashAmount: y("635.165"),
      voucherAmount: y("100"),
    });
    const [term] = await t.database.db
      .select()
      .from(resourceTerms)
      .where(and(eq(resourceTerms.resourceId, id), eq(resourceTerms.kind, "renewal")));
    expect(term).toMatchObject({ amount: y("790.5"), couponDeduction: y("81.685") });

    // "My orders" lists it as a renewal, completed, paid as the bill says, with its trail.
    const mine = await tenant.client.request<{ list: OrderDetail[] }>("/api/orders", {
      query: { type: "renewal" },
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const listed = mine.body.data.list.find((o) => o.orderNo === used.usedOrderNo)!;
    expect(listed).toMatchObject({
      type: "renewal",
      status: "completed",
      name: renewed.name,
      periodMonths: 3,
      amount: "816.85000",
      couponDeduction: "81.68500",
      paidAmount: "735.16500",
    });
    const detail = await tenant.client.request<OrderDetail>(`/api/orders/${listed.id}`);
    expect(detail.body.data.events.map((e) => e.action)).toEqual(["submitted", "paid", "completed"]);
    expect(detail.body.data.events.at(-1)?.detail).toBe(
      `${renewed.name} renewed until 2027-03-24T04:00:00.000Z`,
    );
    expect(term?.orderId).toBe(listed.id);

    // A replay answers the first renewal and charges nothing more; the key with another coupon is refused.
    const replay = await renew(tenant, body, key);
    expect(replay.body.data).toEqual(done.body.data);
    expect(await cashOf(t.database.db, tenant.orgId)).toBe(y("101.335"));
    const other = await renew(tenant, { ...body, couponId: "another" }, key);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe("The idempotency key was already used with different parameters");

    // The coupon is used: asked again it is reported (inquiry) and refused (renewal).
    const again = await inquire(tenant, body);
    expect(again.body.data.coupon).toMatchObject({ applicable: false, reason: "COUPON_USED" });
    const settled = await ledgerFingerprint(t.database.db);
    expect((await renew(tenant, body)).status).toBe(400);
    expect(await ledgerFingerprint(t.database.db)).toBe(settled);
    expect((await resourceRow(id)).expiresAt!.toISOString()).toBe("2027-03-24T04:00:00.000Z");

    // 3 January 12:30: 11 days of 90 used; 790.5 × 11 ÷ 90 = 96.61667 used, 708.815 paid in money,
    // 612.19833 back: cash 608.815 first, then 3.38333 to the voucher. The coupon stays used.
    await later(tenant, 10 * DAY + 1800);
    const unsubscribe = await tenant.client.request<UnsubscribeQuote>(
      `/api/service/unsubscribe/${id}/inquiry`,
    );
    expect(unsubscribe.body.data).toMatchObject({
      refund: "612.19833",
      refundTo: [
        { source: "cash", sourceId: null, amount: "608.81500", voucherClosed: false },
        { source: "deduction_voucher", sourceId: voucherAccount, amount: "3.38333", voucherClosed: false },
      ],
      blockedBy: null,
    });
    const sum = unsubscribe.body.data.refundTo.reduce((s, a) => s + y(a.amount), 0n);
    expect(sum).toBe(y(unsubscribe.body.data.refund));
    const cashBefore = await cashOf(t.database.db, tenant.orgId);
    const gone = await tenant.client.request<OrderDetail>(`/api/service/unsubscribe/${id}`, {
      method: "POST",
      headers: idem(),
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body.data.refunded).toBe("612.19833");
    expect((await cashOf(t.database.db, tenant.orgId)) - cashBefore).toBe(y("608.815"));
    expect(await balanceOf(t.database.db, voucherAccount)).toBe(y("3.38333"));
    expect((await couponRow(couponId)).status).toBe("used");
  });
});

describe("a coupon that does not apply to the renewal", () => {
  it("is reported by the inquiry and refused by the renewal, changing nothing", async () => {
    const tenant = await verifiedTenant(t, operator, "1000");
    const id = await buyHost(tenant);
    const stranger = await verifiedTenant(t, operator, "0");
    const foreign = await issueCoupon(stranger.orgId, { benefitKind: "value", value: "10" });
    const cases: [string, string][] = [
      [
        await issueCoupon(tenant.orgId, { benefitKind: "value", value: "10", applicableProducts: ["other"] }),
        "COUPON_PRODUCT_NOT_APPLICABLE",
      ],
      [
        await issueCoupon(tenant.orgId, {
          benefitKind: "value",
          value: "10",
          applicablePaymentTypes: ["postpaid"],
        }),
        "COUPON_PAYMENT_TYPE_NOT_APPLICABLE",
      ],
      [
        // One month renews for 263.5, below the threshold.
        await issueCoupon(tenant.orgId, { benefitKind: "value", value: "10", threshold: "263.50001" }),
        "COUPON_THRESHOLD_NOT_MET",
      ],
      [await issueCoupon(tenant.orgId, { benefitKind: "value", value: "10" }, 1), "COUPON_EXPIRED"],
    ];
    // Two days on, the one-day coupon has expired; the host still runs.
    await later(tenant, 2 * DAY);
    const before = (await resourceRow(id)).expiresAt!.toISOString();
    const fingerprint = await ledgerFingerprint(t.database.db);
    const unchanged = async () => {
      expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
      expect((await resourceRow(id)).expiresAt!.toISOString()).toBe(before);
    };

    for (const [couponId, reason] of cases) {
      const body = { resourceIds: [id], periodMonths: 1, align: false, couponId };
      const quote = await inquire(tenant, body);
      expect(quote.status, JSON.stringify(quote.body)).toBe(200);
      expect(quote.body.data, reason).toMatchObject({
        total: "263.50000",
        coupon: { couponId, applicable: false, reason, deduction: "0.00000" },
        couponDeduction: "0.00000",
        payable: "263.50000",
      });
      const refused = await renew(tenant, body);
      expect(refused.status, reason).toBe(400);
      expect(refused.body.message).toBe(
        "The coupon does not apply to this order or renewal (used, not yet valid, expired, not for this product or payment type, or below its spending threshold)",
      );
      await unchanged();
      expect((await couponRow(couponId)).status, reason).not.toBe("used");
    }

    // Another organisation's coupon is as good as missing.
    const body = { resourceIds: [id], periodMonths: 1, align: false, couponId: foreign };
    for (const res of [await inquire(tenant, body), await renew(tenant, body)]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("The coupon number does not exist");
    }
    expect((await couponRow(foreign)).status).toBe("valid");
    await unchanged();
  });

  it("is refused when several resources are renewed together", async () => {
    const tenant = await verifiedTenant(t, operator, "2000");
    const a = await buyHost(tenant);
    const b = await buyHost(tenant);
    const couponId = await issueCoupon(tenant.orgId, { benefitKind: "value", value: "10" });
    const fingerprint = await ledgerFingerprint(t.database.db);
    const plain = { resourceIds: [a, b], periodMonths: 1, align: true };
    const body = { ...plain, couponId };
    for (const res of [await inquire(tenant, body), await renew(tenant, body)]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        "A coupon can only be used when renewing one resource; renew that resource on its own",
      );
    }
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
    expect((await couponRow(couponId)).status).toBe("valid");
    // Without the coupon the same batch renews.
    expect((await renew(tenant, plain)).status).toBe(200);
  });
});
