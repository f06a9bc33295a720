// The AI development platform in the browser (issue 14 item 4), in zh-CN and in en-US: the demo
// tenant, holding an AI shared pool on the simulated cluster and the platform enabled, opens
// /mgt/modelarts (said to be simulated), submits a training job from YAML, sees it running with
// its log in the job's drawer, and stops it. (The page without the platform and its order page are
// apps/web/test/modelarts-platform.test.tsx's.)
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { type Locale, openIn, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  const ops = new OperatorApi(baseURL!);
  await ops.login();
  await ops.manualRecharge(DEMO_ORG, "200", "E2E AI development platform");
  // The tenant's AI shared pool, ordered through the API (ordering has its own spec).
  const tenant = new OperatorApi(baseURL!);
  await tenant.login(TENANT.account, TENANT.password);
  const order = await tenant.call<{ id: string }>("POST", "/api/service/apply", {
    body: {
      productCode: "ai-shared",
      spec: {},
      name: `e2e-ai-${Date.now() % 100_000}`,
      quantity: 1,
      paymentType: "postpaid",
    },
    headers: { "idempotency-key": randomUUID() },
  });
  await expect
    .poll(async () => (await tenant.call<{ status: string }>("GET", `/api/orders/${order.id}`)).status, {
      timeout: 90_000,
    })
    .toBe("completed");
  // Training needs the AI development platform: enabled through the API too, unless it already is
  // (one per organisation; its order page has its own test below).
  const platform = await tenant.call<{ enabled: boolean; pendingOrderId: string | null }>(
    "GET",
    "/api/modelarts/platform",
  );
  if (!platform.enabled && !platform.pendingOrderId)
    await tenant.call("POST", "/api/service/apply", {
      body: {
        productCode: "ai-platform",
        spec: {},
        name: "ai-platform",
        quantity: 1,
        paymentType: "postpaid",
      },
      headers: { "idempotency-key": randomUUID() },
    });
  await expect
    .poll(async () => (await tenant.call<{ enabled: boolean }>("GET", "/api/modelarts/platform")).enabled, {
      timeout: 90_000,
    })
    .toBe(true);
});

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a tenant submits a training job from YAML, follows its log and stops it (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const name = `e2e-train-${locale === "zh-CN" ? "zh" : "en"}-${Date.now() % 100_000}`;

    await openIn(page, locale, "/login");
    await signIn(page, TENANT.account, TENANT.password);
    await expect(page.getByTestId("console-menu")).toBeVisible();
    await page.goto("/mgt/modelarts");
    await expect(page.getByTestId("modelarts-simulated")).toBeVisible();
    await expect(page.getByTestId("modelarts-new")).toBeEnabled();
    await page.getByTestId("modelarts-new").click();
    await expect(page.getByTestId("modelarts-pool-limits")).toBeVisible();

    // An empty YAML is refused with spec §8's message, and nothing is submitted.
    await page.getByTestId("modelarts-submit").click();
    await expect(page.getByTestId("modelarts-refusal")).toHaveText(
      locale === "zh-CN" ? "YAML配置为空" : "The YAML configuration is empty",
    );

    await page
      .getByTestId("modelarts-yaml")
      .fill(
        [
          `name: ${name}`,
          "image: pytorch/pytorch:2.3.0-cuda12.1",
          "command: |",
          '  echo "epoch 1 started"',
          "  python train.py",
          "gpus: 1",
          "cpus: 4",
          "memoryGb: 16",
          "timeLimitMinutes: 60",
          "dataPath: /data/e2e",
          "",
        ].join("\n"),
      );
    await page.getByTestId("modelarts-submit").click();

    // The job's drawer: running on the simulated cluster, with its log.
    const drawer = page.getByTestId("modelarts-drawer");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId("modelarts-job-state")).toHaveAttribute("data-state", "running");
    await expect(drawer.getByTestId("modelarts-log")).toContainText("[simulated] job");
    await expect(drawer.getByTestId("modelarts-log")).toContainText("epoch 1 started");
    await expect(drawer.getByTestId("modelarts-job-charged")).toContainText("¥");

    // Stopping it.
    await drawer.getByTestId("modelarts-drawer-stop").click();
    await page
      .locator(".ant-popconfirm")
      // antd spaces out a two-character Chinese label (停 止).
      .getByRole("button", { name: locale === "zh-CN" ? /^停\s?止$/ : "Stop" })
      .click();
    await expect(drawer.getByTestId("modelarts-job-state")).toHaveAttribute("data-state", "cancelled");
    await expect(drawer.getByTestId("modelarts-log")).toContainText("cancelled");
    await expect(drawer.getByTestId("modelarts-drawer-stop")).toHaveCount(0);

    // The list shows it, stopped.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId(`modelarts-job-${name}`)).toBeVisible();
    await expect(page.getByTestId(`modelarts-stop-${name}`)).toHaveCount(0);
    await context.close();
  });
}
