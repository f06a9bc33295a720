// Online top-up through the built-in sandbox gateway: the payment page, the payer's choice, the
// signed asynchronous notification that alone credits money (once), forged and replayed
// notifications, cancel, expiry after 30 minutes, credit repaid first, and bad input.
import { parseYuan } from "@skyledger/billing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxPayments, serverSecrets } from "../src/modules/finance/finance.schema";
import { buildNotification, type GatewayNotification } from "../src/modules/finance/gateways/sandbox";
import { charge } from "../src/modules/ledger/ledger.service";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { cashOf, creditUsedOf, DEMO_ORG, idem, ledgerFingerprint, y } from "./support/money";

type Recharge = {
  rechargeNo: string;
  amount: string;
  status: "pending" | "success" | "failed" | "expired";
  failureReason: string | null;
  paidAt: string | null;
  expiresAt: string;
  payUrl: string | null;
};
type Overview = { balance: string; creditUsed: string; availableCredit: string };

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

const balance = async () =>
  parseYuan((await tenant.request<Overview>("/api/billing_account")).body.data.balance);

/** Each top-up's page token, read from its payUrl (the link the payer follows). */
const tokens = new Map<string, string>();

async function createTopUp(amount: string): Promise<Recharge> {
  const res = await tenant.request<Recharge>("/api/online_recharge/create", {
    method: "POST",
    body: { amount, channel: "sandbox" },
    headers: idem(),
  });
  expect(res.status).toBe(200);
  const token = new URL(res.body.data.payUrl!, "http://localhost").searchParams.get("token");
  expect(token).toMatch(/^[\w-]{32}$/);
  tokens.set(res.body.data.rechargeNo, token!);
  return res.body.data;
}

const topUp = async (rechargeNo: string) =>
  (await tenant.request<Recharge>(`/api/online_recharge/${rechargeNo}`)).body.data;

const pageUrl = (rechargeNo: string) => `/gateway/sandbox/pay/${rechargeNo}?token=${tokens.get(rechargeNo)}`;

const payPage = (rechargeNo: string, locale = "en-US") =>
  t.app.inject({ method: "GET", url: pageUrl(rechargeNo), headers: { "accept-language": locale } });

