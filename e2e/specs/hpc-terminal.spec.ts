// The HPC browser terminal (issue 14 item 5) in the browser, in zh-CN and in en-US, against the
// local login host of scripts/sshd/start.sh (127.0.0.1:2222, started here when it is not running).
// An operator gives the simulated demo cluster that login host on /mgt/hpc, copies the cluster's
// public key shown there into the authorized keys of the member's cluster user on the host (the
// Unix user made as an operator would) and records the host's key, which must be the one
// `ssh-keygen -lf` reports. The demo tenant opens the terminal from /hpcconsole, types `whoami`
// and `echo`, and reads their output on the xterm screen; signing out in another tab ends the
// terminal: its socket closes and the page says why. The cluster keeps its login host afterwards
// (later specs, the language check among them, see the configured cluster); the Unix user goes.
import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  addLoginUser,
  LOGIN_HOST,
  type LoginUser,
  loginHostFingerprint,
  removeLoginUser,
  startLoginHost,
} from "../../scripts/sshd/login-host";
import { OperatorApi } from "../support/api";
import { type Locale, openIn, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };

const TEXT = {
  "zh-CN": {
    title: "HPC终端",
    connected: (user: string) => `已以 ${user} 身份连接到 ${LOGIN_HOST}`,
    signedOut: "您已退出登录或会话已过期，终端已断开",
  },
  "en-US": {
    title: "HPC terminal",
    connected: (user: string) => `Connected to ${LOGIN_HOST} as ${user}`,
    signedOut: "You signed out or your session expired, so the terminal was disconnected",
  },
} as const;

let sshd = "";
let poolId = "";
let clusterUser = "";
let login: LoginUser | null = null;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(120_000);
  // A developer's `npm run test:e2e` may not have started it; CI's .ci/run has.
  sshd = startLoginHost();
  const ops = new OperatorApi(baseURL!);
  await ops.login();
  await ops.manualRecharge(DEMO_ORG, "200", "E2E HPC terminal");
  const tenant = new OperatorApi(baseURL!);
  await tenant.login(TENANT.account, TENANT.password);
  const order = await tenant.call<{ id: string }>("POST", "/api/service/apply", {
    body: {
      productCode: "hpc-shared",
      spec: {},
      name: `e2e-terminal-${Date.now() % 100_000}`,
      quantity: 1,
      paymentType: "postpaid",
    },
    headers: { "idempotency-key": randomUUID() },
  });
  await expect
    .poll(
      async () => {
        const o = await tenant.call<{ status: string; resourceIds: string[] }>(
          "GET",
          `/api/orders/${order.id}`,
        );
        if (o.status === "completed") poolId = o.resourceIds[0] ?? "";
        return o.status;
      },
      { timeout: 60_000 },
    )
    .toBe("completed");
  const view = await tenant.call<{ clusterUser: string | null }>("GET", `/api/hpc/console/pools/${poolId}`);
  clusterUser = view.clusterUser ?? "";
  expect(clusterUser).toMatch(/^sk_/);
});

test.afterAll(() => {
  if (login) removeLoginUser(login);
});

/**
 * The operator's part, on /mgt/hpc: the simulated cluster's login host, the cluster's public key
 * (copied from the page) authorized for the member's Unix user, and the host's key fetched and
 * compared with what `ssh-keygen -lf` says on the host.
 */
