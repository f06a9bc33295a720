// An order's timeline in the zh-CN console: the details the server wrote in English (payment
// shares, provisioning steps, a partner's delivery, a refund) are said in Chinese, while what a
// person typed and the provider's error log are shown as written.
import {
  deliveredAtPartnerDetail,
  instanceCreatedDetail,
  instanceReadyDetail,
  noApprovalNeededDetail,
  type OrderDetail,
  paidDetail,
  provisioningStartedDetail,
  refundedDetail,
  renewedDetail,
  returnExpiredDetail,
} from "@skyledger/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { formatDateTime } from "../src/lib/format";
import { renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });
resetAppBetweenTests("zh-CN");

const tenant = makeUser({ permissions: ["CA", "CC01"], routes: ["/mgt/dashboard", "/mgt/orders/:id"] });

const event = (action: string, detail: string | null, actor: string | null = null) => ({
  at: "2025-01-01T00:00:00Z",
  actor,
  action,
  level: null,
  detail,
});

const order: OrderDetail = {
  id: "o-1",
  orderNo: "ORD-0001",
  type: "order",
  status: "completed",
  approvalLevel: "audited",
  approvalFlow: "oneLevel",
  manualActivation: false,
  awaitingActivation: false,
  submittedBySystem: false,
  submitter: "alice",
  orgName: "Acme AI Lab",
  productCode: "std-host",
  productName: "Standard host",
  paymentType: "prepaid",
  periodMonths: 1,
  quantity: 1,
  originalAmount: "320.00000",
  amount: "320.00000",
  couponDeduction: "20.00000",
  paidAmount: "300.00000",
  refunded: "0.00000",
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
  name: "web-1",
  spec: { flavorId: "s1", imageId: "ubuntu" },
  resourceIds: [],
  resources: [],
  errorLog: null,
  returnDeadline: null,
  events: [],
};

const detailOf = (action: string) =>
  within(screen.getByTestId(`order-event-${action}`)).getByTestId("order-event-detail").textContent;

describe("order timeline details in zh-CN", () => {
  it("says the paid, provisioning and delivery lines the server wrote in Chinese", async () => {
    renderApp(
      "/mgt/orders/o-1",
      {
        "GET /orders/o-1": () => ({
          data: {
            ...order,
            events: [
              event(
                "paid",
                paidDetail([
                  { source: "coupon", yuan: "20.00000" },
                  { source: "cash", yuan: "300.00000" },
                ]),
              ),
              event("approved", noApprovalNeededDetail()),
              event("provisioning", provisioningStartedDetail(2, "host")),
              event("step", deliveredAtPartnerDetail("web-1", "ref-1")),
            ],
          },
        }),
      },
      { user: tenant },
    );
    await screen.findByTestId("order-detail", {}, WAIT);
    expect(detailOf("paid")).toBe("优惠券 ¥20.00000，现金余额 ¥300.00000");
    expect(detailOf("approved")).toBe("无需审批");
    expect(detailOf("provisioning")).toBe("创建 2 个云主机");
    expect(detailOf("step")).toBe("web-1 已由合作方交付，实例编号：ref-1");
  });

  it("says each provisioning step and the refund, and leaves a person's reason and the error log raw", async () => {
    renderApp(
      "/mgt/orders/o-1",
      {
        "GET /orders/o-1": () => ({
          data: {
            ...order,
            status: "failed",
            events: [
              event("step", instanceCreatedDetail("web-1", "sim-9")),
              event("step", instanceReadyDetail("web-1", "running")),
              event("failed", "quota exceeded at the provider"),
              event("refunded", refundedDetail("300.00000")),
              event("activated", "no approval needed, go", "ops"),
            ],
          },
        }),
      },
      { user: tenant },
    );
    await screen.findByTestId("order-detail", {}, WAIT);
    const steps = screen
      .getAllByTestId("order-event-step")
      .map((s) => within(s).getByTestId("order-event-detail"));
    expect(steps.map((s) => s.textContent)).toEqual(["web-1 已在云平台创建：sim-9", "web-1 已运行"]);
    expect(detailOf("failed")).toBe("quota exceeded at the provider");
    expect(detailOf("refunded")).toBe("已退款 ¥300.00000");
    expect(detailOf("activated")).toBe("no approval needed, go");
  });

  it("names a returned order the system withdrew, with the deadline its tenant let pass", async () => {
    const deadline = "2025-01-16T01:00:00.000Z";
    renderApp(
      "/mgt/orders/o-1",
      {
        "GET /orders/o-1": () => ({
          data: {
            ...order,
            status: "terminated",
            events: [
              event("expired", returnExpiredDetail(deadline)),
              event("refunded", refundedDetail("300.00000")),
            ],
          },
        }),
      },
      { user: tenant },
    );
    await screen.findByTestId("order-detail", {}, WAIT);
    expect(screen.getByTestId("order-event-expired").textContent).toContain("超期自动撤回");
    expect(detailOf("expired")).toBe(`未在 ${formatDateTime(deadline)} 前重新提交或撤回`);
    expect(screen.getByTestId("order-expired").textContent).toContain("已由系统自动撤回");
  });

  it("shows a renewal as an order of its own type, renewed until its new expiry", async () => {
    const until = "2027-03-24T04:00:00.000Z";
    renderApp(
      "/mgt/orders/o-1",
      {
        "GET /orders/o-1": () => ({
          data: {
            ...order,
            type: "renewal",
            status: "completed",
            events: [event("submitted", "web-1", "alice"), event("completed", renewedDetail("web-1", until))],
          },
        }),
      },
      { user: tenant },
    );
    await screen.findByTestId("order-detail", {}, WAIT);
    expect(screen.getByTestId("order-detail").textContent).toContain("续费");
    expect(detailOf("completed")).toBe(`web-1 已续费至 ${formatDateTime(until)}`);
  });
});
