// Every approval value of spec §4 with its meaning (issue 5 §3): a new order waits `approving` at
// `audit_executing`; `reject` refuses it for good (拒绝: lev1_refused / lev2_refused, refunded in
// full); `return` sends it back (驳回): at level 1 to the tenant (applying, lev1_rejected, the money
// held), who resubmits it (back to level-1 approval after the listing and quota checks) or
// withdraws it (terminated, refunded in full, the coupon back, once per Idempotency-Key); at level 2
// back to level 1 (lev2_rejected), where the two levels must again be given by two people. The
// ledger is verified after the file (harness).
import type { OrderDetail, OrderRecord, Product } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons } from "../src/modules/finance/finance.schema";
import { orders } from "../src/modules/orders/orders.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { auditRows } from "./support/iam";
import { addOperator, cashOf, idem, ledgerFingerprint, y } from "./support/money";
import {
  advance,
  apply,
  applyBody,
  hostProduct,
  issueCoupon as issueOrderCoupon,
  mailsAbout,
  verifiedTenant,
} from "./support/orders";

let t: TestApp;
let operator: TestClient;
let second: TestClient;
let oneLevel: string;
let twoLevels: string;

type Decision = "approve" | "reject" | "return";
const decide = (id: string, decision: Decision, reason?: string, client = operator) =>
  client.request<OrderDetail>(`/api/audit/approval/${id}`, {
    method: "POST",
    body: { decision, ...(reason ? { reason } : {}) },
  });
const resubmit = (client: TestClient, id: string, remark?: string) =>
  client.request<OrderDetail>(`/api/orders/${id}/resubmit`, {
    method: "POST",
    body: remark ? { remark } : {},
  });
const withdraw = (client: TestClient, id: string, key?: string) =>
  client.request<OrderDetail>(`/api/orders/${id}/withdraw`, { method: "POST", body: {}, headers: idem(key) });
const order = (client: TestClient, id: string) => client.request<OrderDetail>(`/api/orders/${id}`);
const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const pending = async () =>
  (
    await operator.request<{ list: OrderRecord[] }>("/api/audit/approval", {
      query: { view: "pending", pageSize: 200 },
    })
  ).body.data.list.map((o) => o.id);

const mails = (purpose: string, orderNo: string) => mailsAbout(t, purpose, orderNo);

