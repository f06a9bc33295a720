// The sandbox gateway's payment page (served outside /api, as a real gateway's would be) and
// Skyledger's notification endpoint that gateways call back. The page exists only with
// PAYMENT_SANDBOX on; its link carries the top-up's own token, checked on every action, so a
// top-up's number (date + 6 digits) is not enough to see, pay or cancel it.
import { endpoints, type Locale, pickLocale } from "@skyledger/contracts";
import type { Background } from "../../platform/background";
import type { ModuleContext } from "../../platform/module";
import type { TopUpsService } from "./topups.service";

const TEXT: Record<Locale, Record<string, string>> = {
  "zh-CN": {
    title: "Skyledger 沙箱支付",
    badge: "沙箱 — 不涉及真实资金",
    intro: "这是内置的沙箱支付网关，不会产生真实扣款。",
    order: "充值单号",
    amount: "金额（元）",
    expires: "请在此时间前完成支付",
    pay: "确认支付",
    cancel: "取消支付",
    gone: "该充值单已支付、已取消或已过期。",
    back: "返回控制台",
  },
  "en-US": {
    title: "Skyledger sandbox payment",
    badge: "Sandbox — no real money",
    intro: "This is the built-in sandbox payment gateway: no real money is taken.",
    order: "Top-up number",
    amount: "Amount (yuan)",
    expires: "Pay before",
    pay: "Pay",
    cancel: "Cancel payment",
    gone: "This top-up was already paid, cancelled or has expired.",
    back: "Back to the console",
  },
};

const RECHARGE_NO = /^[\w-]{1,64}$/;

/** The page's token from a query or a posted form, when it has the shape of one. */
function tokenOf(source: unknown): string | undefined {
  const token = (source as { token?: unknown } | undefined)?.token;
  return typeof token === "string" && /^[\w-]{16,128}$/.test(token) ? token : undefined;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(locale: Locale, body: string): string {
  const t = TEXT[locale];
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title>
<style>body{font-family:system-ui,"WenQuanYi Zen Hei",sans-serif;background:#f4f6fa;margin:0;display:flex;justify-content:center;padding-top:10vh}
main{background:#fff;border-radius:8px;box-shadow:0 2px 12px #0001;padding:32px;width:420px}h1{font-size:20px;margin:0 0 8px}
p{color:#555}dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#888}dd{margin:0;font-weight:600}
.actions{display:flex;gap:12px;margin-top:24px}button{flex:1;padding:10px;border-radius:6px;border:1px solid #1677ff;font-size:15px;cursor:pointer}
.pay{background:#1677ff;color:#fff}.cancel{background:#fff;color:#1677ff}a{color:#1677ff}
.badge{display:inline-block;background:#fff7e6;color:#d46b08;border:1px solid #ffd591;border-radius:4px;padding:2px 8px;font-size:13px;margin-bottom:8px}</style></head><body><main><span class="badge" data-testid="sandbox-badge">${t.badge}</span><h1>${t.title}</h1>${body}</main></body></html>`;
}

export function registerGatewayRoutes(
  { app, guards, publicRoute }: ModuleContext,
  topups: TopUpsService,
  background: Background,
) {
  const deliver = () =>
    background.run(async () => {
      await topups.deliverSandboxNotifications(
        async (n) => (await topups.receiveSandboxNotification(n)).accepted,
      );
    });

  app.get("/gateway/sandbox/pay/:rechargeNo", { schema: { hide: true } }, async (req, reply) => {
    const locale = pickLocale(req.headers["accept-language"]);
    const t = TEXT[locale];
    const rechargeNo = String((req.params as { rechargeNo?: string }).rechargeNo ?? "");
    const token = tokenOf(req.query);
    const payable = RECHARGE_NO.test(rechargeNo) ? await topups.payable(rechargeNo, token) : undefined;
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
    // Unknown, finished and wrongly tokened top-ups look alike: the page tells nothing about them.
    if (!payable) {
      reply.code(404);
      return page(locale, `<p>${t.gone}</p><p><a href="/mgt/rechargedetails">${t.back}</a></p>`);
    }
    const action = `/gateway/sandbox/pay/${encodeURIComponent(rechargeNo)}`;
    return page(
      locale,
      `<p>${t.intro}</p><dl><dt>${t.order}</dt><dd data-testid="sandbox-recharge-no">${escapeHtml(payable.rechargeNo)}</dd>
<dt>${t.amount}</dt><dd data-testid="sandbox-amount">${escapeHtml(payable.amount)}</dd>
<dt>${t.expires}</dt><dd>${escapeHtml(payable.expiresAt.toISOString().replace("T", " ").slice(0, 19))} UTC</dd></dl>
<form method="post" action="${action}" class="actions">
<input type="hidden" name="token" value="${escapeHtml(token ?? "")}">
<button class="pay" name="decision" value="paid" data-testid="sandbox-pay">${t.pay}</button>
<button class="cancel" name="decision" value="cancelled" data-testid="sandbox-cancel">${t.cancel}</button></form>`,
    );
  });

  app.post("/gateway/sandbox/pay/:rechargeNo", { schema: { hide: true } }, async (req, reply) => {
    const rechargeNo = String((req.params as { rechargeNo?: string }).rechargeNo ?? "");
    const body = req.body as { decision?: unknown; token?: unknown } | undefined;
    const token = tokenOf(body);
    const decision = body?.decision;
    // Back to the page (which shows nothing without the right token).
    const back = () =>
      reply.redirect(
        `/gateway/sandbox/pay/${encodeURIComponent(rechargeNo)}${token ? `?token=${encodeURIComponent(token)}` : ""}`,
        303,
      );
    if (!RECHARGE_NO.test(rechargeNo) || (decision !== "paid" && decision !== "cancelled")) return back();
    try {
      await topups.sandboxDecide(rechargeNo, decision, token);
    } catch {
      return back();
    }
    deliver();
    return reply.redirect(`/mgt/onlinerecharge?rechargeNo=${encodeURIComponent(rechargeNo)}`, 303);
  });

  publicRoute(app, guards, endpoints.finance.sandboxNotify, ({ body }) =>
    topups.receiveSandboxNotification(body),
  );

  return { deliver };
}
