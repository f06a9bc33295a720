// /mgt/modelarts without the AI development platform (issue 14 item 1), against a fake API: the
// page says it is not enabled and offers to enable it (submitting a training job is disabled); the
// offer opens /mgt/modelarts/enable, the order page with the live price, whose button orders the
// `ai-platform` product (postpaid, nothing to choose) and whose refusal (a second one) is shown.
// A frozen platform is said as such, with what brings it back.
import { type AiPlatformStatus, buildMenus, type PriceQuote } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();

const off: AiPlatformStatus = {
  enabled: false,
  resourceId: null,
  status: null,
  pendingOrderId: null,
  product: {
    id: "p-9",
    code: "ai-platform",
    nameZh: "AI开发平台",
    nameEn: "AI development platform",
    postpaid: true,
  },
};

const quote: PriceQuote = {
  productCode: "ai-platform",
  dimension: "platform",
  paymentType: "postpaid",
  periodMonths: null,
  hours: 1,
  monthly: "0.00000",
  original: "0.00000",
  discount: "0.00000",
  packageDiscount: "0.00000",
  contractDiscount: "0.00000",
  amount: "0.00000",
  coupon: null,
  couponDeduction: "0.00000",
  payable: "0.00000",
  deduction: { sufficient: true, shortfall: "0.00000", allocations: [] },
};

const CODES = ["CA", "CB19", "CB1701", "CC01"];
const tenant = (codes = CODES) =>
  makeUser({
    permissions: codes,
    menus: buildMenus(codes),
    routes: ["/mgt/dashboard", "/mgt/modelarts", "/mgt/modelarts/enable"],
    certificationStatus: "authSucceed",
  });

const modelarts = (platform: AiPlatformStatus) => ({
  "GET /modelarts/platform": () => ({ data: platform }),
  "GET /modelarts/pools": () => ({ data: [] }),
  "GET /modelarts/jobs": () => page([]),
});

describe("the AI development platform not enabled", () => {
  it("is said on /mgt/modelarts, with the offer to enable it and no training job", async () => {
    renderApp("/mgt/modelarts", modelarts(off), { user: tenant() });
    const alert = await screen.findByTestId("modelarts-platform-off", {}, WAIT);
    expect(alert.textContent).toContain("The AI development platform is not enabled for your organisation");
    expect(screen.getByTestId("modelarts-platform-enable").getAttribute("href")).toBe(
      "/mgt/modelarts/enable",
    );
    await waitFor(() => expect(screen.getByTestId("modelarts-new").hasAttribute("disabled")).toBe(true));
    expect(screen.queryByTestId("modelarts-no-pool")).toBeNull();
  });

  it("tells whoever may not order it to ask an administrator", async () => {
    renderApp("/mgt/modelarts", modelarts(off), { user: tenant(["CA", "CB19"]) });
    const alert = await screen.findByTestId("modelarts-platform-off", {}, WAIT);
    expect(alert.textContent).toContain("Ask an administrator");
    expect(screen.queryByTestId("modelarts-platform-enable")).toBeNull();
  });

  it("frozen, says so with what to do (top up or contact), and offers no second one", async () => {
    const frozen = { ...off, resourceId: "r-aip", status: "frozen" as const };
    renderApp("/mgt/modelarts", modelarts(frozen), { user: tenant() });
    const alert = await screen.findByTestId("modelarts-platform-frozen", {}, WAIT);
    expect(alert.textContent).toContain(
      "is frozen (arrears or expiry): top up or contact your administrator",
    );
    expect(screen.queryByTestId("modelarts-platform-enable")).toBeNull();
    expect(screen.queryByTestId("modelarts-platform-pending")).toBeNull();
    await waitFor(() => expect(screen.getByTestId("modelarts-new").hasAttribute("disabled")).toBe(true));
  });

  it("is enabled from its order page with the live price; a refusal is shown", async () => {
    const server = renderApp(
      "/mgt/modelarts/enable",
      {
        ...modelarts(off),
        "POST /billing/inquiry/price": () => ({ data: quote }),
        "POST /service/apply": () => ({
          status: 400,
          code: 27211,
          message:
            "Your organisation already has the AI development platform (or an order for it); only one is allowed",
        }),
      },
      { user: tenant() },
    );
    expect((await screen.findByTestId("platform-enable-product", {}, WAIT)).textContent).toBe(
      "AI development platform",
    );
    await waitFor(() => expect(callsTo(server, "POST", "/billing/inquiry/price").length).toBeGreaterThan(0));
    expect(callsTo(server, "POST", "/billing/inquiry/price")[0]!.body).toMatchObject({
      productCode: "ai-platform",
      paymentType: "postpaid",
      hours: 1,
    });
    fireEvent.click(screen.getByTestId("platform-enable-submit"));
    expect((await screen.findByTestId("platform-enable-refusal", {}, WAIT)).textContent).toContain(
      "only one is allowed",
    );
    expect(callsTo(server, "POST", "/service/apply")[0]!.body).toEqual({
      productCode: "ai-platform",
      spec: {},
      name: "ai-platform",
      quantity: 1,
      paymentType: "postpaid",
      keyPairId: null,
      projectId: null,
    });
  });
});
