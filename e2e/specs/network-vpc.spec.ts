// VPCs, subnets and routers on the simulated network, in both languages: the tenant creates a VPC,
// adds a subnet, is told an overlapping subnet overlaps it (by name), makes a router joining the
// subnet, has a route conflicting with the subnet refused (by name) and a good route accepted.

import { expect, test } from "@playwright/test";
import { errorText } from "@skyledger/contracts";
import { type Locale, openIn, pickOption, shot, signIn } from "../support/ui";

for (const [locale, second] of [
  ["zh-CN", 31],
  ["en-US", 32],
] as const satisfies readonly (readonly [Locale, number])[]) {
  test(`a VPC with a subnet and a router with routes (${locale})`, async ({ page }) => {
    const tag = `${locale === "zh-CN" ? "zh" : "en"}${Date.now() % 100_000}`;
    const names = { vpc: `vpc-${tag}`, subnet: `web-${tag}`, router: `rt-${tag}` };
    const net = (third: number, rest: string) => `10.${second}.${third}.${rest}`;
    await openIn(page, locale, "/login");
    await signIn(page, "demotenant", "Tenant@2026");
    await page.goto("/mgt/vpc");
    await expect(page.getByTestId("network-simulated")).toBeVisible();

    await page.getByTestId("vpc-create").click();
    await page.getByTestId("vpc-form-name").fill(names.vpc);
    await page.getByTestId("vpc-form-cidr").fill(`10.${second}.0.0/33`);
    await page.getByTestId("vpc-form-submit").click();
    await expect(
      page.getByText(locale === "zh-CN" ? "网段格式不正确" : "Write a block as its network"),
    ).toBeVisible();
    await page.getByTestId("vpc-form-cidr").fill(`10.${second}.0.0/16`);
    await page.getByTestId("vpc-form-submit").click();
    await expect(page).toHaveURL(/\/mgt\/vpc\/detail\//);
    await expect(page.getByTestId("vpc-detail")).toContainText(`10.${second}.0.0/16`);

    await page.getByTestId("subnet-add").click();
    await page.getByTestId("subnet-form-name").fill(names.subnet);
    await page.getByTestId("subnet-form-cidr").fill(net(1, "0/24"));
    await page.getByTestId("subnet-form-submit").click();
    await expect(page.getByTestId(`subnet-row-${names.subnet}`)).toContainText(net(1, "1"));

    await page.getByTestId("subnet-add").click();
    await page.getByTestId("subnet-form-name").fill(`db-${tag}`);
    await page.getByTestId("subnet-form-cidr").fill(net(0, "0/23"));
    await page.getByTestId("subnet-form-submit").click();
    const overlap = errorText("SUBNET_OVERLAPS", locale, {
      cidr: net(0, "0/23"),
      name: names.subnet,
      other: net(1, "0/24"),
    });
    await expect(page.getByText(overlap)).toBeVisible();
    await shot(page, `network-subnet-overlap-${locale}`);
    await page.keyboard.press("Escape");

    await page.goto("/mgt/route");
    await page.getByTestId("router-create").click();
    await page.getByTestId("router-form-name").fill(names.router);
    await pickOption(page, page.getByTestId("router-form-vpc"), names.vpc);
    await pickOption(page, page.getByTestId("router-form-subnets"), names.subnet);
    await page.getByTestId("router-form-submit").click();
    await expect(page).toHaveURL(/\/mgt\/route\/detail\//);
    await expect(page.getByTestId(`router-interface-${names.subnet}`)).toContainText(net(1, "1"));

    await page.getByTestId("route-add").click();
    await page.getByTestId("route-form-destination").fill(net(1, "128/25"));
    await page.getByTestId("route-form-nexthop").fill(net(1, "9"));
    await page.getByTestId("route-form-submit").click();
    const conflict = errorText("ROUTE_CONFLICTS_SUBNET", locale, {
      destination: net(1, "128/25"),
      name: names.subnet,
      cidr: net(1, "0/24"),
    });
    await expect(page.getByText(conflict)).toBeVisible();
    await page.getByTestId("route-form-destination").fill("172.20.0.0/16");
    await page.getByTestId("route-form-submit").click();
    await expect(page.getByTestId("route-row-172.20.0.0/16")).toContainText(net(1, "9"));
    await shot(page, `network-router-${locale}`);
  });
}
