// /apply/share/:id, the elastic file service's public application page, against a fake API: it
// shows a listed product's protocol, capacity range and step, prepaid periods, postpaid, and its
// prices per GB a month and per GB an hour with the discount, in English and in Chinese, asked
// without a session; "Apply" takes a visitor to sign in with the way back to the purchase form, and
// a signed-in tenant to the purchase form with this product chosen; an unknown product says so.
import { buildMenus, type ScalableFileProductLanding } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setLanguage } from "../src/i18n";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();

const landing: ScalableFileProductLanding = {
  id: "p-turbo",
  code: "sfs-turbo",
  nameZh: "弹性文件服务",
  nameEn: "Elastic file service",
  categoryNameZh: "文件存储",
  categoryNameEn: "File storage",
  protocols: ["NFS"],
  minGb: 50,
  maxGb: 500,
  stepGb: 10,
  postpaid: true,
  prepaidPeriods: [1, 3, 12],
  manualActivation: false,
  simulated: true,
  prices: [
    {
      dimension: "capacity",
      unitPrice: "0.50000",
      discount: "0.80",
      discountedUnitPrice: "0.40000",
      hourlyUnitPrice: "0.00056",
    },
  ],
};

const LANDING_PATH = "/public/scalable-files/products/p-turbo";
const landingRoutes = { [`GET ${LANDING_PATH}`]: () => ({ data: landing }) };

/** Listed products as the purchase form reads them: another elastic file product comes first. */
const listed = (code: string, nameEn: string, nameZh: string) => ({
  id: `p-${code}`,
  code,
  nameZh,
  nameEn,
  categoryCode: "file-storage",
  spec: { kind: "scalableFile", protocols: ["NFS"], minGb: 50, maxGb: 500 },
  prepaidPeriods: [1, 3, 12],
  postpaid: true,
  approvalFlow: "none",
  manualActivation: false,
});

const ELASTIC = ["CA", "CB20", "CB2003", "CC01"];
const elasticUser = () =>
  makeUser({
    permissions: ELASTIC,
    menus: buildMenus(ELASTIC),
    routes: ["/mgt/dashboard", "/mgt/scalableFile", "/mgt/scalableFile/create"],
    certificationStatus: "authSucceed",
  });

describe("the elastic file service's application page", () => {
  it("shows the offer and the prices to a visitor, asked without a session", async () => {
    const server = renderApp("/apply/share/p-turbo", landingRoutes);
    const description = await screen.findByTestId("share-landing-description", {}, WAIT);
    expect(description.textContent).toContain("over NFS");
    expect(description.textContent).toContain("from 50 to 500 GB in steps of 10 GB");
    expect(screen.getByText("Elastic file service")).toBeTruthy();
    expect(screen.getByTestId("share-landing-protocols").textContent).toBe("NFS");
    expect(screen.getByTestId("share-landing-capacity").textContent).toBe("50 to 500 GB, in steps of 10 GB");
    expect(screen.getByTestId("share-landing-periods").textContent).toBe("1 month3 months1 year");
    expect(screen.getByTestId("share-landing-capacity-monthly").textContent).toBe("¥0.40000");
    expect(screen.getByTestId("share-landing-capacity-hourly").textContent).toBe("¥0.00056");
    expect(screen.getByTestId("share-landing-capacity-list").textContent).toBe("¥0.50000 discount 0.80");
    expect(screen.getByText("per GB a month")).toBeTruthy();
    expect(screen.getByText("per GB an hour")).toBeTruthy();
    expect(screen.getByTestId("share-landing-simulated").textContent).toContain("This service is simulated");
    expect(screen.queryByTestId("share-landing-manual")).toBeNull();
    expect(screen.getByText("You will be asked to sign in first.")).toBeTruthy();
    const asked = callsTo(server, "GET", LANDING_PATH);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((c) => c.headers.Authorization === undefined)).toBe(true);
  });

  it("shows the same figures in Chinese", async () => {
    await setLanguage("zh-CN");
    try {
      renderApp("/apply/share/p-turbo", landingRoutes);
      const description = await screen.findByTestId("share-landing-description", {}, WAIT);
      expect(description.textContent).toContain("通过NFS同时挂载");
      expect(description.textContent).toContain("50～500 GB之间按10 GB选择");
      expect(screen.getByText("弹性文件服务")).toBeTruthy();
      expect(screen.getByTestId("share-landing-capacity").textContent).toBe("50～500 GB，步长10 GB");
      expect(screen.getByTestId("share-landing-capacity-monthly").textContent).toBe("¥0.40000");
      expect(screen.getByTestId("share-landing-capacity-hourly").textContent).toBe("¥0.00056");
      expect(screen.getByTestId("share-landing-capacity-list").textContent).toBe("¥0.50000 折扣 0.80");
      expect(screen.getByText("每GB每月")).toBeTruthy();
      expect(screen.getByText("按小时计费")).toBeTruthy();
      expect(screen.getByTestId("share-landing-apply").textContent?.replace(/\s/g, "")).toBe("申请");
    } finally {
      await setLanguage("en-US");
    }
  });

  it("takes a visitor to sign in, with the way back to the purchase form of this product", async () => {
    renderApp("/apply/share/p-turbo", landingRoutes);
    fireEvent.click(await screen.findByTestId("share-landing-apply", {}, WAIT));
    expect(await screen.findByTestId("login-account", {}, WAIT)).toBeTruthy();
    expect(window.location.pathname).toBe("/login");
    expect(new URLSearchParams(window.location.search).get("redirect")).toBe(
      "/mgt/scalableFile/create?product=sfs-turbo",
    );
  });

  it("takes a signed-in tenant to the purchase form with this product chosen", async () => {
    const server = renderApp(
      "/apply/share/p-turbo",
      {
        ...landingRoutes,
        "GET /billing/products": () =>
          page([
            listed("sfs-archive", "Archive files", "归档文件"),
            listed("sfs-turbo", "Elastic file service", "弹性文件服务"),
          ]),
        "POST /billing/inquiry/price": () => ({ status: 400, code: 29999, message: "not priced here" }),
      },
      { user: elasticUser() },
    );
    expect((await screen.findByText("My elastic file systems", {}, WAIT)).getAttribute("href")).toBe(
      "/mgt/scalableFile",
    );
    fireEvent.click(screen.getByTestId("share-landing-apply"));
    const product = await screen.findByTestId("scalableFile-create-product", {}, WAIT);
    expect(window.location.pathname).toBe("/mgt/scalableFile/create");
    expect(window.location.search).toBe("?product=sfs-turbo");
    expect(product.textContent).toContain("Elastic file service");
    expect(product.textContent).not.toContain("Archive files");
    // The form prices the chosen product, not the first one listed.
    await waitFor(
      () =>
        expect(
          callsTo(server, "POST", "/billing/inquiry/price").map(
            (c) => (c.body as { productCode: string }).productCode,
          ),
        ).toContain("sfs-turbo"),
      WAIT,
    );
    expect(
      callsTo(server, "POST", "/billing/inquiry/price").some(
        (c) => (c.body as { productCode: string }).productCode === "sfs-archive",
      ),
    ).toBe(false);
  });

  it("says an unknown or unlisted product is not on sale", async () => {
    renderApp("/apply/share/gone", {
      "GET /public/scalable-files/products/gone": () => ({
        status: 404,
        code: 404,
        message: "Sorry, the interface does not exist",
      }),
    });
    const error = await screen.findByTestId("share-landing-error", {}, WAIT);
    expect(error.textContent).toContain("This product is not on sale");
    expect(screen.queryByTestId("share-landing")).toBeNull();
  });
});
