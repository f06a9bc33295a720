import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import type { OperatorApi } from "./api";

export type Locale = "zh-CN" | "en-US";

const shots = path.resolve(import.meta.dirname, "..", "screenshots");
mkdirSync(shots, { recursive: true });

/**
 * Saves a full-page screenshot for review (kept out of git), once opening drawers and dialogs have
 * settled. Not in CI, where nobody looks at them and each costs the loaded machine a second or more
 * (E2E_SHOTS=true takes them there too).
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (process.env.CI && process.env.E2E_SHOTS !== "true") return;
  await page.evaluate(() => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    const settled = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** Opens a page in the given language, as the persisted language switch would. */
export async function openIn(page: Page, locale: Locale, url: string): Promise<void> {
  await page.addInitScript((lng) => localStorage.setItem("skyledger.lang", lng), locale);
  await page.goto(url);
}

/** Picks the first option of an antd Select with the keyboard (the list may open over other fields). */
export async function pickFirst(page: Page, select: Locator): Promise<void> {
  await select.click();
  await expect(
    page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active"),
  ).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)")).toHaveCount(0);
}

/** Chooses the option with this label in an antd Select (searching for it), then closes the list. */
export async function pickOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page.keyboard.type(label);
  const open = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)");
  await open.locator(".ant-select-item-option", { hasText: label }).first().click();
  // Closed by a click on a title outside the list (Escape would also close a surrounding dialog).
  const dialogTitle = page.locator(".ant-modal-title:visible");
  await ((await dialogTitle.count()) > 0 ? dialogTitle.last() : page.locator("h3:visible").first()).click();
  await expect(open).toHaveCount(0);
}

/**
 * Types a name into a list's search box (an antd Input.Search with this test id) and searches: the
 * demo tenant collects more resources than one page as the spec files run, so a spec finds its own.
 */
export async function searchList(page: Page, testId: string, name: string): Promise<void> {
  const box = page.getByTestId(testId).locator("input");
  await box.fill(name);
  await box.press("Enter");
}

/** Signs in on the login page and accepts the privacy dialog if it is shown. */
export async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.getByTestId("login-account").fill(account);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("console-menu")).toBeVisible();
  const privacy = page.getByTestId("privacy-dialog");
  const shown = await privacy
    .waitFor({ state: "visible", timeout: 3000 })
    .then(() => true)
    .catch(() => false);
  if (shown) {
    await page.getByTestId("privacy-accept").click();
    await expect(privacy).toBeHidden();
  }
}

let counter = 0;
/** A phone number nobody else in this run uses. */
export function uniquePhone(): string {
  counter += 1;
  return `139${String(Date.now() % 100_000_000)
    .padStart(8, "0")
    .slice(0, 6)}${String(counter).padStart(2, "0")}`;
}

/**
 * Clicks a button of a dialog once the dialog has finished opening. antd zooms a dialog in; on a
 * busy machine the browser can report the button steady between two slow frames while it is
 * still moving, and the click then lands beside it.
 */
export async function clickInOpenDialog(page: Page, testId: string): Promise<void> {
  const button = page.getByTestId(testId);
  await expect(page.locator(".ant-modal").filter({ has: button })).not.toHaveClass(/ant-zoom-(appear|enter)/);
  await button.click();
}

/**
 * Answers the console's SMS step-up dialog (HTTP 406) as its user would, reading the code an
 * operator can see in the outbox; the console then retries the refused call.
 */
export async function passStepUp(page: Page, ops: OperatorApi, mobile: string): Promise<void> {
  await expect(page.getByTestId("sms-verify-dialog")).toBeVisible();
  await page.getByTestId("sms-verify-send").click();
  await expect(page.getByTestId("sms-verify-send")).toBeDisabled();
  await page.getByTestId("sms-verify-code").fill(await ops.latestSmsCode(mobile));
  await clickInOpenDialog(page, "sms-verify-confirm");
  await expect(page.getByTestId("sms-verify-dialog")).toBeHidden();
}
