// The mixed load a portal sees, through the balancer from several concurrent users: sign-ins, price
// inquiries, top-ups (the sandbox gateway's payment page and its signed notification), host orders
// prepaid and postpaid, renewals and bill exports. Every money call carries its own Idempotency-Key;
// one in six is sent a second time with the same key, as a double click or a retry would.
import { randomUUID } from "node:crypto";
import type { OrderDetail } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { sandboxPayments, serverSecrets } from "../../../src/modules/finance/finance.schema";
import { buildNotification } from "../../../src/modules/finance/gateways/sandbox";
import type { Db } from "../../../src/platform/db/client";
import { type Answer, ConsoleClient } from "./console-client";
import { Keys, type Tally } from "./tally";

export type Credentials = { account: string; password: string };
export type TopUpAnswer = { rechargeNo: string; amount: string; payUrl: string | null };

export type LoadRecord = {
  topUps: Keys<TopUpAnswer>;
  /** The amount each top-up key asked for, in yuan. */
  topUpAmounts: Map<string, string>;
  orders: Keys<OrderDetail>;
  renewals: Keys<unknown>;
  exports: string[];
};

export type LoadOptions = {
  base: string;
  db: Db;
  tally: Tally;
  budget: number;
  workers: number;
  tenant: Credentials;
  payer: Credentials;
};

const HOST_SPEC = { flavorId: "c2m4", imageId: "ubuntu-22.04" };
const PRODUCT = "ecs-standard";
/** One cycle of operations; each worker walks it from its own offset. */
const CYCLE = [
  "inquiry",
  "order",
  "topUp",
  "inquiry",
  "renew",
  "order",
  "export",
  "inquiry",
  "topUp",
  "order",
  "renew",
  "inquiry",
  "signIn",
  "inquiry",
] as const;
type Operation = (typeof CYCLE)[number];

/** The address user `n` signs in from. */
export const userAddress = (n: number): string => `203.0.113.${n + 1}`;

/** The billing cycle (YYYY-MM) of now in the business time zone (Asia/Shanghai). */
function thisCycle(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
}

