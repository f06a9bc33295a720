// Alipay's and UnionPay's side of a top-up, served outside /api as the sandbox's is: the notification
// endpoints the gateways call (no session, no anti-forgery token: their signature is the proof), the
// page that posts UnionPay's signed form, and the return addresses that lead the payer back to the
// console's recharge result. A channel that is not configured has none of these routes.
import { createHash } from "node:crypto";
import { type Locale, pickLocale } from "@skyledger/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { GatewayNotificationsService } from "./gateway-notifications.service";
import type { OnlineGateways, RealChannel } from "./gateways/online-gateways";
import type { TopUpsService } from "./topups.service";

const TEXT: Record<Locale, Record<string, string>> = {
  "zh-CN": {
    title: "银联支付",
    intro: "正在跳转到银联支付页面，如未自动跳转请点击下方按钮。",
    go: "前往银联支付",
    gone: "该充值单已支付、已取消或已过期。",
    back: "返回控制台",
  },
  "en-US": {
    title: "UnionPay payment",
    intro: "You are being taken to UnionPay's payment page. If nothing happens, use the button below.",
    go: "Continue to UnionPay",
    gone: "This top-up was already paid, cancelled or has expired.",
    back: "Back to the console",
  },
};

const AUTO_SUBMIT = 'HTMLFormElement.prototype.submit.call(document.getElementById("unionpay-form"));';
const AUTO_SUBMIT_HASH = createHash("sha256").update(AUTO_SUBMIT).digest("base64");
// The form goes to UnionPay, which may redirect within its own hosts: no form-action restriction
// here. Nothing on this page comes from the payer; every value is escaped.
const PAGE_CSP = `default-src 'none'; script-src 'sha256-${AUTO_SUBMIT_HASH}'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'`;

const RECHARGE_NO = /^[A-Za-z0-9]{1,64}$/;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(locale: Locale, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${TEXT[locale].title}</title>
<style>body{font-family:system-ui,"WenQuanYi Zen Hei",sans-serif;background:#f4f6fa;margin:0;display:flex;justify-content:center;padding-top:10vh}
main{background:#fff;border-radius:8px;box-shadow:0 2px 12px #0001;padding:32px;width:420px}h1{font-size:20px;margin:0 0 8px}p{color:#555}
button{width:100%;padding:10px;border-radius:6px;border:1px solid #1677ff;background:#1677ff;color:#fff;font-size:15px;cursor:pointer}a{color:#1677ff}</style></head>
<body><main><h1>${TEXT[locale].title}</h1>${body}</main></body></html>`;
}

const paramOf = (req: FastifyRequest) => String((req.params as { rechargeNo?: string }).rechargeNo ?? "");

export function registerOnlineGatewayRoutes(
  app: FastifyInstance,
  deps: { gateways: OnlineGateways; topups: TopUpsService; notifications: GatewayNotificationsService },
) {
  const { gateways, topups, notifications } = deps;

  /** The payer's browser back from the gateway: the console follows the top-up from here. */
  const backToConsole = (req: FastifyRequest, reply: FastifyReply) => {
    const rechargeNo = paramOf(req);
    const target = RECHARGE_NO.test(rechargeNo)
      ? `/mgt/onlinerecharge?rechargeNo=${encodeURIComponent(rechargeNo)}`
      : "/mgt/onlinerecharge";
    return reply.redirect(target, 303);
  };

  const notifyRoute = (channel: RealChannel, answer: (processed: boolean) => string) =>
    app.post(`/gateway/${channel}/notify`, { schema: { hide: true } }, async (req, reply) => {
      const result = await notifications.receive(channel, req.body, req.ip);
      reply.type("text/plain; charset=utf-8").code(result.processed ? 200 : 400);
      return answer(result.processed);
    });

  if (gateways.enabled.alipay) {
    // Alipay retries until it reads exactly `success`.
    notifyRoute("alipay", (processed) => (processed ? "success" : "failure"));
    app.route({ method: ["GET", "POST"], url: "/gateway/alipay/return/:rechargeNo", handler: backToConsole });
  }

  if (gateways.enabled.unionpay) {
    // UnionPay retries until the back URL answers HTTP 200; the body is not read.
    notifyRoute("unionpay", (processed) => (processed ? "ok" : "refused"));
    app.route({
      method: ["GET", "POST"],
      url: "/gateway/unionpay/return/:rechargeNo",
      handler: backToConsole,
    });

    app.get("/gateway/unionpay/pay/:rechargeNo", { schema: { hide: true } }, async (req, reply) => {
      const locale = pickLocale(req.headers["accept-language"]);
      const t = TEXT[locale];
      const rechargeNo = paramOf(req);
      const form = RECHARGE_NO.test(rechargeNo) ? await topups.unionpayForm(rechargeNo) : undefined;
      reply.type("text/html; charset=utf-8").header("content-security-policy", PAGE_CSP);
      if (!form) return page(locale, `<p>${t.gone}</p><p><a href="/mgt/rechargedetails">${t.back}</a></p>`);
      const inputs = Object.entries(form.fields)
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join("");
      return page(
        locale,
        `<p>${t.intro}</p><form id="unionpay-form" method="post" accept-charset="UTF-8" action="${escapeHtml(form.action)}">${inputs}
<button type="submit" data-testid="unionpay-continue">${t.go}</button></form><script>${AUTO_SUBMIT}</script>`,
      );
    });
  }
}
