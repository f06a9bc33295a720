// Access control in the browser: a new tenant's administrator creates a project, a custom permission
// set (overview, bills, coupons), a user group carrying it and a sub-user in that group with a chosen
// password that must be changed at first sign-in, and adds the sub-user to the project — all through
// the pages. The sub-user then signs in, is made to set a new password, and sees only what the set
// allows: bills and coupons (no redeeming), no access control, top-up details or account details,
// and the 403 page on a route outside the set; creating the user asks the administrator for SMS
// step-up, and the member confirms the phone the administrator typed in — in both languages.
import { expect, type Page, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { OperatorApi, registerTenantViaApi } from "../support/api";
import { type Locale, openIn, passStepUp, pickOption, shot, signIn, uniquePhone } from "../support/ui";

const LABELS = {
  "zh-CN": { costCentre: "费用中心", accessControl: "访问控制" },
  "en-US": { costCentre: "Cost centre", accessControl: "Access control" },
} as const;

/** Opens a group of the left menu by its label, so its entries are rendered. */
async function openMenuGroup(page: Page, label: string): Promise<void> {
  await page.getByTestId("console-menu").getByRole("menuitem", { name: label }).click();
}

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a tenant administrator sets up a project, a permission set, a group and a sub-user who sees only what the set allows (${locale})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const ops = new OperatorApi(baseURL);
    await ops.login();
    const suffix = `${Date.now() % 100000}${locale === "zh-CN" ? "az" : "ae"}`;
    const tenant = await registerTenantViaApi(baseURL, ops, suffix);
    const names = {
      project: `${locale === "zh-CN" ? "星河项目" : "Galaxy"}-${suffix}`,
      set: `${locale === "zh-CN" ? "账单查看" : "BillsOnly"}-${suffix}`,
      group: `${locale === "zh-CN" ? "财务组" : "Finance"}-${suffix}`,
    };
    const member = {
      account: `fin${suffix}`,
      realName: locale === "zh-CN" ? "李财务" : "Frank",
      mobile: uniquePhone(),
      password: "Member@2026",
      newPassword: "Member@2027",
    };
    const labels = LABELS[locale];

    await openIn(page, locale, "/login");
    await signIn(page, tenant.account, tenant.password);
    await expect(
      page.getByTestId("console-menu").getByRole("menuitem", { name: labels.accessControl }),
    ).toBeVisible();

    // A project.
    await page.goto("/mgt/project");
    await page.getByTestId("project-create").click();
    await page.getByTestId("project-form-name").fill(names.project);
    await page
      .getByTestId("project-form-description")
      .fill(locale === "zh-CN" ? "训练集群" : "Training cluster");
    await page.getByTestId("project-form-contact").fill(locale === "zh-CN" ? "张三" : "Alice");
    await page.getByTestId("project-form-phone").fill(uniquePhone());
    await shot(page, `iam-project-form-${locale}`);
    await page.getByTestId("project-form-submit").click();
    await expect(page.getByTestId(`project-row-${names.project}`)).toBeVisible();

    // A custom permission set: the overview, bills and coupons only.
    await page.goto("/mgt/strategy");
    await page.getByTestId("strategy-create").click();
    await page.getByTestId("strategy-form-name").fill(names.set);
    await page
      .getByTestId("strategy-form-description")
      .fill(locale === "zh-CN" ? "只看账单和优惠券" : "Bills and coupons only");
    for (const code of ["CA", "CC03", "CC02"]) await page.getByTestId(`strategy-code-${code}`).check();
    await shot(page, `iam-set-form-${locale}`);
    await page.getByTestId("strategy-form-submit").click();
    await expect(page.getByTestId(`strategy-row-${names.set}`)).toBeVisible();

    // A user group granting that set.
    await page.goto("/mgt/usergroup");
    await page.getByTestId("group-create").click();
    await page.getByTestId("group-form-name").fill(names.group);
    await pickOption(page, page.getByTestId("group-form-sets"), names.set);
    await shot(page, `iam-group-form-${locale}`);
    await page.getByTestId("group-form-submit").click();
    await expect(page.getByTestId(`group-row-${names.group}`)).toContainText(names.set);

    // A sub-user in the group, with a chosen password to be replaced at first sign-in.
    await page.goto("/mgt/user");
    await page.getByTestId("user-create").click();
    await page.getByTestId("user-form-account").fill(member.account);
    await page.getByTestId("user-form-name").fill(member.realName);
    await page.getByTestId("user-form-email").fill(`${member.account}@example.com`);
    await page.getByTestId("user-form-mobile").fill(member.mobile);
    await pickOption(page, page.getByTestId("user-form-groups"), names.group);
    await page.getByTestId("user-form-password-chosen").check();
    await page.getByTestId("user-form-password").fill(member.password);
    await page.getByTestId("user-form-confirm").fill(member.password);
    await expect(page.getByTestId("user-form-reset-first")).toBeChecked();
    await shot(page, `iam-user-form-${locale}`);
    await page.getByTestId("user-form-submit").click();
    // Creating a user is a way into the organisation: the administrator's own SMS step-up first.
    await passStepUp(page, ops, tenant.mobile);
    await expect(page.getByTestId(`user-row-${member.account}`)).toContainText(names.group);
    await shot(page, `iam-users-${locale}`);

    // The sub-user joins the project.
    await page.goto("/mgt/project");
    await page.getByTestId(`project-members-${names.project}`).click();
    await page.getByTestId("project-member-add").click();
    await page.getByTestId(`project-candidate-${member.account}`).check();
    await page.getByTestId("project-candidates-submit").click();
    await expect(page.getByTestId(`project-member-${member.account}`)).toBeVisible();
    await shot(page, `iam-project-members-${locale}`);

    // The sub-user signs in elsewhere and must set a new password first.
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await openIn(memberPage, locale, "/login");
    await memberPage.getByTestId("login-account").fill(member.account);
    await memberPage.getByTestId("login-password").fill(member.password);
    await memberPage.getByTestId("login-submit").click();
    await expect(memberPage).toHaveURL(/\/firstLogin/);
    await memberPage.getByTestId("first-login-password").fill(member.newPassword);
    await memberPage.getByTestId("first-login-confirm").fill(member.newPassword);
    await shot(memberPage, `iam-first-login-${locale}`);
    await memberPage.getByTestId("first-login-submit").click();
    await memberPage.getByTestId("privacy-accept").click();
    await expect(memberPage.getByTestId("privacy-dialog")).toBeHidden();
    await expect(memberPage).toHaveURL(/\/mgt\/dashboard$/);

    // Only what the set allows is in the menu.
    const menu = memberPage.getByTestId("console-menu");
    await expect(memberPage.getByTestId("menu-item-mgt-dashboard")).toBeVisible();
    await openMenuGroup(memberPage, labels.costCentre);
    await expect(memberPage.getByTestId("menu-item-mgt-bill")).toBeVisible();
    await expect(memberPage.getByTestId("menu-item-mgt-couponordinary")).toBeVisible();
    await expect(memberPage.getByTestId("menu-item-mgt-rechargedetails")).toHaveCount(0);
    await expect(memberPage.getByTestId("menu-item-mgt-deals")).toHaveCount(0);
    await expect(menu.getByRole("menuitem", { name: labels.accessControl })).toHaveCount(0);
    await expect(memberPage.getByTestId("menu-item-mgt-user")).toHaveCount(0);
    await shot(memberPage, `iam-member-menu-${locale}`);

    // An allowed page opens; a route outside the set shows the 403 page.
    await memberPage.getByTestId("menu-item-mgt-bill").click();
    await expect(memberPage.getByTestId("bill-export")).toBeVisible();
    await memberPage.goto("/mgt/user");
    await expect(memberPage.getByTestId("exception-403")).toBeVisible();
    await shot(memberPage, `iam-member-forbidden-${locale}`);

    // Coupons are readable; redeeming a voucher needs CC0201, which the set does not hold.
    await memberPage.goto("/mgt/couponordinary?tab=vouchers");
    await expect(memberPage.getByTestId("vouchers-status")).toBeVisible();
    await expect(memberPage.getByTestId("voucher-code")).toHaveCount(0);

    // The phone the administrator typed in is the member's only once they confirm it.
    await memberPage.goto("/info");
    await expect(memberPage.getByTestId("profile-mobile-unverified")).toBeVisible();
    await memberPage.getByTestId("profile-mobile-verify-send").click();
    await expect(memberPage.getByTestId("profile-mobile-verify-send")).toBeDisabled();
    await memberPage.getByTestId("profile-mobile-verify-code").fill(await ops.latestSmsCode(member.mobile));
    await shot(memberPage, `iam-member-phone-unverified-${locale}`);
    await memberPage.getByTestId("profile-mobile-verify-submit").click();
    await expect(memberPage.getByTestId("profile-mobile-verified")).toBeVisible();
    await memberContext.close();
  });
}