const decide = (rechargeNo: string, decision: string) =>
  t.app.inject({
    method: "POST",
    url: `/gateway/sandbox/pay/${rechargeNo}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: `decision=${decision}&token=${tokens.get(rechargeNo)}`,
  });

/** What a gateway would POST: no session, no anti-forgery token, only its own signature. */
async function notify(n: GatewayNotification) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/payments/notify/sandbox",
    payload: n,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { accepted: boolean; applied: boolean } }).data;
}

async function secret(): Promise<string> {
  const [row] = await t.database.db
    .select()
    .from(serverSecrets)
    .where(eq(serverSecrets.name, "payment.sandbox"));
  return row!.value;
}

describe("paying on the sandbox page", () => {
  let paid: Recharge;
  let tradeNo: string;

  it("creates a pending top-up with a payment page in both languages", async () => {
    paid = await createTopUp("100.5");
    expect(paid).toMatchObject({
      amount: "100.50000",
      status: "pending",
      payUrl: pageUrl(paid.rechargeNo),
      expiresAt: new Date(t.clock.now().getTime() + 30 * 60_000).toISOString(),
    });
    const en = await payPage(paid.rechargeNo);
    expect(en.statusCode).toBe(200);
    expect(en.headers["content-type"]).toMatch(/^text\/html/);
    expect(en.body).toContain('<dd data-testid="sandbox-amount">100.50000</dd>');
    expect(en.body).toContain(paid.rechargeNo);
    expect(en.body).toContain("Skyledger sandbox payment");
    expect(en.body).toContain(
      '<span class="badge" data-testid="sandbox-badge">Sandbox — no real money</span>',
    );
    expect(en.body).toContain(">Pay</button>");
    const zh = await payPage(paid.rechargeNo, "zh-CN");
    expect(zh.body).toContain("100.50000");
    expect(zh.body).toContain("Skyledger 沙箱支付");
    expect(zh.body).toContain("沙箱 — 不涉及真实资金");
    expect(zh.body).toContain("确认支付");
    expect(zh.body).toContain('<html lang="zh-CN">');
  });

  it("credits the exact amount once the signed notification arrives", async () => {
    const before = await balance();
    const res = await decide(paid.rechargeNo, "paid");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/mgt/onlinerecharge?rechargeNo=${paid.rechargeNo}`);
    await t.app.finance.idle();
    expect((await balance()) - before).toBe(y("100.5"));
    const after = await topUp(paid.rechargeNo);
    expect(after).toMatchObject({ status: "success", paidAt: t.clock.now().toISOString(), payUrl: null });
    const deposits = await tenant.request<{ list: Recharge[] }>("/api/deposits");
    expect(deposits.body.data.list.find((d) => d.rechargeNo === paid.rechargeNo)?.status).toBe("success");
    const [payment] = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.rechargeNo, paid.rechargeNo));
    expect(payment?.deliveredAt).not.toBeNull();
    tradeNo = payment!.tradeNo;
  });

  it("cannot be paid twice: the page is gone and a second decision changes nothing", async () => {
    const page = await payPage(paid.rechargeNo);
    expect(page.body).toContain("This top-up was already paid, cancelled or has expired.");
    expect(page.body).not.toContain("sandbox-pay");
    const before = await ledgerFingerprint(t.database.db);
    const again = await decide(paid.rechargeNo, "paid");
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(pageUrl(paid.rechargeNo));
    await t.app.finance.sweep();
    await t.app.finance.idle();
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
  });

  it("accepts a replayed notification without applying it again", async () => {
    const before = await ledgerFingerprint(t.database.db);
    const n = buildNotification(
      await secret(),
      { rechargeNo: paid.rechargeNo, tradeNo, amount: y("100.5"), decision: "paid" },
      t.clock.now(),
    );
    expect(await notify(n)).toEqual({ accepted: true, applied: false });
    expect(await notify(n)).toEqual({ accepted: true, applied: false });
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
  });
});

