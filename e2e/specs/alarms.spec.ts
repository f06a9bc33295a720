// Host monitoring alarms in the browser, in both languages: from a simulated host's monitoring page
// the tenant opens its alarm rules, creates a rule that the simulator's curve meets all the time
// (CPU ≥ 0 % for one minute, urgent), sees it fire in the alarm list — said to be on simulated
// figures, and counted by the header's bell — and acknowledges it. The host is bought through the
// API; the server runs the lifecycle step every second (playwright.config.ts), so the rule fires
// once the host has a minute of figures and the list (polling every 15 s) shows it.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { DEMO_ORG, TENANT } from "../support/hpc";
import { type Locale, openIn, pickOption, shot, signIn } from "../support/ui";

test.describe.configure({ mode: "serial" });

let hostId = "";

test.beforeAll(async ({ baseURL }) => {
  const ops = new OperatorApi(baseURL!);
  await ops.login();
  await ops.manualRecharge(DEMO_ORG, "300", "E2E alarms");
  const tenant = new OperatorApi(baseURL!);
  await tenant.login(TENANT.account, TENANT.password);
  const order = await tenant.call<{ id: string }>("POST", "/api/service/apply", {
    body: {
      productCode: "ecs-standard",
      spec: { flavorId: "c2m4", imageId: "ubuntu-22.04" },
      name: `e2e-alarm-${randomUUID().slice(0, 6)}`,
      quantity: 1,
      paymentType: "postpaid",
    },
    headers: { "idempotency-key": randomUUID() },
  });
  await expect
    .poll(
      async () => {
        const o = await tenant.call<{ status: string; resourceIds: string[] }>(
          "GET",
          `/api/orders/${order.id}`,
        );
        hostId = o.resourceIds[0] ?? "";
        return o.status;
      },
      { timeout: 60_000 },
    )
    .toBe("completed");
});

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`an alarm rule on a simulated host fires and is acknowledged (${locale})`, async ({ page }) => {
    // The rule fires once the host has a minute of figures behind it.
    test.setTimeout(180_000);
    const zh = locale === "zh-CN";
    // A retry makes a rule of its own: names are unique per host.
    const name = `E2E-cpu-${zh ? "zh" : "en"}-${randomUUID().slice(0, 4)}`;
    await openIn(page, locale, "/login");
    await signIn(page, TENANT.account, TENANT.password);
    await page.goto(`/mgt/host/monitor/overview/${hostId}`);
    await expect(page.getByTestId("monitor-simulated")).toBeVisible();
    await page.getByTestId("monitor-alarm-rules").click();
    await expect(page).toHaveURL(/\/mgt\/monitor\/alarm-rules\?hostId=/);

    await page.getByTestId("alarm-rule-create").click();
    // A bad threshold is refused in the form before anything is sent.
    await page.getByTestId("alarm-rule-name").fill(name);
    await page.getByTestId("alarm-rule-threshold").fill("120");
    await page.getByTestId("alarm-rule-submit").click();
    await expect(
      page.getByText(zh ? "百分比指标的阈值为0到100" : "A percentage threshold is between 0 and 100"),
    ).toBeVisible();
    await page.getByTestId("alarm-rule-threshold").fill("0");
    await pickOption(page, page.getByTestId("alarm-rule-comparison"), "≥");
    await pickOption(page, page.getByTestId("alarm-rule-duration"), zh ? "1 分钟" : "1 min");
    await page.getByTestId("alarm-rule-severity-urgent").click();
    await shot(page, `alarm-rule-form-${locale}`);
    await page.getByTestId("alarm-rule-submit").click();
    await expect(page.getByTestId(`alarm-rule-row-${name}`)).toContainText(zh ? "紧急" : "Urgent");

    await page.goto(`/mgt/monitor/alarms?hostId=${hostId}`);
    await expect(page.getByTestId(`alarm-state-${name}`)).toHaveAttribute("data-state", "firing", {
      timeout: 120_000,
    });
    await expect(page.getByTestId("alarms-simulated")).toBeVisible();
    await expect(page.getByTestId("alarm-bell-count")).not.toHaveAttribute("data-count", "0");
    await shot(page, `alarms-${locale}`);
    await page.getByTestId(`alarm-acknowledge-${name}`).click();
    await expect(page.getByTestId(`alarm-state-${name}`)).toHaveAttribute("data-state", "acknowledged");
    await expect(page.getByTestId(`alarm-row-${name}`)).toContainText(TENANT.account);
  });
}
