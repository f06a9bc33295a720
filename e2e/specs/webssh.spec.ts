// Remote login to a cloud host in the browser (`/webssh`, issue 15 item 7), in zh-CN and in en-US,
// against the local sshd of scripts/sshd/start.sh standing in for the simulated host
// (SIMULATOR_SSH_TARGET in playwright.config.ts). The demo tenant buys a host on the simulator,
// opens "Remote login" from the host's row (a new tab), is told the host is simulated and which
// stand-in answers, tries a wrong password and reads why it was refused, logs in with the right
// one as a Unix user made here, types `whoami` in the xterm and reads the answer, and exits.
import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import {
  addLoginUser,
  LOGIN_HOST,
  type LoginUser,
  removeLoginUser,
  setLoginPassword,
  startLoginHost,
} from "../../scripts/sshd/login-host";
import { OperatorApi } from "../support/api";
import { type Locale, openIn, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };
const USER = "e2ewebssh";
const PASSWORD = "E2e-webssh-2026";

const TEXT = {
  "zh-CN": {
    simulated: "模拟的云主机",
    refused: "云主机拒绝了登录：用户名、密码或私钥不正确",
    connected: `已以${USER}登录${LOGIN_HOST}`,
    exited: "远程登录已退出",
  },
  "en-US": {
    simulated: "Simulated host",
    refused: "The host refused the login: the user, password or private key is not right",
    connected: `Logged in as ${USER} on ${LOGIN_HOST}`,
    exited: "The remote shell exited",
  },
} as const;

let login: LoginUser | null = null;

test.beforeAll(() => {
  // A developer's `npm run test:e2e` may not have started it; CI's .ci/run has.
  const sshd = startLoginHost();
  login = addLoginUser(sshd, USER, "");
  setLoginPassword(USER, PASSWORD);
});

test.afterAll(() => {
  if (login) removeLoginUser(login);
});

/** What the xterm screen shows, one line per row (its DOM renderer writes spaces as U+00A0). */
const screenText = (page: Page) =>
  page
    .getByTestId("webssh-screen")
    .locator(".xterm-rows")
    .evaluate((rows) =>
      Array.from(rows.children, (r) => (r.textContent ?? "").replace(/\u00a0/g, " ")).join("\n"),
    );

async function logIn(page: Page, password: string) {
  await page.getByTestId("webssh-username").fill(USER);
  await page.getByTestId("webssh-password").fill(password);
  await page.getByTestId("webssh-connect").click();
}

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`remote login to a simulated host with a password, from its row (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const hostName = `e2e-webssh-${locale === "zh-CN" ? "zh" : "en"}`;
    const operator = new OperatorApi(baseURL!);
    await operator.login();
    await operator.manualRecharge(DEMO_ORG, "500", "E2E web SSH");
    const tenantApi = new OperatorApi(baseURL!);
    await tenantApi.login(TENANT.account, TENANT.password);
    await tenantApi.call("POST", "/api/service/apply", {
      body: {
        productCode: "ecs-standard",
        spec: { flavorId: "c2m4", imageId: "ubuntu-22.04" },
        name: hostName,
        quantity: 1,
        paymentType: "postpaid",
      },
      headers: { "idempotency-key": `e2e-${randomUUID()}` },
    });

    const context = await browser.newContext({ locale });
    const list = await context.newPage();
    await openIn(list, locale, "/login");
    await signIn(list, TENANT.account, TENANT.password);
    await list.goto("/mgt/cloudhost");
    await expect(list.getByTestId(`host-status-${hostName}`)).toHaveAttribute("data-status", "running", {
      timeout: 30_000,
    });
    await list.getByTestId(`host-more-${hostName}`).click();
    const opened = context.waitForEvent("page");
    await list.getByTestId(`host-remoteLogin-${hostName}`).click();
    const page = await opened;
    await expect(page).toHaveURL(/\/webssh\?host=/);
    await expect(page.getByTestId("webssh-simulated")).toContainText(TEXT[locale].simulated);
    await expect(page.getByTestId("webssh-simulated")).toContainText(LOGIN_HOST);
    await expect(page.getByTestId("webssh-username")).toHaveValue("root");

    // A wrong password: the host's refusal, in the page's language; the form stays for another try.
    await logIn(page, "not-the-password");
    await expect(page.getByTestId("webssh-status")).toHaveText(TEXT[locale].refused, { timeout: 20_000 });
    await expect(page.getByTestId("webssh-password")).toHaveValue("");

    await logIn(page, PASSWORD);
    await expect(page.getByTestId("webssh-status")).toHaveText(TEXT[locale].connected, { timeout: 20_000 });
    // Each spec buys a new host: its first login records its key, and says so.
    await expect(page.getByTestId("webssh-host-key-first")).toBeVisible();
    await page.getByTestId("webssh-screen").click();
    await page.keyboard.type("echo me=$(whoami) web-$((6*7))");
    await page.keyboard.press("Enter");
    await expect.poll(() => screenText(page)).toContain(`me=${USER} web-42`);
    await page.keyboard.type("exit");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("webssh-status")).toHaveText(TEXT[locale].exited);
    await expect(page.getByTestId("webssh-connect")).toBeEnabled();
    await context.close();
  });
}
