// A host on the tenant's own network (issue 15 item 5), in both languages: the tenant creates a VPC
// with a subnet and a security group with a rule (a rule whose end port is below its start port is
// refused with spec §5's message), buys a host into that subnet with that group and a fixed address
// (the subnet's gateway first, which the form refuses as reserved), sees the VPC, subnet, address
// and group on the running host's page, adds the default group there, and finds the host named on
// the subnet's page.
import { expect, type Page, test } from "@playwright/test";
import { OperatorApi } from "../support/api";
import { DEMO_ORG } from "../support/hpc";
import { clickInOpenDialog, type Locale, openIn, pickOption, shot, signIn } from "../support/ui";

test.describe.configure({ mode: "serial" });
test.use({ actionTimeout: 15_000 });

const TEXT: Record<Locale, { portRange: string; reserved: string; product: string }> = {
  "zh-CN": {
    portRange: "结束端口不能为空或小于起始端口",
    reserved: "该地址为保留地址",
    product: "通用型云主机",
  },
  "en-US": {
    portRange: "The end port must not be empty or smaller than the start port",
    reserved: "The address is reserved",
    product: "General-purpose cloud host",
  },
};

/** A VPC with one subnet, made on the console's pages. */
async function createVpc(page: Page, names: { vpc: string; subnet: string }, second: number) {
  await page.goto("/mgt/vpc/create");
  await page.getByTestId("vpc-form-name").fill(names.vpc);
  await page.getByTestId("vpc-form-cidr").fill(`10.${second}.0.0/16`);
  await page.getByTestId("vpc-form-submit").click();
  await expect(page).toHaveURL(/\/mgt\/vpc\/detail\//);
  await page.getByTestId("subnet-add").click();
  await page.getByTestId("subnet-form-name").fill(names.subnet);
  await page.getByTestId("subnet-form-cidr").fill(`10.${second}.1.0/24`);
  await page.getByTestId("subnet-form-submit").click();
  await expect(page.getByTestId(`subnet-row-${names.subnet}`)).toContainText(`10.${second}.1.1`);
}

/** A security group letting in TCP 80–8080, after the form refused the ports the wrong way round. */
async function createGroup(page: Page, name: string, locale: Locale) {
  await page.goto("/mgt/security_group");
  await page.getByTestId("sg-create").click();
  await page.getByTestId("sg-form-name").fill(name);
  await page.getByTestId("sg-form-submit").click();
  await page.getByTestId(`sg-open-${name}`).click();
  await expect(page).toHaveURL(/\/mgt\/security_group\/rule\//);
  await page.getByTestId("rule-add").click();
  await page.getByTestId("rule-form-port-start").fill("8080");
  await page.getByTestId("rule-form-port-end").fill("80");
  await page.getByTestId("rule-form-submit").click();
  await expect(page.getByText(TEXT[locale].portRange)).toBeVisible();
  await page.getByTestId("rule-form-port-start").fill("80");
  await page.getByTestId("rule-form-port-end").fill("8080");
  await page.getByTestId("rule-form-priority").fill("10");
  await page.getByTestId("rule-form-submit").click();
  await expect(page.getByTestId("rule-row-10-tcp")).toContainText("80-8080");
}

for (const [locale, second] of [
  ["zh-CN", 41],
  ["en-US", 42],
] as const satisfies readonly (readonly [Locale, number])[]) {
  test(`a host bought into a VPC, subnet and security group (${locale})`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const tag = `${locale === "zh-CN" ? "zh" : "en"}${Date.now() % 100_000}`;
    const names = {
      vpc: `hn-vpc-${tag}`,
      subnet: `hn-web-${tag}`,
      group: `hn-sg-${tag}`,
      host: `hn-host-${tag}`,
    };
    const address = (last: number) => `10.${second}.1.${last}`;

    const operator = new OperatorApi(baseURL!);
    await operator.login();
    await operator.manualRecharge(DEMO_ORG, "1000", "E2E host network");

    await openIn(page, locale, "/login");
    await signIn(page, "demotenant", "Tenant@2026");
    await createVpc(page, names, second);
    await createGroup(page, names.group, locale);

    // The purchase: the new VPC (its one subnet follows), only the new group, a fixed address.
    await page.goto("/mgt/cloudhost/create");
    await pickOption(page, page.getByTestId("host-create-product"), TEXT[locale].product);
    await page.getByTestId("host-create-name").fill(names.host);
    await pickOption(page, page.getByTestId("host-create-vpc"), names.vpc);
    await expect(page.getByTestId("host-create-subnet")).toContainText(
      `${names.subnet} (10.${second}.1.0/24)`,
    );
    const groups = page.getByTestId("host-create-security-groups");
    await expect(groups).toContainText("default");
    // Backspace in the empty search takes the last chosen group off (the default one); the new
    // group is then searched for and chosen in the same open list.
    await groups.click();
    await page.keyboard.press("Backspace");
    await page.keyboard.type(names.group);
    const open = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
    await open.locator(".ant-select-item-option", { hasText: names.group }).click();
    await page.locator("h3:visible").first().click();
    await expect(open).toHaveCount(0);
    await expect(groups).not.toContainText("default");
    await expect(groups).toContainText(names.group);

    await page.getByTestId("host-create-fixed-ip").fill(address(1));
    await page.getByTestId("host-create-submit").click();
    await expect(page.getByText(TEXT[locale].reserved)).toBeVisible();
    await shot(page, `host-network-reserved-ip-${locale}`);
    await page.getByTestId("host-create-fixed-ip").fill(address(50));
    const summary = page.getByTestId("host-create-network-summary");
    await expect(summary).toContainText(names.vpc);
    await expect(summary).toContainText(names.subnet);
    await expect(summary).toContainText(address(50));
    await shot(page, `host-network-buy-${locale}`);
    await page.getByTestId("host-create-submit").click();
    await expect(page).toHaveURL(/\/mgt\/orders\//);

    await page.goto("/mgt/cloudhost");
    await expect(page.getByTestId(`host-status-${names.host}`)).toHaveAttribute("data-status", "running", {
      timeout: 30_000,
    });
    await page.getByTestId(`host-open-${names.host}`).click();
    const card = page.getByTestId("host-network-card");
    await expect(card.getByTestId("host-network-vpc")).toContainText(`${names.vpc} (10.${second}.0.0/16)`);
    await expect(card.getByTestId("host-network-subnet")).toContainText(names.subnet);
    await expect(card.getByTestId("host-network-ip")).toHaveText(address(50));
    await expect(card.getByTestId("host-network-fixed")).toBeVisible();
    await expect(card.getByTestId("host-network-groups")).toHaveText(names.group);
    await shot(page, `host-network-detail-${locale}`);

    // The default group added beside the host's own.
    await card.getByTestId("host-network-change-groups").click();
    await pickOption(page, page.getByTestId("host-network-groups-select"), "default");
    await clickInOpenDialog(page, "host-network-groups-save");
    await expect(card.getByTestId("host-network-group-default")).toBeVisible();
    await expect(card.getByTestId(`host-network-group-${names.group}`)).toBeVisible();
    await shot(page, `host-network-groups-changed-${locale}`);

    // The subnet's page names the host on it.
    await card.getByTestId("host-network-subnet").getByRole("link").click();
    await expect(page).toHaveURL(/\/mgt\/vpc\/subnet\//);
    await expect(page.getByTestId(`subnet-host-${names.host}`)).toBeVisible();
    await expect(page.getByTestId("subnet-ports")).toContainText(address(50));
    await shot(page, `host-network-subnet-${locale}`);
  });
}