describe("the payment page is not a weapon (issue 11 §9)", () => {
  const post = (rechargeNo: string, payload: string) =>
    t.app.inject({
      method: "POST",
      url: `/gateway/sandbox/pay/${rechargeNo}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload,
    });

  it("without the top-up's own token, a stranger can neither see, cancel nor pay it", async () => {
    const victim = await createTopUp("66");
    const other = await createTopUp("1");
    const before = await ledgerFingerprint(t.database.db);
    // Knowing the number (date + 6 digits) was enough before: no session, no token.
    for (const url of [
      `/gateway/sandbox/pay/${victim.rechargeNo}`,
      `/gateway/sandbox/pay/${victim.rechargeNo}?token=${tokens.get(other.rechargeNo)}`,
      `/gateway/sandbox/pay/${victim.rechargeNo}?token=${"A".repeat(32)}`,
    ]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain("66.00000");
      expect(page.body).not.toContain("sandbox-pay");
    }
    for (const payload of [
      "decision=cancelled",
      `decision=cancelled&token=${tokens.get(other.rechargeNo)}`,
      `decision=paid&token=${"A".repeat(32)}`,
      `decision=cancelled&token=${tokens.get(victim.rechargeNo)!.slice(0, -1)}`,
    ]) {
      const res = await post(victim.rechargeNo, payload);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).not.toContain(tokens.get(victim.rechargeNo)!);
    }
    await t.app.finance.sweep();
    await t.app.finance.idle();
    expect((await topUp(victim.rechargeNo)).status).toBe("pending");
    const decisions = await t.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.rechargeNo, victim.rechargeNo));
    expect(decisions).toEqual([]);
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    // The payer's own link still works.
    expect((await payPage(victim.rechargeNo)).body).toContain("66.00000");
  });

  it("each top-up has its own unguessable token, and operators' lists do not carry the link", async () => {
    const a = await createTopUp("2");
    const b = await createTopUp("2");
    expect(tokens.get(a.rechargeNo)).not.toBe(tokens.get(b.rechargeNo));
    const deposits = await admin.request<{ list: Recharge[] }>("/api/ops/deposits", {
      query: { orgId: DEMO_ORG, pageSize: 200 },
    });
    const listed = deposits.body.data.list.find((d) => d.rechargeNo === a.rechargeNo);
    expect(listed).toMatchObject({ status: "pending", payUrl: null });
  });
});

describe("forged notifications", () => {
  it("are refused (bad signature, tampered amount) and change nothing", async () => {
    // A verified notification that cannot be credited is logged at error level for operators.
    t.expectErrorLog(/payment notification could not be applied/);
    const pending = await createTopUp("50");
    const key = await secret();
    const genuine = buildNotification(
      key,
      { rechargeNo: pending.rechargeNo, tradeNo: "SBXFORGED1", amount: y("50"), decision: "paid" },
      t.clock.now(),
    );
    const before = await ledgerFingerprint(t.database.db);
    const flipped = genuine.sign.startsWith("0") ? `1${genuine.sign.slice(1)}` : `0${genuine.sign.slice(1)}`;
    const forgeries: GatewayNotification[] = [
      { ...genuine, sign: flipped },
      { ...genuine, sign: "not-a-signature" },
      { ...genuine, amount: "5000.00000" },
      { ...genuine, rechargeNo: `${pending.rechargeNo}9` },
      // Signed with another secret.
      buildNotification(
        "someone-else's-secret",
        { rechargeNo: pending.rechargeNo, tradeNo: "SBXFORGED2", amount: y("50"), decision: "paid" },
        t.clock.now(),
      ),
    ];
    for (const forged of forgeries) expect(await notify(forged)).toEqual({ accepted: false, applied: false });
    // A genuine signature over an amount that is not the top-up's is accepted but credits nothing.
    const wrongAmount = buildNotification(
      key,
      { rechargeNo: pending.rechargeNo, tradeNo: "SBXFORGED3", amount: y("5000"), decision: "paid" },
      t.clock.now(),
    );
    expect(await notify(wrongAmount)).toEqual({ accepted: true, applied: false });
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
    expect((await topUp(pending.rechargeNo)).status).toBe("pending");
  });

  it("refuses malformed notifications as bad input", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/notify/sandbox",
      payload: { rechargeNo: "R1", amount: 50 },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("duplicated notifications", () => {
  it("arriving all at once credit once", async () => {
    const pending = await createTopUp("12.34567");
    const n = buildNotification(
      await secret(),
      { rechargeNo: pending.rechargeNo, tradeNo: "SBXDUP1", amount: y("12.34567"), decision: "paid" },
      t.clock.now(),
    );
    const before = await balance();
    const answers = await Promise.all(Array.from({ length: 8 }, () => notify(n)));
    expect(answers.every((a) => a.accepted)).toBe(true);
    expect(answers.filter((a) => a.applied)).toHaveLength(1);
    expect((await balance()) - before).toBe(y("12.34567"));
  });
});

describe("cancel and expiry", () => {
  it("cancelling on the page fails the top-up and moves no money", async () => {
    const pending = await createTopUp("20");
    const before = await ledgerFingerprint(t.database.db);
    const res = await decide(pending.rechargeNo, "cancelled");
    expect(res.statusCode).toBe(303);
    await t.app.finance.idle();
    expect(await topUp(pending.rechargeNo)).toMatchObject({
      status: "failed",
      failureReason: "cancelled",
      payUrl: null,
    });
    expect((await payPage(pending.rechargeNo)).body).toContain("already paid, cancelled or has expired");
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
  });

  it("an unpaid top-up expires after 30 minutes and its page says it cannot be paid", async () => {
    const pending = await createTopUp("30");
    t.clock.advanceMinutes(29);
    expect((await payPage(pending.rechargeNo)).body).toContain("30.00000");
    t.clock.advanceMinutes(1);
    await t.app.finance.sweep();
    await t.app.finance.idle();
    // Sessions last an hour without activity; this one was used 30 minutes ago.
    expect(await topUp(pending.rechargeNo)).toMatchObject({ status: "expired", payUrl: null });
    const page = await payPage(pending.rechargeNo, "zh-CN");
    expect(page.body).toContain("该充值单已支付、已取消或已过期。");
    expect(page.body).not.toContain("30.00000");
    const before = await ledgerFingerprint(t.database.db);
    const late = await decide(pending.rechargeNo, "paid");
    expect(late.headers.location).toBe(pageUrl(pending.rechargeNo));
    await t.app.finance.idle();
    expect(await ledgerFingerprint(t.database.db)).toBe(before);
  });

  it("a payment the gateway took before expiry still credits once when it arrives late", async () => {
    const pending = await createTopUp("40");
    t.clock.advanceMinutes(45);
    await t.app.finance.sweep();
    expect((await topUp(pending.rechargeNo)).status).toBe("expired");
    const n = buildNotification(
      await secret(),
      { rechargeNo: pending.rechargeNo, tradeNo: "SBXLATE1", amount: y("40"), decision: "paid" },
      t.clock.now(),
    );
    const before = await balance();
    expect(await notify(n)).toEqual({ accepted: true, applied: true });
    expect(await notify(n)).toEqual({ accepted: true, applied: false });
    expect((await balance()) - before).toBe(y("40"));
    expect((await topUp(pending.rechargeNo)).status).toBe("success");
  });
});

describe("credit in use", () => {
  it("is repaid first by a top-up; the rest becomes cash", async () => {
    const db = t.database.db;
    // The operator's session has been idle for more than an hour of test time: sign in again.
    admin = await signedIn(t.app, t.clock, DEMO.admin);
    const set = await admin.request(`/api/ops/orgs/${DEMO_ORG}/credit_limit`, {
      method: "PUT",
      body: { creditLimit: "500" },
    });
    expect(set.status).toBe(200);
    const cash = await cashOf(db, DEMO_ORG);
    // Spend all the cash and 60 yuan of credit.
    await db.transaction((tx) =>
      charge(tx, {
        orgId: DEMO_ORG,
        amount: cash + y("60"),
        referenceType: "test_order",
        referenceId: "into-credit",
        now: t.clock.now(),
      }),
    );
    expect(await cashOf(db, DEMO_ORG)).toBe(0n);
    expect(await creditUsedOf(db, DEMO_ORG)).toBe(y("60"));

    const pending = await createTopUp("80");
    await decide(pending.rechargeNo, "paid");
    await t.app.finance.idle();
    expect(await creditUsedOf(db, DEMO_ORG)).toBe(0n);
    expect(await cashOf(db, DEMO_ORG)).toBe(y("20"));
    const overview = (await tenant.request<Overview>("/api/billing_account")).body.data;
    expect(overview).toMatchObject({
      balance: "20.00000",
      creditUsed: "0.00000",
      availableCredit: "500.00000",
    });
  });
});

describe("bad input", () => {
  it.each([
    ["0", "The amount must be greater than 0", "金额须大于0"],
    ["-1", "The amount must be greater than 0", "金额须大于0"],
    ["0.00000", "The amount must be greater than 0", "金额须大于0"],
    ["1.123456", "The amount is invalid (at most 5 decimals)", "金额格式不正确（最多5位小数）"],
    ["abc", "The amount is invalid (at most 5 decimals)", "金额格式不正确（最多5位小数）"],
  ])("refuses the amount %s with a translated message", async (amount, en, zh) => {
    for (const [locale, message] of [
      ["en-US", en],
      ["zh-CN", zh],
    ] as const) {
      const res = await tenant.request("/api/online_recharge/create", {
        method: "POST",
        body: { amount, channel: "sandbox" },
        headers: idem(),
        locale,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("refuses a channel that is switched off (23010)", async () => {
    const res = await tenant.request("/api/online_recharge/create", {
      method: "POST",
      body: { amount: "10", channel: "alipay" },
      headers: idem(),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(23010);
    expect(res.body.message).toBe("This top-up channel is switched off");
    const sw = await tenant.request("/api/online_recharge/paySwitch");
    expect(sw.body.data).toEqual({ sandbox: true, alipay: false, unionpay: false });
  });
});