const issueCoupon = (orgId: string) => issueOrderCoupon(t, operator, orgId);
const couponOf = async (id: string) =>
  (await t.database.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;

/** A tenant's one-level order, returned to it with a coupon used: 310 − 10 = 300 paid from 1 000. */
async function returnedOrder() {
  const tenant = await verifiedTenant(t, operator);
  const couponId = await issueCoupon(tenant.orgId);
  const res = await apply(tenant.client, applyBody(oneLevel, { couponId }));
  expect(res.body.data).toMatchObject({ status: "approving", paidAmount: "300.00000" });
  const returned = await decide(res.body.data.id, "return", "Pick the 4 vCPU flavour, please");
  expect(returned.status, JSON.stringify(returned.body)).toBe(200);
  return { ...tenant, couponId, id: res.body.data.id, orderNo: res.body.data.orderNo };
}

async function setListing(code: string, listingState: "listed" | "delisted") {
  const list = await operator.request<{ list: Product[] }>("/api/ops/catalog/products", {
    query: { keyword: code },
  });
  const id = list.body.data.list.find((p) => p.code === code)!.id;
  const res = await operator.request(`/api/ops/catalog/products/${id}/listing`, {
    method: "PUT",
    body: { listingState },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  second = await signedIn(t.app, t.clock, await addOperator(t));
  oneLevel = await hostProduct(operator, { approvalFlow: "oneLevel" });
  twoLevels = await hostProduct(operator, { approvalFlow: "twoLevels" });
});
afterAll(() => t.close());

describe("submission", () => {
  it("puts an order needing approval under review: approving at audit_executing", async () => {
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(twoLevels));
    expect(res.body.data).toMatchObject({ status: "approving", approvalLevel: "audit_executing" });
    expect(res.body.data.events[0]).toMatchObject({ action: "submitted", level: "audit_executing" });
    // Level 1 of two passed: still approving, now lev1_passed.
    const first = await decide(res.body.data.id, "approve");
    expect(first.body.data).toMatchObject({ status: "approving", approvalLevel: "lev1_passed" });
  });
});

describe("refusing (reject, 拒绝)", () => {
  it("at level 1 is final: rejected at lev1_refused, refunded in full, with the reason on the trail", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(oneLevel));
    expect(await cashOf(t.database.db, orgId)).toBe(y("690"));
    const refused = await decide(res.body.data.id, "reject", "Not for this region");
    expect(refused.body.data).toMatchObject({
      status: "rejected",
      approvalLevel: "lev1_refused",
      refunded: "310.00000",
    });
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
    expect(refused.body.data.events.find((e) => e.action === "rejected")).toMatchObject({
      level: "lev1_refused",
      detail: "Not for this region",
      actor: "admin",
    });
    const [audit] = await auditRows(t, "order.rejected", res.body.data.orderNo);
    expect(audit!.detail).toMatchObject({ result: "refused", reason: "Not for this region" });
    // Final: the tenant can neither resubmit nor withdraw it.
    expect((await resubmit(client, res.body.data.id)).body.code).toBe(26070);
    expect((await withdraw(client, res.body.data.id)).body.code).toBe(26070);
  });

  it("at level 2 is final too: lev2_refused, refunded in full", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(twoLevels));
    await decide(res.body.data.id, "approve");
    const refused = await decide(res.body.data.id, "reject", "Budget not approved", second);
    expect(refused.body.data).toMatchObject({
      status: "rejected",
      approvalLevel: "lev2_refused",
      refunded: "310.00000",
    });
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
  });
});

describe("returning at level 1 (return, 驳回)", () => {
  it("needs a reason", async () => {
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(oneLevel));
    const bare = await decide(res.body.data.id, "return");
    expect(bare.status).toBe(400);
    expect((await row(res.body.data.id)).status).toBe("approving");
  });

  it("hands the order to the tenant as applying at lev1_rejected, moving no money", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const couponId = await issueCoupon(orgId);
    const res = await apply(client, applyBody(oneLevel, { couponId }));
    const before = await ledgerFingerprint(t.database.db);
    const returned = await decide(res.body.data.id, "return", "Pick the 4 vCPU flavour, please");
    expect(returned.body.data).toMatchObject({
      status: "applying",
      approvalLevel: "lev1_rejected",
      paidAmount: "300.00000",
      refunded: "0.00000",
    });
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect(await cashOf(t.database.db, orgId)).toBe(y("700"));
    expect((await couponOf(couponId)).status).toBe("used");

    // The tenant reads it with the reason; it has left the operators' pending queue.
    const mine = (await order(client, res.body.data.id)).body.data;
    expect(mine.events.at(-1)).toMatchObject({
      action: "returned",
      level: "lev1_rejected",
      detail: "Pick the 4 vCPU flavour, please",
    });
    expect(await pending()).not.toContain(res.body.data.id);
    const [mail] = await mails("order.returned", res.body.data.orderNo);
    expect(mail!.body).toContain("was returned to you at approval");
    expect(mail!.body).toContain("Reason: Pick the 4 vCPU flavour, please");
    const [audit] = await auditRows(t, "order.returned", res.body.data.orderNo);
    expect(audit!.detail).toMatchObject({ result: "returnedToTenant" });
    // Operators cannot decide it while it is with the tenant.
    expect((await decide(res.body.data.id, "approve")).body.code).toBe(26001);
  });
});

