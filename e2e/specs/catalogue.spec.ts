// The operator's catalogue in the browser: a product pending listing gets its price row (the page
// refuses to list it before), is listed, and the price preview of a listed host answers — in both
// languages.
import { expect, test } from "@playwright/test";
import { openIn, pickFirst, shot, signIn } from "../support/ui";

test("an operator prices a pending product and lists it (zh-CN)", async ({ page }) => {
  await openIn(page, "zh-CN", "/login");
  await signIn(page, "admin", "Admin@2026");
  await page.goto("/mgt/productcategory");
  const row = page.getByTestId("catalog-product-cbr-backup");
  await expect(row.getByTestId("catalog-listing-state")).toHaveAttribute("data-state", "pendingListing");
  await expect(row.getByTestId("catalog-pricing-state")).toHaveAttribute("data-state", "false");

  await page.getByTestId("catalog-product-pricing-cbr-backup").click();
  const drawer = page.getByTestId("catalog-pricing-drawer");
  await expect(drawer).toBeVisible();
  await expect(page.getByTestId("catalog-pricing-missing")).toBeVisible();
  if ((await page.getByTestId("catalog-pricing-new-0").count()) === 0) {
    await page.getByTestId("catalog-pricing-add-row").click();
  }
  await pickFirst(page, page.getByTestId("catalog-pricing-new-0-dimension"));
  await page.getByTestId("catalog-pricing-new-0-unit").fill("0.5");
  await page.getByTestId("catalog-pricing-save-rows").click();
  await expect(page.getByTestId("catalog-pricing-row-option:standard")).toBeVisible();
  await expect(page.getByTestId("catalog-pricing-missing")).toHaveCount(0);
  await shot(page, "catalogue-pricing-zh-CN");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  await page.getByTestId("catalog-product-listed-cbr-backup").click();
  await expect(row.getByTestId("catalog-listing-state")).toHaveAttribute("data-state", "listed");
  await shot(page, "catalogue-products-zh-CN");
});

test("the price preview of a listed host answers with the payable amount (en-US)", async ({ page }) => {
  await openIn(page, "en-US", "/login");
  await signIn(page, "admin", "Admin@2026");
  await page.goto("/mgt/productcategory");
  const row = page.getByTestId("catalog-product-ecs-standard");
  await expect(row.getByTestId("catalog-listing-state")).toHaveAttribute("data-state", "listed");
  await page.getByTestId("catalog-product-pricing-ecs-standard").click();
  await expect(page.getByTestId("catalog-pricing-drawer")).toBeVisible();
  await page.getByTestId("catalog-preview-submit").click();
  await expect(page.getByTestId("catalog-preview-payable")).toHaveText(/^¥\d+\.\d{5}$/);
  await shot(page, "catalogue-preview-en-US");
});
