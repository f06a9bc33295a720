// Quotas through HTTP (issue 5 "Orders and approvals"): `POST /api/service/apply` beyond the limit is
// refused with QUOTA_EXCEEDED (26005) and changes nothing — no money moves, no order, the coupon
// stays unused; and a quota that shrinks while an order waits (for its approval, or approved for
// manual activation) makes provisioning refuse it: the order fails, the tenant is refunded in full,
// the coupon is given back and the tenant is told. The ledger is verified after the file (harness).
import type { OrderDetail } from "@skyledger/contracts";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons } from "../src/modules/finance/finance.schema";
import { orders } from "../src/modules/orders/orders.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { cashOf, idem, ledgerFingerprint, y } from "./support/money";
import {
  advance,
  apply,
  applyBody,
  hostProduct,
  issueCoupon as issueOrderCoupon,
  verifiedTenant,
} from "./support/orders";

let t: TestApp;
let operator: TestClient;
let plain: string;
let oneLevel: string;
let manual: string;

async function setLimits(orgId: string, limits: Record<string, number | null>) {
  const res = await operator.request("/api/ops/quotas", {
    method: "PUT",
    body: { orgId, projectId: null, limits },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const issueCoupon = (orgId: string) => issueOrderCoupon(t, operator, orgId);

const couponOf = async (id: string) =>
  (await t.database.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;
const order = (client: TestClient, id: string) => client.request<OrderDetail>(`/api/orders/${id}`);
const liveResources = async (orderId: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.orderId, orderId))).filter(
    (r) => r.deletedAt === null && r.status !== "create_failure",
  );

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  plain = await hostProduct(operator);
  oneLevel = await hostProduct(operator, { approvalFlow: "oneLevel" });
  manual = await hostProduct(operator, { approvalFlow: "oneLevel", manualActivation: true });
});
afterAll(() => t.close());

describe("ordering beyond the quota", () => {
  it("is refused with QUOTA_EXCEEDED in both languages and changes nothing", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const couponId = await issueCoupon(orgId);
    // Two vCPUs of c2m4 against a limit of one.
    await setLimits(orgId, { vcpu: 1 });
    const before = await ledgerFingerprint(t.database.db);

    const en = await apply(client, applyBody(plain, { couponId }));
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: 26005,
      message: "Quota exceeded: vCPUs in use 0, requested 2, limit 1",
    });
    const zh = await client.request("/api/service/apply", {
      method: "POST",
      body: applyBody(plain, { couponId }),
      headers: idem(),
      locale: "zh-CN",
    });
    expect(zh.body).toMatchObject({ code: 26005, message: "配额不足：vCPU（核）已用0，申请2，上限1" });

    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
    expect(await t.database.db.select().from(orders).where(eq(orders.orgId, orgId))).toHaveLength(0);
    expect((await client.request<{ total: number }>("/api/orders")).body.data.total).toBe(0);
    expect(await couponOf(couponId)).toMatchObject({ status: "valid", usedOrderNo: null });

    // Within the limit again, the same purchase goes through.
    await setLimits(orgId, { vcpu: null });
    const ok = await apply(client, applyBody(plain, { couponId }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.paidAmount).toBe("300.00000");
    await advance(t, 45);
    expect((await order(client, ok.body.data.id)).body.data.status).toBe("completed");
  });
});

describe("a quota shrinking while an order waits", () => {
  it("after approval, before manual activation: provisioning refuses it and the tenant is refunded in full", async () => {
    const { client, orgId, tenant } = await verifiedTenant(t, operator);
    const couponId = await issueCoupon(orgId);
    // 310 with a 10-yuan coupon: 300 from cash (1 000 → 700).
    const res = await apply(client, applyBody(manual, { couponId }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const approved = await operator.request<OrderDetail>(`/api/audit/approval/${res.body.data.id}`, {
      method: "POST",
      body: { decision: "approve" },
    });
    expect(approved.body.data).toMatchObject({ status: "approved", awaitingActivation: true });
    expect(await cashOf(t.database.db, orgId)).toBe(y("700"));

    // Meanwhile the operators take the organisation's hosts away.
    await setLimits(orgId, { instances: 0 });
    const activated = await operator.request<OrderDetail>(
      `/api/audit/approval/${res.body.data.id}/activate`,
      {
        method: "POST",
        body: {},
      },
    );
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    await advance(t, 5);

    const failed = (await order(client, res.body.data.id)).body.data;
    expect(failed).toMatchObject({ status: "failed", refunded: "300.00000", awaitingActivation: false });
    expect(failed.errorLog).toContain("Quota exceeded: Cloud hosts in use 0, requested 1, limit 0");
    expect(failed.events.map((e) => e.action)).toEqual(
      expect.arrayContaining(["activated", "failed", "refunded"]),
    );
    expect(failed.events.map((e) => e.action)).not.toContain("provisioning");
    expect(await liveResources(failed.id)).toHaveLength(0);
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
    expect(await couponOf(couponId)).toMatchObject({ status: "valid", usedOrderNo: null });
    const told = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, tenant.email),
          eq(outboxMessages.purpose, "order.failed"),
          like(outboxMessages.body, `%${failed.orderNo}%`),
        ),
      );
    expect(told).toHaveLength(1);

    // Later steps change nothing: one refund only.
    const fingerprint = await ledgerFingerprint(t.database.db);
    await advance(t, 60);
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
  });

  it("before the approval: the approved order is refused when provisioning starts, refunded in full", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(oneLevel));
    expect(await cashOf(t.database.db, orgId)).toBe(y("690"));
    await setLimits(orgId, { vcpu: 1 });
    const approved = await operator.request<OrderDetail>(`/api/audit/approval/${res.body.data.id}`, {
      method: "POST",
      body: { decision: "approve" },
    });
    expect(approved.status).toBe(200);
    await advance(t, 5);
    const failed = (await order(client, res.body.data.id)).body.data;
    expect(failed).toMatchObject({ status: "failed", refunded: "310.00000" });
    expect(failed.errorLog).toContain("配额不足");
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
    expect(await liveResources(failed.id)).toHaveLength(0);
  });
});