describe("resubmitting a returned order", () => {
  it("sends it back to level-1 approval, mails the approvers again, and it can be approved", async () => {
    const r = await returnedOrder();
    const mailedBefore = (await mails("order.approval", r.orderNo)).length;
    expect(mailedBefore).toBeGreaterThan(0);
    const again = await resubmit(r.client, r.id, "Switched to what was asked");
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ status: "approving", approvalLevel: "audit_executing" });
    expect(again.body.data.events.at(-1)).toMatchObject({
      action: "resubmitted",
      level: "audit_executing",
      detail: "Switched to what was asked",
    });
    expect((await mails("order.approval", r.orderNo)).length).toBe(2 * mailedBefore);
    expect(await auditRows(t, "order.resubmitted", r.orderNo)).toHaveLength(1);
    expect(await pending()).toContain(r.id);
    // Resubmitting twice is refused: it is no longer returned.
    const twice = await resubmit(r.client, r.id);
    expect(twice.body).toMatchObject({ code: 26070 });
    expect(twice.body.message).toMatch(/no longer returned to you/);

    const approved = await decide(r.id, "approve");
    expect(approved.body.data).toMatchObject({ status: "approved", approvalLevel: "audited" });
    await advance(t, 45);
    expect((await order(r.client, r.id)).body.data).toMatchObject({
      status: "completed",
      refunded: "0.00000",
    });
    // Paid once, at submission.
    expect(await cashOf(t.database.db, r.orgId)).toBe(y("700"));
  });

  it("is refused with the listing's error while the product is delisted, changing nothing", async () => {
    const code = await hostProduct(operator, { approvalFlow: "oneLevel" });
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(code));
    await decide(res.body.data.id, "return", "Wrong project");
    await setListing(code, "delisted");
    const before = await row(res.body.data.id);
    const refused = await resubmit(client, res.body.data.id);
    expect(refused.body).toMatchObject({
      code: 22002,
      message: "The package bundle or product is not listed",
    });
    expect(await row(res.body.data.id)).toEqual(before);
    await setListing(code, "listed");
    expect((await resubmit(client, res.body.data.id)).body.data.status).toBe("approving");
  });

  it("is refused when the quota no longer allows it, changing nothing", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(oneLevel));
    await decide(res.body.data.id, "return", "Wrong project");
    const limits = (vcpu: number | null) =>
      operator.request("/api/ops/quotas", {
        method: "PUT",
        body: { orgId, projectId: null, limits: { vcpu } },
      });
    expect((await limits(1)).status).toBe(200);
    const before = await row(res.body.data.id);
    const refused = await resubmit(client, res.body.data.id);
    expect(refused.body).toMatchObject({ code: 26005 });
    expect(await row(res.body.data.id)).toEqual(before);
    expect((await limits(null)).status).toBe(200);
    expect((await resubmit(client, res.body.data.id)).body.data.status).toBe("approving");
  });
});

describe("withdrawing a returned order", () => {
  it("ends it terminated, refunded in full with the coupon back, once per Idempotency-Key", async () => {
    const r = await returnedOrder();
    expect(await cashOf(t.database.db, r.orgId)).toBe(y("700"));
    const key = `withdraw-${r.id}`;
    const first = await withdraw(r.client, r.id, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ status: "terminated", refunded: "300.00000" });
    expect(first.body.data.events.slice(-2).map((e) => e.action)).toEqual(["withdrawn", "refunded"]);
    expect(await cashOf(t.database.db, r.orgId)).toBe(y("1000"));
    expect(await couponOf(r.couponId)).toMatchObject({ status: "valid", usedOrderNo: null });

    // The same key replays the answer with no second effect.
    const fingerprint = await ledgerFingerprint(t.database.db);
    const replay = await withdraw(r.client, r.id, key);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ status: "terminated", refunded: "300.00000" });
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
    expect(await auditRows(t, "order.withdrawn", r.orderNo)).toHaveLength(1);
    // A new key finds it no longer returned; so does a resubmission.
    expect((await withdraw(r.client, r.id)).body.code).toBe(26070);
    expect((await resubmit(r.client, r.id)).body.code).toBe(26070);
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
  });

  it("needs an Idempotency-Key", async () => {
    const r = await returnedOrder();
    const res = await r.client.request(`/api/orders/${r.id}/withdraw`, { method: "POST", body: {} });
    expect(res.status).toBe(400);
    expect((await row(r.id)).status).toBe("applying");
  });

  it("races a resubmission: exactly one of them happens", async () => {
    const r = await returnedOrder();
    const [a, b] = await Promise.all([withdraw(r.client, r.id), resubmit(r.client, r.id)]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a.body.code, b.body.code]).toContain(26070);
    const o = await row(r.id);
    if (a.status === 200) expect(o).toMatchObject({ status: "terminated", refunded: y("300") });
    else expect(o).toMatchObject({ status: "approving", refunded: 0n });
  });
});

