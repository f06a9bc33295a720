// Idempotency keys on the money-moving endpoints, over HTTP: a repeated key gives one effect and the
// first answer again; the same key with other parameters is refused; keys live 24 hours; ten
// identical requests at once still give one effect.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceAdjustments, topUps } from "../src/modules/finance/finance.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { DEMO_ORG, idem, idemKey, uploadEvidence } from "./support/money";

type Recharge = { rechargeNo: string; amount: string; status: string };
type Voucher = { id: string; code: string };
type Overview = { balance: string; deductionVoucherBalance: string; topupVoucherBalance: string };

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

async function topUpCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(topUps).where(eq(topUps.orgId, DEMO_ORG));
  return row?.n ?? 0;
}

async function adjustmentCount(reason: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(balanceAdjustments)
    .where(and(eq(balanceAdjustments.orgId, DEMO_ORG), eq(balanceAdjustments.reason, reason)));
  return row?.n ?? 0;
}

const overview = async () => (await tenant.request<Overview>("/api/billing_account")).body.data;

async function issueCodes(n: number, kind: "topup" | "deduction" = "topup"): Promise<Voucher[]> {
  const now = t.clock.now();
  const res = await admin.request<{ vouchers: Voucher[] }>("/api/ops/cash_vouchers", {
    method: "POST",
    body: {
      kind,
      faceValue: "8",
      count: n,
      validFrom: now.toISOString(),
      validUntil: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    },
  });
  expect(res.status).toBe(200);
  return res.body.data.vouchers;
}

const createTopUp = (key: string, amount = "10", client = tenant) =>
  client.request<Recharge>("/api/online_recharge/create", {
    method: "POST",
    body: { amount, channel: "sandbox" },
    headers: idem(key),
  });

const redeem = (key: string, code: string) =>
  tenant.request<Voucher>("/api/cashCoupons/redeem", {
    method: "POST",
    body: { code },
    headers: idem(key),
  });

const adjust = (key: string, amount: string, reason: string, client = admin) =>
  client.request<{ id: string; status: string }>("/api/ops/adjustments", {
    method: "POST",
    body: { orgId: DEMO_ORG, amount, reason },
    headers: idem(key),
  });

