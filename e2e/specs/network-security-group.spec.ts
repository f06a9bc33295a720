// Security groups in the browser, in both languages: the tenant administrator opens Network →
// Security groups (the simulated-network notice shows), creates a group, tries a rule whose end port
// is below its start port and reads spec §5's message, adds a good rule, and binds a running host.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { DEMO_ORG } from "../support/hpc";
import { type Locale, openIn, pickOption, shot, signIn } from "../support/ui";

const PORT_RANGE_MESSAGE: Record<Locale, string> = {
  "zh-CN": "结束端口不能为空或小于起始端口",
  "en-US": "The end port must not be empty or smaller than the start port",
};

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a security group gets a rule and a host (${locale})`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const suffix = locale === "zh-CN" ? "zh" : "en";
    const groupName = `e2e-sg-${suffix}`;
    const hostName = `e2e-sg-host-${suffix}`;

    // A running host of the demo tenant (the seed's product needs no approval).
    const operator = new OperatorApi(baseURL!);
    await operator.login();
    await operator.manualRecharge(DEMO_ORG, "1000", "E2E security groups");
    const tenantApi = new OperatorApi(baseURL!);
    await tenantApi.login("demotenant", "Tenant@2026");
    await tenantApi.call("POST", "/api/service/apply", {
      body: {
        productCode: "ecs-standard",
        spec: { flavorId: "c2m4", imageId: "ubuntu-22.04" },
        name: hostName,
        quantity: 1,
        paymentType: "prepaid",
        periodMonths: 1,
      },
      headers: { "idempotency-key": `e2e-${randomUUID()}` },
    });

    await openIn(page, locale, "/login");
    await signIn(page, "demotenant", "Tenant@2026");
    await page.goto("/mgt/cloudhost");
    await expect(page.getByTestId(`host-status-${hostName}`)).toHaveAttribute("data-status", "running", {
      timeout: 30_000,
    });

    // Network is one entry while it holds one page, a group to open once it holds more.
    const entry = page.getByTestId("menu-item-mgt-security_group");
    if (!(await entry.isVisible())) await page.getByTitle(locale === "zh-CN" ? "网络" : "Network").click();
    await entry.click();
    await expect(page).toHaveURL(/\/mgt\/security_group$/);
    await expect(page.getByTestId("network-simulated")).toBeVisible();
    await expect(page.getByTestId("sg-row-default")).toBeVisible();

    await page.getByTestId("sg-create").click();
    await page.getByTestId("sg-form-name").fill(groupName);
    await page.getByTestId("sg-form-submit").click();
    await expect(page.getByTestId(`sg-row-${groupName}`)).toBeVisible();
    await shot(page, `security-groups-${locale}`);

    // A rule whose end port is below its start port: the form says so and sends nothing.
    await page.getByTestId(`sg-open-${groupName}`).click();
    await expect(page).toHaveURL(/\/mgt\/security_group\/rule\//);
    await page.getByTestId("rule-add").click();
    await page.getByTestId("rule-form-port-start").fill("8080");
    await page.getByTestId("rule-form-port-end").fill("80");
    await page.getByTestId("rule-form-submit").click();
    await expect(page.getByText(PORT_RANGE_MESSAGE[locale])).toBeVisible();
    await shot(page, `security-group-rule-bad-range-${locale}`);

    // Corrected: 80 to 8080, priority 10.
    await page.getByTestId("rule-form-port-start").fill("80");
    await page.getByTestId("rule-form-port-end").fill("8080");
    await page.getByTestId("rule-form-priority").fill("10");
    await page.getByTestId("rule-form-submit").click();
    await expect(page.getByTestId("rule-row-10-tcp")).toContainText("80-8080");
    await expect(page.getByTestId("rule-row-10-tcp")).toContainText("0.0.0.0/0");

    // The running host bound to the group.
    await page.getByTestId("sg-tab-hosts").click();
    await expect(page).toHaveURL(/\/mgt\/security_group\/instance\//);
    await page.getByTestId("host-bind").click();
    await pickOption(page, page.getByTestId("bind-host"), hostName);
    await page.getByTestId("bind-submit").click();
    await expect(page.getByTestId(`sg-host-row-${hostName}`)).toBeVisible();
    await shot(page, `security-group-hosts-${locale}`);
  });
}