describe("returning at level 2 of two", () => {
  it("goes back to level 1, where the two levels must again be two people", async () => {
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(twoLevels));
    const id = res.body.data.id;
    await decide(id, "approve"); // admin passes level 1
    const back = await decide(id, "return", "Check the project budget first", second);
    expect(back.body.data).toMatchObject({
      status: "approving",
      approvalLevel: "lev2_rejected",
      refunded: "0.00000",
    });
    expect(await pending()).toContain(id);
    // The level-1 approvers hear of it again.
    const levelOne = await mails("order.approval", res.body.data.orderNo);
    expect(levelOne.filter((m) => m.body.includes("awaits level 1")).length).toBeGreaterThan(
      levelOne.filter((m) => m.body.includes("awaits level 2")).length,
    );
    expect(await auditRows(t, "order.returned", res.body.data.orderNo)).toHaveLength(1);

    // This time the second administrator passes level 1, so only the first may give level 2.
    const again = await decide(id, "approve", undefined, second);
    expect(again.body.data).toMatchObject({ status: "approving", approvalLevel: "lev1_passed" });
    expect((await decide(id, "approve", undefined, second)).body.code).toBe(26002);
    const final = await decide(id, "approve");
    expect(final.body.data).toMatchObject({ status: "approved", approvalLevel: "audited" });
    expect(final.body.data.events.filter((e) => e.level).map((e) => [e.action, e.level, e.actor])).toEqual([
      ["submitted", "audit_executing", expect.any(String)],
      ["approved", "lev1_passed", "admin"],
      ["returned", "lev2_rejected", expect.stringMatching(/^ops/)],
      ["approved", "lev1_passed", expect.stringMatching(/^ops/)],
      ["approved", "audited", "admin"],
    ]);
  });

  it("then returned at level 1 goes to the tenant", async () => {
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(twoLevels));
    await decide(res.body.data.id, "approve");
    await decide(res.body.data.id, "return", "Check the project budget first", second);
    const toTenant = await decide(res.body.data.id, "return", "Budget missing", second);
    expect(toTenant.body.data).toMatchObject({ status: "applying", approvalLevel: "lev1_rejected" });
    // Resubmitted, it starts over at level 1.
    expect((await resubmit(client, res.body.data.id)).body.data).toMatchObject({
      status: "approving",
      approvalLevel: "audit_executing",
    });
    expect((await decide(res.body.data.id, "approve")).body.data.approvalLevel).toBe("lev1_passed");
  });
});

describe("another tenant", () => {
  it("can neither resubmit nor withdraw someone else's returned order", async () => {
    const r = await returnedOrder();
    const intruder = await verifiedTenant(t, operator);
    const before = await row(r.id);
    const fingerprint = await ledgerFingerprint(t.database.db);
    expect((await resubmit(intruder.client, r.id)).status).toBe(404);
    expect((await withdraw(intruder.client, r.id)).status).toBe(404);
    // Even without a key the answer is "not found", betraying nothing.
    expect(
      (await intruder.client.request(`/api/orders/${r.id}/withdraw`, { method: "POST", body: {} })).status,
    ).toBe(404);
    expect(await row(r.id)).toEqual(before);
    expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
  });
});