async function operatorConfiguresLoginHost(browser: Browser, locale: Locale): Promise<void> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await openIn(page, locale, "/login");
  await signIn(page, "admin", "Admin@2026");
  await page.goto("/mgt/hpc");
  const row = page
    .getByTestId("hpc-clusters-table")
    .locator("tr", { has: page.getByTestId("hpc-simulated-tag") })
    .first();
  await expect(row).toBeVisible();
  const id = ((await row.getAttribute("data-testid")) ?? "").replace("hpc-cluster-row-", "");
  expect(id).not.toBe("");

  await page.getByTestId(`hpc-cluster-edit-${id}`).click();
  await page.getByTestId("hpc-cluster-login-host").fill(LOGIN_HOST);
  await page.getByTestId("hpc-cluster-submit").click();
  await expect(page.getByTestId("hpc-cluster-submit")).toBeHidden();

  await row.locator(".ant-table-row-expand-icon").click();
  await expect(page.getByTestId(`hpc-cluster-connection-${id}`)).toContainText(LOGIN_HOST);
  const publicKey = ((await page.getByTestId(`hpc-cluster-ssh-key-${id}`).textContent()) ?? "").trim();
  expect(publicKey).toMatch(/^ssh-ed25519 \S+/);
  login ??= addLoginUser(sshd, clusterUser, publicKey);

  await page.getByTestId(`hpc-cluster-host-key-fetch-${id}`).click();
  await page.getByTestId(`hpc-cluster-host-key-fetch-ok-${id}`).click();
  await expect(page.getByTestId(`hpc-cluster-host-key-fingerprint-${id}`)).toHaveText(
    loginHostFingerprint(sshd),
  );
  await expect(page.getByTestId(`hpc-cluster-${id}-host-key`)).toHaveAttribute("data-recorded", "true");
  await context.close();
}

/** What the xterm screen shows, one line per row (its DOM renderer writes spaces as U+00A0). */
const screenText = (page: Page) =>
  page
    .getByTestId("hpc-terminal-screen")
    .locator(".xterm-rows")
    .evaluate((rows) =>
      Array.from(rows.children, (r) => (r.textContent ?? "").replace(/\u00a0/g, " ")).join("\n"),
    );

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a member types in the terminal opened from the HPC console; signing out ends it (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    await operatorConfiguresLoginHost(browser, locale);

    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await openIn(page, locale, "/login");
    await signIn(page, TENANT.account, TENANT.password);
    await page.goto(`/hpcconsole?pool=${poolId}`);
    await expect(page.getByTestId("hpc-console-cluster-user")).toHaveText(clusterUser);
    await page.getByTestId("hpc-console-terminal-open").click();
    await expect(page).toHaveURL(new RegExp(`/hpcv1console\\?pool=${poolId}$`));
    await expect(page.getByRole("heading", { name: TEXT[locale].title })).toBeVisible();
    await expect(page.getByTestId("hpc-terminal-no-login-host")).toHaveCount(0);

    const socket = page.waitForEvent("websocket", (ws) => ws.url().includes("/api/hpc/terminal?"));
    await page.getByTestId("hpc-terminal-connect").click();
    const ws = await socket;
    const status = page.getByTestId("hpc-terminal-status");
    await expect(status).toHaveText(TEXT[locale].connected(clusterUser));
    // The host the operator typed and the cluster user are shown as written, marked as such.
    await expect(status.locator("[data-user-data]")).toHaveText(
      locale === "zh-CN" ? [clusterUser, LOGIN_HOST] : [LOGIN_HOST, clusterUser],
    );

    // Typed into xterm as a person types; `$((6*7))` and `$(whoami)` show only once the shell ran them.
    await page.getByTestId("hpc-terminal-screen").click();
    await page.keyboard.type("echo me=$(whoami) sky-$((6*7))");
    await page.keyboard.press("Enter");
    await expect.poll(() => screenText(page)).toContain(`me=${clusterUser} sky-42`);

    // Signed out in another tab of the same browser: the server ends the terminal at once.
    const closed = ws.waitForEvent("close");
    const other = await context.newPage();
    await other.goto("/mgt/dashboard");
    await other.getByTestId("user-menu").click();
    await other.getByTestId("user-menu-logout").click();
    await expect(other).toHaveURL(/\/login$/);
    await closed;
    await expect(status).toHaveText(TEXT[locale].signedOut);
    await expect(page.getByTestId("hpc-terminal-connect")).toBeEnabled();
    await context.close();
  });
}