describe("a repeated key", () => {
  it("creates one top-up and replays the first answer", async () => {
    const key = idemKey();
    const before = await topUpCount();
    const first = await createTopUp(key);
    const second = await createTopUp(key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(await topUpCount()).toBe(before + 1);
  });

  it("redeems a voucher once and replays the first answer", async () => {
    const [v] = await issueCodes(1);
    const key = idemKey();
    const before = await overview();
    const first = await redeem(key, v!.code);
    const second = await redeem(key, v!.code);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const after = await overview();
    expect(Number(after.topupVoucherBalance) - Number(before.topupVoucherBalance)).toBe(8);
    // A new key is a new request: the voucher is taken by then.
    const again = await redeem(idemKey(), v!.code);
    expect(again.body.code).toBe(23009);
  });

  it("applies one balance adjustment and replays the first answer", async () => {
    const key = idemKey();
    const before = await overview();
    const first = await adjust(key, "3.5", "idempotency replay");
    const second = await adjust(key, "3.5", "idempotency replay");
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe("applied");
    expect(second.body.data).toEqual(first.body.data);
    expect(await adjustmentCount("idempotency replay")).toBe(1);
    expect(Number((await overview()).balance) - Number(before.balance)).toBe(3.5);
  });
});

describe("refusals", () => {
  it("refuses the same key with other parameters (23007), changing nothing", async () => {
    const key = idemKey();
    await createTopUp(key, "10");
    const before = await topUpCount();
    const other = await createTopUp(key, "11");
    expect(other.status).toBe(400);
    expect(other.body.code).toBe(23007);
    expect(other.body.message).toBe("The idempotency key was already used with different parameters");
    expect(await topUpCount()).toBe(before);

    const adjustKey = idemKey();
    await adjust(adjustKey, "1", "idempotency conflict");
    const otherAdjust = await adjust(adjustKey, "2", "idempotency conflict");
    expect(otherAdjust.body.code).toBe(23007);
    expect(await adjustmentCount("idempotency conflict")).toBe(1);
  });

  it("refuses a missing or too short key (23008) on every money-moving endpoint", async () => {
    const [v] = await issueCodes(1);
    const calls = [
      (headers: Record<string, string>) =>
        tenant.request("/api/online_recharge/create", {
          method: "POST",
          body: { amount: "1", channel: "sandbox" },
          headers,
        }),
      (headers: Record<string, string>) =>
        tenant.request("/api/cashCoupons/redeem", { method: "POST", body: { code: v!.code }, headers }),
      (headers: Record<string, string>) =>
        admin.request("/api/ops/adjustments", {
          method: "POST",
          body: { orgId: DEMO_ORG, amount: "1", reason: "no key" },
          headers,
        }),
      async (headers: Record<string, string>) =>
        admin.request("/api/billing_account/recharge", {
          method: "POST",
          body: {
            orgId: DEMO_ORG,
            amount: "1",
            remark: "no key",
            evidenceFileId: await uploadEvidence(admin),
          },
          headers,
        }),
    ];
    const before = await topUpCount();
    for (const call of calls) {
      for (const headers of [{}, idem("short"), idem("bad key with spaces")]) {
        const res = await call(headers);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(23008);
      }
    }
    const zh = await tenant.request("/api/online_recharge/create", {
      method: "POST",
      body: { amount: "1", channel: "sandbox" },
      locale: "zh-CN",
    });
    expect(zh.body.message).toBe("缺少或无效的幂等键（Idempotency-Key，8到128个字符）");
    expect(await topUpCount()).toBe(before);
    expect(await adjustmentCount("no key")).toBe(0);
    // The voucher was not taken by any of them.
    expect((await redeem(idemKey(), v!.code)).status).toBe(200);
  });

  it("keeps two tenants' equal keys apart", async () => {
    const key = idemKey();
    const mine = await createTopUp(key, "10");
    // The admin's manual recharge with the same key is another scope: no conflict, one effect.
    const manual = await admin.request<{ rechargeNo: string }>("/api/billing_account/recharge", {
      method: "POST",
      body: {
        orgId: DEMO_ORG,
        amount: "2",
        remark: "bank transfer",
        evidenceFileId: await uploadEvidence(admin),
      },
      headers: idem(key),
    });
    expect(manual.status).toBe(200);
    expect(manual.body.data.rechargeNo).not.toBe(mine.body.data.rechargeNo);
  });
});

describe("ten identical requests at once", () => {
  it("create one top-up and all get its answer", async () => {
    const key = idemKey();
    const before = await topUpCount();
    const replies = await Promise.all(Array.from({ length: 10 }, () => createTopUp(key, "6.6")));
    for (const r of replies) expect(r.status).toBe(200);
    expect(new Set(replies.map((r) => r.body.data.rechargeNo)).size).toBe(1);
    expect(await topUpCount()).toBe(before + 1);
  });

  it("redeem one voucher once", async () => {
    const [v] = await issueCodes(1, "deduction");
    const key = idemKey();
    const before = await overview();
    const replies = await Promise.all(Array.from({ length: 10 }, () => redeem(key, v!.code)));
    for (const r of replies) expect(r.status).toBe(200);
    expect(new Set(replies.map((r) => r.body.data.id))).toEqual(new Set([v!.id]));
    const after = await overview();
    expect(Number(after.deductionVoucherBalance) - Number(before.deductionVoucherBalance)).toBe(8);
  });

  it("apply one adjustment", async () => {
    const key = idemKey();
    const before = await overview();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => adjust(key, "1.23", "concurrent duplicates")),
    );
    for (const r of replies) expect(r.status).toBe(200);
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(1);
    expect(await adjustmentCount("concurrent duplicates")).toBe(1);
    expect(Number((await overview()).balance) - Number(before.balance)).toBeCloseTo(1.23, 5);
  });
});

describe("after 24 hours", () => {
  it("a key starts over", async () => {
    const key = idemKey();
    const first = await createTopUp(key, "10");
    t.clock.advance(24 * 60 * 60 * 1000 - 60_000);
    // Sessions end after an hour of inactivity: sign in again at each step.
    let client = await signedIn(t.app, t.clock, DEMO.tenant);
    const within = await createTopUp(key, "10", client);
    expect(within.body.data.rechargeNo).toBe(first.body.data.rechargeNo);
    t.clock.advanceMinutes(1);
    client = await signedIn(t.app, t.clock, DEMO.tenant);
    const before = await topUpCount();
    const after = await createTopUp(key, "12", client);
    expect(after.status).toBe(200);
    expect(after.body.data.rechargeNo).not.toBe(first.body.data.rechargeNo);
    expect(after.body.data.amount).toBe("12.00000");
    expect(await topUpCount()).toBe(before + 1);
  });
});
