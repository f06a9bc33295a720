// Issue 19 §2 in the browser: four-eyes completes with two people and never with one. `admin`
// passes level 1 of a two-level order and is refused level 2; the second platform administrator
// (`approver`, from the demo seed) gives level 2 and the order goes on. `admin` asks for a 20,000-yuan
// adjustment (above the 10,000-yuan threshold), sees it wait with no way to approve it; the approver
// approves and only then the tenant's balance moves. Once per language. What the test only needs to
// exist (the product, the money, the order, the tenant) is made through the API.
import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { APPROVER, OperatorApi, registerTenantViaApi } from "../support/api";
import { clickInOpenDialog, type Locale, openIn, pickOption, shot, signIn } from "../support/ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const TENANT = { account: "demotenant", password: "Tenant@2026" };
const ADMIN = { account: "admin", password: "Admin@2026" };

const SAME_APPROVER: Record<Locale, string> = {
  "zh-CN": "二级审批须由另一位管理员完成",
  "en-US": "The second approval level must be given by another administrator",
};

async function signedInPage(browser: Browser, locale: Locale, who: { account: string; password: string }) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await openIn(page, locale, "/login");
  await signIn(page, who.account, who.password);
  return page;
}

/** A listed host product priced 300 a month whose orders need two approval levels. */
async function twoLevelProduct(ops: OperatorApi, code: string): Promise<void> {
  const categories = await ops.call<{ list: { id: string; code: string }[] }>(
    "GET",
    "/api/ops/catalog/categories",
    { query: { pageSize: "100" } },
  );
  const product = await ops.call<{ id: string }>("POST", "/api/ops/catalog/products", {
    body: {
      code,
      nameZh: `双级审批主机 ${code}`,
      nameEn: `Two-level host ${code}`,
      categoryId: categories.list.find((c) => c.code === "cloud-host")!.id,
      spec: {
        kind: "host",
        flavors: [{ id: "c2m4", name: "2 vCPU / 4 GB", vcpu: 2, memoryGb: 4, gpuCount: 0 }],
        images: [{ id: "ubuntu-22.04", name: "Ubuntu 22.04" }],
        systemDiskGb: 50,
      },
      prepaidPeriods: [1],
      postpaid: false,
      approvalFlow: "twoLevels",
    },
  });
  await ops.call("POST", `/api/ops/catalog/products/${product.id}/pricing`, {
    body: { rows: [{ dimension: "flavor:c2m4", model: "unit", unitPrice: "300" }] },
  });
  await ops.call("PUT", `/api/ops/catalog/products/${product.id}/listing`, {
    body: { listingState: "listed" },
  });
}

/** Approves the order from its row in the pending queue; the dialog's refusal, if any. */
async function approveFromQueue(operator: Page, orderNo: string): Promise<void> {
  await operator.goto("/sys/approvals");
  await operator.getByTestId("approvals-tab-pending").click();
  await operator.getByTestId(`approval-approve-${orderNo}`).click();
  await clickInOpenDialog(operator, "approval-decide-submit");
}

for (const locale of ["zh-CN", "en-US"] as const satisfies readonly Locale[]) {
  test(`a two-level order and a 20,000-yuan adjustment need two operators (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const ops = new OperatorApi(baseURL);
    await ops.login();
    const suffix = `${Date.now() % 100000}${locale === "zh-CN" ? "tz" : "te"}`;

    // --- Two approval levels, two people ---
    const code = `two-level-${suffix}`;
    await twoLevelProduct(ops, code);
    await ops.manualRecharge(DEMO_ORG, "300", `E2E two operators ${suffix}`);
    const tenant = new OperatorApi(baseURL);
    await tenant.login(TENANT.account, TENANT.password);
    const order = await tenant.call<{ id: string; orderNo: string; status: string }>(
      "POST",
      "/api/service/apply",
      {
        body: {
          productCode: code,
          spec: { flavorId: "c2m4", imageId: "ubuntu-22.04" },
          name: `two-${suffix}`,
          quantity: 1,
          paymentType: "prepaid",
          periodMonths: 1,
        },
        headers: { "idempotency-key": `e2e-${randomUUID()}` },
      },
    );
    expect(order.status).toBe("approving");
    const orderState = async () =>
      tenant.call<{ status: string; approvalLevel: string }>("GET", `/api/orders/${order.id}`);

    const admin = await signedInPage(browser, locale, ADMIN);
    await approveFromQueue(admin, order.orderNo);
    await expect(admin.getByTestId("approval-decide-submit")).toHaveCount(0);
    await expect.poll(async () => (await orderState()).approvalLevel).toBe("lev1_passed");
    // The same operator cannot give the second level.
    await approveFromQueue(admin, order.orderNo);
    await expect(admin.getByTestId("approval-decide-error")).toContainText(SAME_APPROVER[locale]);
    await shot(admin, `two-operators-level2-refused-${locale}`);
    await admin.keyboard.press("Escape");
    expect((await orderState()).status).toBe("approving");

    const approver = await signedInPage(browser, locale, APPROVER);
    await approveFromQueue(approver, order.orderNo);
    await expect(approver.getByTestId(`approval-approve-${order.orderNo}`)).toHaveCount(0);
    await expect.poll(async () => (await orderState()).status).not.toBe("approving");

    // --- A 20,000-yuan adjustment: one asks, another approves ---
    await registerTenantViaApi(baseURL, ops, suffix);
    const tenantName = `星河测试${suffix}`;
    const orgs = await ops.call<{ list: { orgId: string }[] }>("GET", "/api/ops/orgs", {
      query: { keyword: tenantName },
    });
    const orgId = orgs.list[0]!.orgId;
    const balance = async () =>
      (await ops.call<{ balance: string }>("GET", `/api/ops/orgs/${orgId}/account`)).balance;

    await admin.goto("/sys/finance/adjustments");
    await admin.getByTestId("adjustments-new").click();
    await pickOption(admin, admin.getByTestId("adjust-org"), tenantName);
    await admin.getByTestId("adjust-amount").fill("20000");
    await admin.getByTestId("adjust-reason").fill(`Contract settlement ${suffix}`);
    await admin.getByTestId("adjust-submit").click();
    await expect(admin.getByTestId("adjust-result")).toHaveAttribute("data-status", "pending_approval");
    await admin.getByTestId("adjust-close").click();
    expect(await balance()).toBe("0.00000");

    const pending = await ops.call<{ list: { id: string }[] }>("GET", "/api/ops/adjustments", {
      query: { orgId, status: "pending_approval" },
    });
    const id = pending.list[0]!.id;
    await admin.goto("/sys/finance/adjustments?status=pending_approval");
    await expect(admin.getByTestId(`adjustment-awaiting-${id}`)).toBeVisible();
    await expect(admin.getByTestId(`adjustment-approve-${id}`)).toHaveCount(0);
    await shot(admin, `two-operators-adjustment-waiting-${locale}`);

    await approver.goto("/sys/finance/adjustments?status=pending_approval");
    await approver.getByTestId(`adjustment-approve-${id}`).click();
    await approver.getByTestId("adjustment-remark").fill("Matches the signed settlement");
    await clickInOpenDialog(approver, "adjustment-decide-submit");
    await expect(approver.getByTestId(`adjustment-approve-${id}`)).toHaveCount(0);
    expect(await balance()).toBe("20000.00000");
    await shot(approver, `two-operators-adjustment-applied-${locale}`);
    await admin.context().close();
    await approver.context().close();
  });
}
