// An operator resets a sub-user's password; the sub-user must set a new one at sign-in, then sees
// only what their narrow permission set allows, and a route they lack shows the 403 page.
import { expect, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { OperatorApi } from "../support/api";
import { openIn, shot } from "../support/ui";

const READER_ID = "00000000-0000-4000-8000-000000000103";

test("forced first-login password, narrow menu and the 403 page (zh-CN)", async ({ page }) => {
  const ops = new OperatorApi(baseURL);
  await ops.login();
  // Another user's password is a way into their account: the operator's own step-up first.
  await ops.stepUp("13800000001");
  await ops.call("POST", `/api/ops/users/${READER_ID}/reset_password`, { body: {} });
  const sms = await ops.call<{ list: { body: string }[] }>("GET", "/api/ops/outbox", {
    query: { channel: "sms", recipient: "13800000003", pageNum: "1", pageSize: "1" },
  });
  const temporary = /Temporary password: (\S+) —/.exec(sms.list[0]?.body ?? "")?.[1];
  expect(temporary).toBeTruthy();

  await openIn(page, "zh-CN", "/login");
  await page.getByTestId("login-account").fill("demoreader");
  await page.getByTestId("login-password").fill(temporary!);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/firstLogin/);
  await page.getByTestId("first-login-password").fill(temporary!);
  await page.getByTestId("first-login-confirm").fill(temporary!);
  await page.getByTestId("first-login-submit").click();
  await expect(page.getByText("新密码不能与旧密码相同").first()).toBeVisible();
  await page.getByTestId("first-login-password").fill("Reader@2027");
  await page.getByTestId("first-login-confirm").fill("Reader@2027");
  await shot(page, "first-login-zh-CN");
  await page.getByTestId("first-login-submit").click();

  // The privacy statement is asked for once per user: another spec (the language check signs the
  // demo's sub-user in) may have accepted it for this user already.
  const privacy = page.getByTestId("privacy-accept");
  if (
    await privacy.waitFor({ state: "visible", timeout: 3000 }).then(
      () => true,
      () => false,
    )
  ) {
    await privacy.click();
  }
  await expect(page).toHaveURL(/\/mgt\/dashboard$/);
  await expect(page.getByTestId("menu-item-mgt-dashboard")).toBeVisible();
  await expect(page.getByTestId("menu-item-sys-config")).toHaveCount(0);

  await page.goto("/sys/config");
  await expect(page.getByTestId("exception-403")).toBeVisible();
  await shot(page, "forbidden-zh-CN");
});
