// Cash vouchers and coupons from both sides: the operator issues, distributes, voids; the tenant
// checks, redeems, spends and lists; the sweep expires; and a second tenant sees none of it.
import { parseYuan } from "@skyledger/billing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { charge, PLATFORM } from "../src/modules/ledger/ledger.service";
import { DEMO, signedIn, TestClient } from "./support/client";
import { registerTenant } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { balanceOf, DEMO_ORG, idem, ledgerFingerprint, y } from "./support/money";

type Voucher = {
  id: string;
  code: string;
  kind: "deduction" | "topup";
  faceValue: string;
  balance: string;
  status: string;
  orgId: string | null;
  orgName: string | null;
  validUntil: string;
};
type Coupon = {
  id: string;
  couponNo: string;
  status: string;
  discount: string;
  value: string;
  orgId: string | null;
  batchNo: string;
};
type Page<T> = { list: T[]; total: number };
type Overview = { deductionVoucherBalance: string; topupVoucherBalance: string; availableToSpend: string };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let tenant: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX: "true" });
  [tenant, admin] = await Promise.all([
    signedIn(t.app, t.clock, DEMO.tenant),
    signedIn(t.app, t.clock, DEMO.admin),
  ]);
});
afterAll(() => t.close());

/** The operators' audit log's actions on one target, oldest first. */
async function auditedOn(target: string): Promise<string[]> {
  const res = await admin.request<Page<{ action: string; target: string | null }>>("/api/ops/audit_logs", {
    query: { pageSize: 200 },
  });
  expect(res.status).toBe(200);
  return res.body.data.list
    .filter((r) => r.target === target)
    .map((r) => r.action)
    .reverse();
}

const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();

