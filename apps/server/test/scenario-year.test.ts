// The year of one tenant (issue 5 §9), every figure worked by hand in docs/billing/rules.md
// ("A year of one tenant"). The clock starts on 22 November 2026 at 10:00 Shanghai time and moves
// to November 2027; the ledger is verified when the app closes (harness).
import type { OrderDetail, RenewQuote } from "@skyledger/contracts";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { users } from "../src/modules/iam/iam.schema";
import { bills } from "../src/modules/ledger/ledger.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { addOperator, cashOf, idem, y } from "./support/money";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
let tenant: Awaited<ReturnType<typeof verifiedTenant>>;

const at = (iso: string) => new Date(iso).getTime();
/** Moves the clock to a local Shanghai time, running the lifecycle step once a day on the way. */
async function until(iso: string): Promise<void> {
  const target = at(iso);
  while (t.clock.now().getTime() + 86_400_000 < target) await advance(t, 86_400);
  await advance(t, (target - t.clock.now().getTime()) / 1000);
  await signInAgain();
}
/** Signs the tenant in again; over a year their password would expire (password.test covers that). */
async function signInAgain(): Promise<void> {
  await t.database.db
    .update(users)
    .set({ pwdChangedAt: t.clock.now() })
    .where(eq(users.id, tenant.tenant.userSid));
  tenant.client = await signedIn(t.app, t.clock, tenant.tenant);
}
const expiry = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!.expiresAt!.toISOString();
const created = async (res: { body: { data: OrderDetail } }) =>
  (await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`)).body.data.resourceIds[0]!;

beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX: "true" });
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(() => t.close());

it("tops up, buys, approves, resizes, renews aligned, auto-renews, meters a disk and unsubscribes", async () => {
  const product = await hostProduct(operator, { approvalFlow: "twoLevels" });
  tenant = await verifiedTenant(t, operator, "0");
  const { orgId } = tenant;

  // 1. Top-up of 10 000 through the sandbox gateway.
  const topUp = await tenant.client.request<{ rechargeNo: string; payUrl: string }>(
    "/api/online_recharge/create",
    {
      method: "POST",
      body: { amount: "10000", channel: "sandbox" },
      headers: idem(),
    },
  );
  await t.app.inject({
    method: "POST",
    url: `/gateway/sandbox/pay/${topUp.body.data.rechargeNo}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    // The page's own token, from the link the payer follows.
    payload: `decision=paid&token=${new URL(topUp.body.data.payUrl, "http://localhost").searchParams.get("token")}`,
  });
  await t.app.finance.idle();
  expect(await cashOf(t.database.db, orgId)).toBe(y("10000"));

  // 2. A 1-month host (310) with a 10-yuan coupon, under two approval levels.
  const now = t.clock.now().getTime();
  const coupon = await operator.request<{ id: string }[]>("/api/ops/coupons", {
    method: "POST",
    body: {
      name: "Ten off",
      benefitKind: "value",
      value: "10",
      count: 1,
      orgId,
      validFrom: new Date(now - 3_600_000).toISOString(),
      validUntil: new Date(now + 30 * 86_400_000).toISOString(),
    },
  });
  const order = await apply(
    tenant.client,
    applyBody(product, { name: "year-host", couponId: coupon.body.data[0]!.id }),
  );
  expect(order.body.data).toMatchObject({
    status: "approving",
    amount: "310.00000",
    paidAmount: "300.00000",
  });
  await operator.request(`/api/audit/approval/${order.body.data.id}`, {
    method: "POST",
    body: { decision: "approve" },
  });
  const second = await signedIn(t.app, t.clock, await addOperator(t));
  await second.request(`/api/audit/approval/${order.body.data.id}`, {
    method: "POST",
    body: { decision: "approve" },
  });
  await advance(t, 45);
  const host = await created(order);
  expect(await expiry(host)).toBe("2026-12-22T02:00:45.000Z");

  // 3. Three days later a 1-month elastic IP (5 + 23 × 1 Mbit/s = 28), to align with.
  await until("2026-11-25T02:00:45.000Z");
  const ip = await apply(tenant.client, applyBody("eip", { name: "year-ip", spec: { bandwidthMbps: 1 } }));
  expect(ip.body.data.amount).toBe("28.00000");
  await advance(t, 10);
  const eip = await created(ip);
  expect(await expiry(eip)).toBe("2026-12-25T02:00:55.000Z");

  // 4. Mid-month, 6 December 22:00:45, the host grows to 4 vCPU / 8 GB (620 a month).
  await until("2026-12-06T14:00:45.000Z");
  const resized = await tenant.client.request<OrderDetail>("/api/service/resize_resource", {
    method: "POST",
    body: { resourceId: host, spec: { flavorId: "c4m8" } },
    headers: idem(),
  });
  expect(resized.body.data).toMatchObject({ amount: "330.66667", refunded: "165.33333" });
  await advance(t, 31);

  // 5. On 12 December both are renewed for 3 months, aligned to the later expiry.
  await until("2026-12-12T02:00:00.000Z");
  const renewed = await tenant.client.request<RenewQuote>("/api/renew", {
    method: "POST",
    body: { resourceIds: [host, eip], periodMonths: 3, align: true },
    headers: idem(),
  });
  expect(renewed.body.data.items.map((i) => [i.alignDays, i.amount])).toEqual([
    [4, "1942.66667"],
    [0, "84.00000"],
  ]);
  expect(await expiry(host)).toBe("2027-03-25T02:00:55.000Z");

  // 6. Auto-renew on for the host only; the IP lapses, is frozen and released.
  await tenant.client.request(`/api/renew/${host}/auto`, { method: "PUT", body: { autoRenew: true } });
  await until("2027-03-18T02:00:55.000Z");
  expect(await expiry(host)).toBe("2027-06-25T02:00:55.000Z");
  await until("2027-04-02T02:00:00.000Z");
  const [ipRow] = await t.database.db.select().from(resources).where(eq(resources.id, eip));
  expect(ipRow!.status).toBe("deleted");

  // 7. A postpaid 100 GB SSD disk (1 yuan per GB a month) for 50 hours.
  const disk = await apply(
    tenant.client,
    applyBody("evs-disk", {
      name: "year-disk",
      spec: { diskType: "ssd", sizeGb: 100 },
      paymentType: "postpaid",
      periodMonths: undefined,
    }),
  );
  expect(disk.status, JSON.stringify(disk.body)).toBe(200);
  await advance(t, 10);
  const diskId = await created(disk);
  t.clock.advance(49.5 * 3_600_000);
  await advance(t, 0);
  await signInAgain();
  const dropped = await tenant.client.request<OrderDetail>(`/api/service/unsubscribe/${diskId}`, {
    method: "POST",
    headers: idem(),
  });
  expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);

  // 8. Auto-renew runs again in June and September; the host is unsubscribed on 1 November 2027.
  await until("2027-06-18T02:00:55.000Z");
  await until("2027-09-18T02:00:55.000Z");
  expect(await expiry(host)).toBe("2027-12-25T02:00:55.000Z");
  await until("2027-11-01T02:00:55.000Z");
  const quote = await tenant.client.request(`/api/service/unsubscribe/${host}/inquiry`);
  expect(quote.body.data).toMatchObject({ refund: "1103.73626", overdue: "0.00000" });
  const gone = await tenant.client.request<OrderDetail>(`/api/service/unsubscribe/${host}`, {
    method: "POST",
    headers: idem(),
  });
  expect(gone.body.data.refunded).toBe("1103.73626");

  // Every bill, in order, as docs/billing/rules.md works them out.
  const rows = await t.database.db
    .select({
      type: bills.type,
      chargeType: bills.chargeType,
      amount: bills.actualAmount,
      coupon: bills.couponDeduction,
    })
    .from(bills)
    .where(eq(bills.orgId, orgId))
    .orderBy(asc(bills.billNo));
  expect(rows.map((b) => [b.type, b.chargeType, b.amount.toString(), b.coupon.toString()])).toEqual([
    ["charge", "prepaid", y("300").toString(), y("10").toString()],
    ["charge", "prepaid", y("28").toString(), "0"],
    ["refund", "prepaid", y("-165.33333").toString(), "0"],
    ["charge", "prepaid", y("330.66667").toString(), "0"],
    ["charge", "prepaid", y("1942.66667").toString(), "0"],
    ["charge", "prepaid", y("84").toString(), "0"],
    ["charge", "prepaid", y("1860").toString(), "0"],
    ["charge", "postpaid", y("6.80556").toString(), "0"],
    ["charge", "postpaid", y("0.13889").toString(), "0"],
    ["charge", "prepaid", y("1860").toString(), "0"],
    ["charge", "prepaid", y("1860").toString(), "0"],
    ["refund", "prepaid", y("-1103.73626").toString(), "0"],
  ]);
  // 10 000 − 300 − 28 + 165.33333 − 330.66667 − 1 942.66667 − 84 − 1 860 − 6.80556 − 0.13889
  //   − 1 860 − 1 860 + 1 103.73626 = 2 996.79180
  expect(await cashOf(t.database.db, orgId)).toBe(y("2996.7918"));
}, 300_000);
