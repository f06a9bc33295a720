// Buying a host through the console's form puts it on a network (issue 15 item 5): the specs that
// buy one open the form here, learning which VPCs the tenant has, and choose the network as a
// tenant would — the default VPC when they have none, else a VPC that has a subnet.
import { expect, type Page } from "@playwright/test";
import { pickOption } from "./ui";

export type VpcRow = { id: string; name: string; cidr: string; status: string; subnetCount: number };

/** Opens the host purchase form and returns the VPCs it offers, once it has asked for them. */
export async function openHostPurchase(page: Page): Promise<VpcRow[]> {
  const listed = page.waitForResponse(
    (r) => r.request().method() === "GET" && new URL(r.url()).pathname === "/api/res/vpcs",
  );
  await page.goto("/mgt/cloudhost/create");
  const body = (await (await listed).json()) as { data: { list: VpcRow[] } };
  return body.data.list;
}

/**
 * Chooses the host's network: the default VPC (made by the form's button) when the tenant has no
 * VPC, else the first VPC with a subnet; its first subnet and the default security group follow.
 */
export async function chooseHostNetwork(page: Page, vpcs: VpcRow[]): Promise<void> {
  if (vpcs.length === 0) {
    await page.getByTestId("host-create-default-vpc").click();
  } else {
    const usable = vpcs.find((v) => v.status === "active" && v.subnetCount > 0);
    if (!usable) throw new Error(`None of the tenant's ${vpcs.length} VPCs has a subnet to put a host on`);
    await pickOption(page, page.getByTestId("host-create-vpc"), usable.name);
  }
  // A subnet's label ends with its CIDR; the placeholder has none.
  await expect(page.getByTestId("host-create-subnet")).toContainText("/");
  await expect(page.getByTestId("host-create-security-groups")).toContainText("default");
}