async function issueVouchers(body: Record<string, unknown>): Promise<Voucher[]> {
  const res = await admin.request<{ vouchers: Voucher[] }>("/api/ops/cash_vouchers", {
    method: "POST",
    body: { validFrom: at(-HOUR), validUntil: at(10 * DAY), count: 1, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.vouchers;
}

async function issueCoupons(body: Record<string, unknown>) {
  return admin.request<Coupon[]>("/api/ops/coupons", {
    method: "POST",
    body: { name: "Test coupon", validFrom: at(-HOUR), validUntil: at(30 * DAY), count: 1, ...body },
  });
}

const overview = async (client = tenant) =>
  (await client.request<Overview>("/api/billing_account")).body.data;
const check = (code: string, client = tenant) =>
  client.request<{ redeemable: boolean; kind: string; faceValue: string }>("/api/cashCoupon/check", {
    method: "POST",
    body: { code },
  });
const redeem = (code: string, client = tenant) =>
  client.request<{ id: string; faceValue: string }>("/api/cashCoupons/redeem", {
    method: "POST",
    body: { code },
    headers: idem(),
  });
const tenantVouchers = async (client = tenant) =>
  (await client.request<Page<Voucher>>("/api/cashCoupons", { query: { pageSize: 100 } })).body.data;
const tenantCoupons = async (client = tenant, query: Record<string, string | number> = {}) =>
  (await client.request<Page<Coupon>>("/api/coupons", { query: { pageSize: 100, ...query } })).body.data;
const byId = <T extends { id: string }>(list: T[], id: string) => list.find((x) => x.id === id);

describe("cash vouchers", () => {
  let codes: Voucher[];
  let direct: Voucher;

  it("are issued as codes or straight to a tenant", async () => {
    codes = await issueVouchers({ kind: "topup", faceValue: "50", count: 3, remark: "campaign" });
    expect(codes).toHaveLength(3);
    for (const v of codes) {
      expect(v).toMatchObject({
        kind: "topup",
        faceValue: "50.00000",
        balance: "50.00000",
        status: "undistributed",
        orgId: null,
      });
      expect(v.code).toMatch(/^CV-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    }
    direct = (await issueVouchers({ kind: "deduction", faceValue: "30", orgId: DEMO_ORG }))[0]!;
    expect(direct).toMatchObject({ status: "available", balance: "30.00000", orgName: "Demo AI Lab" });
    expect(await overview()).toMatchObject({
      deductionVoucherBalance: "30.00000",
      topupVoucherBalance: "0.00000",
    });
  });

  it("refuses an unknown code with 'the cash voucher does not exist' (23001)", async () => {
    const en = await check("CV-0000-0000-0000-0000");
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ code: 23001, message: "The cash voucher does not exist" });
    const zh = await tenant.request("/api/cashCoupon/check", {
      method: "POST",
      body: { code: "CV-0000-0000-0000-0000" },
      locale: "zh-CN",
    });
    expect(zh.body.message).toBe("现金券不存在");
    expect((await redeem("CV-0000-0000-0000-0000")).body.code).toBe(23001);
  });

  it("are checked, redeemed by code (case and spaces ignored) and only once", async () => {
    const code = codes[0]!.code;
    expect((await check(code)).body.data).toMatchObject({
      kind: "topup",
      faceValue: "50.00000",
      redeemable: true,
    });
    const res = await redeem(`  ${code.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: codes[0]!.id, faceValue: "50.00000" });
    expect((await check(code)).body.data.redeemable).toBe(false);
    const again = await redeem(code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 23009,
      message: "The cash voucher was already redeemed, voided or has expired",
    });
    expect(await overview()).toMatchObject({
      deductionVoucherBalance: "30.00000",
      topupVoucherBalance: "50.00000",
    });
    const list = await tenantVouchers();
    expect(byId(list.list, codes[0]!.id)).toMatchObject({ status: "available", balance: "50.00000" });
    // A voucher given straight to the tenant cannot be redeemed by code again either.
    expect((await redeem(direct.code)).body.code).toBe(23009);
  });

  it("are spent deduction first, and the movements show in deductRecord", async () => {
    await t.database.db.transaction((tx) =>
      charge(tx, {
        orgId: DEMO_ORG,
        amount: y("35"),
        referenceType: "test_order",
        referenceId: "ORDER-VOUCHERS-1",
        now: t.clock.now(),
      }),
    );
    expect(await overview()).toMatchObject({
      deductionVoucherBalance: "0.00000",
      topupVoucherBalance: "45.00000",
    });
    const list = await tenantVouchers();
    expect(byId(list.list, direct.id)).toMatchObject({ status: "used", balance: "0.00000" });
    const record = await tenant.request<
      { type: string; amount: string; balanceAfter: string; referenceId: string }[]
    >(`/api/cashCoupon/deductRecord/${codes[0]!.id}`);
    expect(record.status).toBe(200);
    expect(record.body.data.map((r) => [r.type, r.amount, r.balanceAfter, r.referenceId])).toEqual([
      ["charge", "-5.00000", "45.00000", "ORDER-VOUCHERS-1"],
      ["voucher_issue", "50.00000", "50.00000", codes[0]!.code],
    ]);
  });

  it("void returns what is left to promotions, and cannot be voided twice", async () => {
    const promotions = await balanceOf(t.database.db, PLATFORM.promotions);
    const res = await admin.request(`/api/ops/cash_vouchers/${codes[0]!.id}/void`, { method: "POST" });
    expect(res.status).toBe(200);
    expect((await balanceOf(t.database.db, PLATFORM.promotions)) - promotions).toBe(y("45"));
    expect(await overview()).toMatchObject({ topupVoucherBalance: "0.00000" });
    expect(byId((await tenantVouchers()).list, codes[0]!.id)).toMatchObject({
      status: "voided",
      balance: "0.00000",
    });
    const twice = await admin.request(`/api/ops/cash_vouchers/${codes[0]!.id}/void`, { method: "POST" });
    expect(twice.body.code).toBe(23009);
    // Voided once, audited once: the refused second void left no row.
    expect(await auditedOn(codes[0]!.code)).toEqual(["cashVoucher.voided"]);
    // A used voucher has nothing left to void.
    expect(
      (await admin.request(`/api/ops/cash_vouchers/${direct.id}/void`, { method: "POST" })).body.code,
    ).toBe(23009);
  });

  it("an undistributed voucher voided before anyone redeems it moves no money and cannot be redeemed", async () => {
    const before = await ledgerFingerprint(t.database.db);
    const res = await admin.request(`/api/ops/cash_vouchers/${codes[1]!.id}/void`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect((await redeem(codes[1]!.code)).body.code).toBe(23009);
    const batch = await admin.request<Page<Voucher>>("/api/ops/cash_vouchers/batchQuery", {
      query: { status: "voided" },
    });
    expect(batch.body.data.list.map((v) => v.id).sort()).toEqual([codes[0]!.id, codes[1]!.id].sort());
  });

  it("expire in the sweep after their end: the balance goes back, codes can no longer be redeemed", async () => {
    const [soon] = await issueVouchers({
      kind: "topup",
      faceValue: "12",
      orgId: DEMO_ORG,
      validUntil: at(HOUR / 2),
    });
    const [code] = await issueVouchers({ kind: "topup", faceValue: "13", validUntil: at(HOUR / 2) });
    // One valid only from tomorrow is held but not spendable yet: the overview leaves it out.
    const [future] = await issueVouchers({
      kind: "topup",
      faceValue: "7",
      orgId: DEMO_ORG,
      validFrom: at(DAY),
      validUntil: at(2 * DAY),
    });
    expect(future!.status).toBe("available");
    expect(await overview()).toMatchObject({ topupVoucherBalance: "12.00000" });
    const promotions = await balanceOf(t.database.db, PLATFORM.promotions);
    t.clock.advanceMinutes(31);
    // Past its end the voucher is no longer spendable, even before the sweep.
    expect(await overview()).toMatchObject({ topupVoucherBalance: "0.00000" });
    expect((await check(code!.code)).body.data.redeemable).toBe(false);
    expect((await redeem(code!.code)).body.code).toBe(23009);
    await t.app.finance.sweep();
    await t.app.finance.idle();
    expect((await balanceOf(t.database.db, PLATFORM.promotions)) - promotions).toBe(y("12"));
    expect(byId((await tenantVouchers()).list, soon!.id)).toMatchObject({
      status: "expired",
      balance: "0.00000",
    });
    const batch = await admin.request<Page<Voucher>>("/api/ops/cash_vouchers/batchQuery", {
      query: { status: "expired" },
    });
    expect(batch.body.data.list.map((v) => v.id).sort()).toEqual([soon!.id, code!.id].sort());
  });

  it("refuses bad issue parameters", async () => {
    const base = { kind: "topup", faceValue: "10", count: 1, validFrom: at(0), validUntil: at(DAY) };
    for (const [body, message] of [
      [{ ...base, validUntil: at(-DAY) }, "The end time must not be earlier than the start time"],
      [{ ...base, faceValue: "0" }, "The amount must be greater than 0"],
      [{ ...base, faceValue: "1.000001" }, "The amount is invalid (at most 5 decimals)"],
      [{ ...base, count: 0 }, "Quantities are positive integers greater than 0"],
    ] as const) {
      const res = await admin.request("/api/ops/cash_vouchers", { method: "POST", body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const unknownOrg = await admin.request("/api/ops/cash_vouchers", {
      method: "POST",
      body: { ...base, orgId: "00000000-0000-4000-8000-0000000fffff" },
    });
    expect(unknownOrg.status).toBe(404);
  });
});

describe("coupons", () => {
  let undistributed: Coupon[];
  let discount: Coupon;

  it("are issued with a value or a discount, undistributed or straight to a tenant", async () => {
    const value = await issueCoupons({ benefitKind: "value", value: "20", threshold: "100", count: 2 });
    expect(value.status).toBe(200);
    undistributed = value.body.data;
    expect(undistributed.map((c) => c.status)).toEqual(["undistribute", "undistribute"]);
    expect(undistributed[0]).toMatchObject({ value: "20.00000", orgId: null });
    const d = await issueCoupons({ benefitKind: "discount", discount: "0.85", orgId: DEMO_ORG });
    expect(d.status).toBe(200);
    discount = d.body.data[0]!;
    expect(discount).toMatchObject({ status: "valid", discount: "0.85", orgId: DEMO_ORG });
    expect(await auditedOn(discount.batchNo)).toEqual(["coupon.issued"]);
  });

  it("refuses a discount outside 0–1, a validity that ends before it starts, and a missing value", async () => {
    for (const [body, message] of [
      [
        { benefitKind: "discount", discount: "1.5" },
        "The discount is between 0 and 1 with at most 2 decimals",
      ],
      [
        { benefitKind: "discount", discount: "0.855" },
        "The discount is between 0 and 1 with at most 2 decimals",
      ],
      [
        { benefitKind: "value", value: "5", validFrom: at(DAY), validUntil: at(0) },
        "The end time must not be earlier than the start time",
      ],
      [{ benefitKind: "value" }, "This field is required"],
    ] as const) {
      const res = await issueCoupons(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("are distributed once, voided once", async () => {
    const [first, second] = undistributed;
    const ok = await admin.request(`/api/ops/coupons/${first!.id}/distribute`, {
      method: "POST",
      body: { orgId: DEMO_ORG },
    });
    expect(ok.status).toBe(200);
    const twice = await admin.request(`/api/ops/coupons/${first!.id}/distribute`, {
      method: "POST",
      body: { orgId: DEMO_ORG },
    });
    expect(twice.body.code).toBe(23015);
    expect((await admin.request(`/api/ops/coupons/${second!.id}/void`, { method: "POST" })).status).toBe(200);
    expect((await admin.request(`/api/ops/coupons/${second!.id}/void`, { method: "POST" })).body.code).toBe(
      23015,
    );
    const voidedThenDistributed = await admin.request(`/api/ops/coupons/${second!.id}/distribute`, {
      method: "POST",
      body: { orgId: DEMO_ORG },
    });
    expect(voidedThenDistributed.body.code).toBe(23015);
    // Each change is audited with the change; the refused repeats left no row.
    expect(await auditedOn(first!.id)).toEqual(["coupon.distributed"]);
    expect(await auditedOn(second!.id)).toEqual(["coupon.voided"]);
  });

  it("a coupon not yet valid is inactive until its start, then valid; past its end, expired", async () => {
    const res = await issueCoupons({
      benefitKind: "value",
      value: "8",
      orgId: DEMO_ORG,
      validFrom: at(2 * HOUR),
      validUntil: at(5 * HOUR),
    });
    const later = res.body.data[0]!;
    expect(later.status).toBe("inactive");
    const undistributedShort = (
      await issueCoupons({ benefitKind: "value", value: "3", validUntil: at(4 * HOUR) })
    ).body.data[0]!;

    const list = await tenantCoupons();
    expect(list.list.map((c) => [c.id, c.status]).sort()).toEqual(
      [
        [undistributed[0]!.id, "valid"],
        [discount.id, "valid"],
        [later.id, "inactive"],
      ].sort(),
    );
    expect((await tenantCoupons(tenant, { status: "inactive" })).list.map((c) => c.id)).toEqual([later.id]);

    t.clock.advance(2 * HOUR);
    tenant = await signedIn(t.app, t.clock, DEMO.tenant);
    admin = await signedIn(t.app, t.clock, DEMO.admin);
    expect(byId((await tenantCoupons()).list, later.id)?.status).toBe("valid");

    t.clock.advance(3 * HOUR);
    tenant = await signedIn(t.app, t.clock, DEMO.tenant);
    admin = await signedIn(t.app, t.clock, DEMO.admin);
    // An operator cannot hand out a coupon whose validity has ended.
    const stale = await admin.request(`/api/ops/coupons/${undistributedShort.id}/distribute`, {
      method: "POST",
      body: { orgId: DEMO_ORG },
    });
    expect(stale.body.code).toBe(23015);
    await t.app.finance.sweep();
    await t.app.finance.idle();
    expect(byId((await tenantCoupons()).list, later.id)?.status).toBe("expired");
    const ops = await admin.request<Page<Coupon>>("/api/ops/coupons", {
      query: { couponNo: undistributedShort.couponNo },
    });
    expect(ops.body.data.list.map((c) => c.status)).toEqual(["expired"]);
  });
});

describe("another tenant", () => {
  let other: TestClient;

  beforeAll(async () => {
    const visitor = new TestClient(t.app, t.clock, "10.9.0.1");
    const created = await registerTenant(t, visitor);
    other = await signedIn(t.app, t.clock, created);
  });

  it("sees none of the first tenant's vouchers, coupons or balances", async () => {
    expect((await tenantVouchers(other)).total).toBe(0);
    expect((await tenantCoupons(other)).total).toBe(0);
    expect(await overview(other)).toMatchObject({
      deductionVoucherBalance: "0.00000",
      topupVoucherBalance: "0.00000",
      availableToSpend: "0.00000",
    });
    const mine = (await tenantVouchers()).list[0]!;
    const theirs = await other.request(`/api/cashCoupon/deductRecord/${mine.id}`);
    const unknown = await other.request("/api/cashCoupon/deductRecord/00000000-0000-4000-8000-00000000dead");
    // Exactly the answer of a voucher that does not exist: nothing reveals that it does.
    expect(theirs.status).toBe(unknown.status);
    expect(theirs.body).toEqual(unknown.body);
    expect(theirs.body.code).toBe(23001);
  });

  it("cannot redeem a voucher the first tenant holds, nor read the first tenant's top-ups", async () => {
    const held = (await tenantVouchers()).list.find((v) => v.status === "available" || v.status === "used")!;
    const before = await ledgerFingerprint(t.database.db);
    expect((await redeem(held.code, other)).body.code).toBe(23009);
    expect(await ledgerFingerprint(t.database.db)).toBe(before);

    const mine = await tenant.request<{ rechargeNo: string }>("/api/online_recharge/create", {
      method: "POST",
      body: { amount: "5", channel: "sandbox" },
      headers: idem(),
    });
    const theirs = await other.request(`/api/online_recharge/${mine.body.data.rechargeNo}`);
    expect(theirs.status).toBe(404);
    const deposits = await other.request<Page<unknown>>("/api/deposits");
    expect(deposits.body.data.total).toBe(0);
  });

  it("redeems a code of its own into its own account", async () => {
    const [v] = await issueVouchers({ kind: "topup", faceValue: "9.5" });
    expect((await redeem(v!.code, other)).status).toBe(200);
    expect(await overview(other)).toMatchObject({
      topupVoucherBalance: "9.50000",
      availableToSpend: "9.50000",
    });
    expect(byId((await tenantVouchers()).list, v!.id)).toBeUndefined();
    expect(parseYuan((await overview()).topupVoucherBalance)).toBe(0n);
  });

  it("races the first tenant for one code: exactly one of them gets it", async () => {
    const [v] = await issueVouchers({ kind: "deduction", faceValue: "6" });
    const before = await ledgerFingerprint(t.database.db);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => redeem(v!.code, i % 2 === 0 ? tenant : other)),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === 23009)).toHaveLength(9);
    expect(await ledgerFingerprint(t.database.db)).not.toBe(before);
    // Whoever won holds it; the loser's account shows nothing of it.
    const held = [
      byId((await tenantVouchers()).list, v!.id),
      byId((await tenantVouchers(other)).list, v!.id),
    ].filter(Boolean);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ status: "available", balance: "6.00000" });
  });
});
