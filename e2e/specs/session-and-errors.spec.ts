// The session-expired dialog on 401, and the operator pages of the foundation.
import { createHmac, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { canonicalString } from "@skyledger/contracts";
import { baseURL } from "../playwright.config";
import { openIn, shot, signIn } from "../support/ui";

test("a session ended elsewhere shows the session-expired dialog, then the sign-in page (en-US)", async ({
  page,
}) => {
  await openIn(page, "en-US", "/login");
  await signIn(page, "demotenant", "Tenant@2026");
  await expect(page.getByTestId("dashboard-account")).toBeVisible();

  // End this very session from outside the page, signing the call with the page's own secret.
  const session = await page.evaluate(() => ({
    token: localStorage.getItem("skyledger.token"),
    signSecret: localStorage.getItem("skyledger.signSecret"),
  }));
  expect(session.token).toBeTruthy();
  const timestamp = String(Date.now());
  const nonce = randomUUID();
  const requestId = randomUUID();
  const sign = createHmac("sha256", session.signSecret!)
    .update(
      canonicalString({ method: "POST", path: "/api/users/logout", body: {}, timestamp, nonce, requestId }),
    )
    .digest("hex");
  const res = await fetch(`${baseURL}/api/users/logout`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: "XSRF-TOKEN=e2e-logout",
      "x-xsrf-token": "e2e-logout",
      authorization: `Bearer ${session.token}`,
      "x-timestamp": timestamp,
      "x-nonce": nonce,
      "x-request-id": requestId,
      "x-sign": sign,
    },
    body: "{}",
  });
  expect(res.status).toBe(200);

  await page.getByTestId("user-menu").click();
  await page.getByTestId("user-menu-profile").click();
  const dialog = page.getByTestId("session-expired-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Current session has expired, please log in again");
  await shot(page, "session-expired-en-US");
  await page.getByTestId("session-expired-ok").click();
  await expect(page).toHaveURL(/\/login/);
});

test("the operator edits the configuration, creates invitation codes and reads the outbox (zh-CN)", async ({
  page,
}) => {
  await openIn(page, "zh-CN", "/login");
  await signIn(page, "admin", "Admin@2026");
  await expect(page).toHaveURL(/\/sys\/overview/);
  await page.goto("/sys/config");
  await expect(page.getByTestId("menu-item-sys-config")).toBeVisible();
  await shot(page, "sys-config-zh-CN");

  await page.getByTestId("menu-item-sys-invitation").click();
  await page.getByTestId("invitation-create").click();
  await page.getByTestId("invitation-count").fill("2");
  await page.getByTestId("invitation-max-uses").fill("5");
  await page.getByTestId("invitation-create-submit").click();
  await expect(page.getByTestId("invitation-created")).toContainText("SKY-");
  await shot(page, "invitation-zh-CN");

  await page.goto("/sys/outbox");
  await expect(page.getByTestId("outbox-table")).toBeVisible();
  await shot(page, "outbox-zh-CN");
});

test("unknown routes show the 404 page with a way back", async ({ page }) => {
  await openIn(page, "en-US", "/no/such/page");
  await expect(page.getByTestId("exception-404")).toBeVisible();
  await expect(page.getByTestId("exception-primary")).toBeVisible();
});
