// The README's screenshots (docs/screenshots/): the host list, the verification form and the audit
// log, each in zh-CN and en-US, at 1440 × 900, taken with Debian's Chromium from a server that is
// already running the demo (`npm start`). It starts nothing itself:
//
//   npm start                        # in one terminal: the demo at http://localhost:8080
//   npx tsx scripts/screenshots.ts   # in another; BASE_URL=http://host:port for another server
//
// What the pages need it makes through the API as the demo's accounts would: the demo tenant's
// first two hosts (after a manual recharge) when it has none, and a new tenant, not yet verified,
// whose verification form is shown filled in but not submitted.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { OperatorApi, registerTenantViaApi } from "../e2e/support/api";

const BASE_URL = process.env.BASE_URL ?? "http://localhost:8080";
const OUT = path.resolve(import.meta.dirname, "..", "docs", "screenshots");
const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const LOCALES = ["zh-CN", "en-US"] as const;
type Locale = (typeof LOCALES)[number];

/** The demo tenant's hosts; two are bought (and waited for) when it has none. */
async function ensureHosts(ops: OperatorApi): Promise<void> {
  const tenant = new OperatorApi(BASE_URL);
  await tenant.login("demotenant", "Tenant@2026");
  const hosts = await tenant.call<{ total: number }>("GET", "/api/res/hosts", { query: { pageSize: "1" } });
  if (hosts.total > 0) return;
  await ops.manualRecharge(DEMO_ORG, "3000", "Demo hosts for the README's screenshots");
  const buy = (name: string, paymentType: "prepaid" | "postpaid", flavorId: string) =>
    tenant.call<{ id: string }>("POST", "/api/service/apply", {
      body: {
        productCode: "ecs-standard",
        spec: { flavorId, imageId: "ubuntu-22.04" },
        name,
        quantity: 1,
        paymentType,
        ...(paymentType === "prepaid" ? { periodMonths: 3 } : {}),
      },
      headers: { "idempotency-key": `screenshots-${randomUUID()}` },
    });
  const orders = [await buy("web-01", "prepaid", "c2m4"), await buy("train-01", "postpaid", "c4m8")];
  // The simulator brings a host up in about 40 s at its realistic speed.
  const deadline = Date.now() + 180_000;
  for (const order of orders) {
    for (;;) {
      const { status } = await tenant.call<{ status: string }>("GET", `/api/orders/${order.id}`);
      if (status === "completed") break;
      if (Date.now() > deadline) throw new Error(`order ${order.id} is still ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

/** Waits until the page has loaded what it shows: no spinner, no skeleton, the network quiet. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(
    () => document.querySelectorAll(".ant-spin-spinning, .ant-skeleton").length === 0,
  );
  await page.waitForTimeout(500);
}

async function signedInPage(
  locale: Locale,
  account: string,
  password: string,
  browser: Awaited<ReturnType<typeof chromium.launch>>,
) {
  const context = await browser.newContext({
    locale,
    viewport: { width: 1440, height: 900 },
    reducedMotion: "reduce",
  });
  await context.addInitScript((lng) => localStorage.setItem("skyledger.lang", lng), locale);
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/login`);
  await page.getByTestId("login-account").fill(account);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await page.getByTestId("console-menu").waitFor();
  const privacy = page.getByTestId("privacy-accept");
  if (await privacy.isVisible({ timeout: 3000 }).catch(() => false)) await privacy.click();
  return page;
}

async function open(page: Page, route: string): Promise<void> {
  await page.goto(`${BASE_URL}${route}`);
  await settled(page);
}

async function take(page: Page, name: string, locale: Locale): Promise<void> {
  const file = path.join(OUT, `${name}-${locale}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}

const ops = new OperatorApi(BASE_URL);
await ops.login();
await ensureHosts(ops);
const newcomer = await registerTenantViaApi(BASE_URL, ops, `shot${Date.now() % 100_000}`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const locale of LOCALES) {
    const tenant = await signedInPage(locale, "demotenant", "Tenant@2026", browser);
    await open(tenant, "/mgt/cloudhost");
    await take(tenant, "host-list", locale);
    await tenant.context().close();

    const applicant = await signedInPage(locale, newcomer.account, newcomer.password, browser);
    await open(applicant, "/authent");
    // A resident in the Chinese console, a foreign national with a passport in the English one.
    if (locale === "zh-CN") {
      await applicant.getByTestId("authent-name").fill("王小明");
      await applicant.getByTestId("authent-id-number").fill("11010519491231002X");
    } else {
      await applicant.locator("label", { has: applicant.getByTestId("authent-document-passport") }).click();
      await applicant.getByTestId("authent-name").fill("Anna-Maria O'Neill");
      await applicant.getByTestId("authent-id-number").fill("E12345678");
    }
    await take(applicant, "verification-form", locale);
    await applicant.context().close();

    const operator = await signedInPage(locale, "admin", "Admin@2026", browser);
    await open(operator, "/sys/audit");
    await take(operator, "audit-log", locale);
    await operator.context().close();
  }
} finally {
  await browser.close();
}