export function createLoad(options: LoadOptions) {
  const { base, db, tally } = options;
  const record: LoadRecord = {
    topUps: new Keys(),
    topUpAmounts: new Map(),
    orders: new Keys(),
    renewals: new Keys(),
    exports: [],
  };
  /** Prepaid hosts the tenant may renew, as its renewal list showed them. */
  let renewable: string[] = [];
  let serial = 0;
  const secondSend = () => serial++ % 6 === 0;

  /** Each user signs in from an address of its own (TEST-NET-3), passed on by nginx. */
  async function signIn(who: Credentials, user: number): Promise<ConsoleClient> {
    for (;;) {
      const client = new ConsoleClient(base, userAddress(user));
      const answer = await client.login(who.account, who.password);
      tally.record("sign-in", answer);
      if (answer.outcome === "ok") return client;
      if (answer.outcome === "refused") throw new Error(`sign-in refused: ${answer.code} ${answer.message}`);
    }
  }

  async function inquiry(tenant: ConsoleClient, n: number): Promise<void> {
    const prepaid = n % 2 === 0;
    const answer = await tenant.call("POST", "/api/billing/inquiry/price", {
      body: {
        productCode: PRODUCT,
        spec: HOST_SPEC,
        quantity: 1 + (n % 3),
        paymentType: prepaid ? "prepaid" : "postpaid",
        ...(prepaid ? { periodMonths: 1 } : {}),
      },
      safeToRetry: true,
    });
    tally.record("price inquiry", answer);
  }

  /** A money call with its key, sent a second time with the same key now and then. */
  async function money<T>(
    kind: string,
    keys: Keys<T>,
    send: (key: string) => Promise<Answer<T>>,
  ): Promise<Answer<T>> {
    const key = `inst-${randomUUID()}`;
    const first = await send(key);
    tally.record(kind, first);
    keys.add(key, first);
    if (secondSend()) {
      const again = await send(key);
      tally.record(`${kind} (same key again)`, again);
      keys.add(key, again);
    }
    return first;
  }

  async function order(tenant: ConsoleClient, n: number): Promise<void> {
    const prepaid = n % 3 !== 0;
    const body = {
      productCode: PRODUCT,
      spec: HOST_SPEC,
      name: `inst-${n}-${randomUUID().slice(0, 6)}`,
      quantity: 1,
      paymentType: prepaid ? "prepaid" : "postpaid",
      ...(prepaid ? { periodMonths: 1 } : {}),
    };
    await money("order", record.orders, (key) =>
      tenant.call<OrderDetail>("POST", "/api/service/apply", { body, idempotencyKey: key }),
    );
  }

  async function refreshRenewable(tenant: ConsoleClient): Promise<void> {
    const answer = await tenant.call<{ list: { id: string; status: string }[] }>("GET", "/api/renew", {
      query: { kind: "host", pageSize: "100", expiringWithinDays: "366" },
      safeToRetry: true,
    });
    tally.record("renewal list", answer);
    if (answer.data) renewable = answer.data.list.filter((r) => r.status === "running").map((r) => r.id);
  }

  async function renew(tenant: ConsoleClient, n: number): Promise<void> {
    if (renewable.length === 0 || n % 8 === 0) await refreshRenewable(tenant);
    const id = renewable[n % Math.max(1, renewable.length)];
    if (!id) return;
    await money("renew", record.renewals, (key) =>
      tenant.call("POST", "/api/renew", {
        body: { resourceIds: [id], periodMonths: 1 },
        idempotencyKey: key,
      }),
    );
  }

  async function exportBills(tenant: ConsoleClient): Promise<void> {
    const cycle = thisCycle();
    // Not a money call and not idempotent: the console does not send it again by itself.
    const started = await tenant.call<{ id: string }>("POST", "/api/bills/asynExportBills", {
      body: { startCycle: cycle, endCycle: cycle },
    });
    tally.record("export", started);
    if (started.data) record.exports.push(started.data.id);
    tally.record("export list", await tenant.call("GET", "/api/download/list", { safeToRetry: true }));
  }

  /** The payer's choice on the sandbox page, a form post answered with a redirect. */
  async function pay(payUrl: string): Promise<void> {
    const url = new URL(payUrl, base);
    const token = url.searchParams.get("token") ?? "";
    for (let attempt = 1; ; attempt++) {
      const outcome = await fetch(`${base}${url.pathname}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `decision=paid&token=${encodeURIComponent(token)}`,
        redirect: "manual",
      }).then(
        (res) => (res.status === 303 ? "ok" : res.status >= 500 ? "failed" : "refused"),
        () => "failed" as const,
      );
      if (outcome !== "failed" || attempt === 6) {
        tally.record("top-up: pay on the page", { outcome, attempts: attempt });
        return;
      }
    }
  }

  /** The gateway's notification once more (gateways repeat them), signed with its key. */
  async function notify(rechargeNo: string): Promise<void> {
    const [payment] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.rechargeNo, rechargeNo));
    const [secret] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, "payment.sandbox"));
    if (!payment || !secret) return;
    const n = buildNotification(
      secret.value,
      { rechargeNo, tradeNo: payment.tradeNo, amount: payment.amount, decision: "paid" },
      new Date(),
    );
    const client = new ConsoleClient(base);
    tally.record(
      "top-up: gateway notify",
      await client.open("POST", "/api/payments/notify/sandbox", { body: n, safeToRetry: true }),
    );
  }

  async function topUp(payer: ConsoleClient, n: number): Promise<void> {
    const amount = `${1 + (n % 400)}.${String(n % 100).padStart(2, "0")}`;
    const answer = await money("top-up", record.topUps, (key) => {
      record.topUpAmounts.set(key, amount);
      return payer.call<TopUpAnswer>("POST", "/api/online_recharge/create", {
        body: { amount, channel: "sandbox" },
        idempotencyKey: key,
      });
    });
    if (!answer.data?.payUrl) return;
    await pay(answer.data.payUrl);
    if (n % 2 === 0) await notify(answer.data.rechargeNo);
  }

  async function worker(index: number): Promise<void> {
    let tenant = await signIn(options.tenant, index);
    let payer = await signIn(options.payer, index);
    for (let step = index; tally.requests < options.budget; step++) {
      const op: Operation = CYCLE[step % CYCLE.length]!;
      const n = step * options.workers + index;
      if (op === "inquiry") await inquiry(tenant, n);
      else if (op === "order") await order(tenant, n);
      else if (op === "topUp") await topUp(payer, n);
      else if (op === "renew") await renew(tenant, n);
      else if (op === "export") await exportBills(tenant);
      else if (n % 2 === 0) tenant = await signIn(options.tenant, index);
      else payer = await signIn(options.payer, index);
    }
  }

  return {
    record,
    run: () => Promise.all(Array.from({ length: options.workers }, (_, i) => worker(i))),
  };
}
