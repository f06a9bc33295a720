// Service release and third-party services against a fake API: a postpaid host or disk is
// "Released" (释放) and a prepaid one "Unsubscribed" (退订), in the action and in the dialog; an
// order the system submitted shows "System"; activating a third-party order asks the operator for
// the partner's instance reference (and an optional access note) and sends them.
import type { OrderDetail, UnsubscribeQuote } from "@skyledger/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../src/app/app";
import { queryClient } from "../src/app/query-client";
import { setLanguage } from "../src/i18n";
import { api } from "../src/lib/api-client";
import { session } from "../src/lib/session";
import { reloadPublicConfig } from "../src/lib/system-config";
import { WAIT } from "./app-harness";
import { fakeServer, type Handler, makeUser, publicConfig } from "./fake-server";
import { approvingOperator, hostMenuEntry, resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 20_000 });

const tenant = makeUser({
  permissions: ["CA", "CB01", "CB02", "CC01"],
  routes: [
    "/mgt/dashboard",
    "/mgt/cloudhost",
    "/mgt/blockstorage",
    "/mgt/host/:id/detail",
    "/mgt/orders/:id",
  ],
});
const operator = approvingOperator;

const page = <T,>(list: T[]) => ({ data: { list, total: list.length, pageNum: 1, pageSize: 20 } });

const resource = resourceRecord;
const hourly = { paymentType: "postpaid" as const, periodMonths: null, expiresAt: null };

const quote = (patch: Partial<UnsubscribeQuote>): UnsubscribeQuote => ({
  resourceId: "h-2",
  name: "gpu-1",
  orderType: "release",
  refundReading: "paidMinusUsed",
  paid: "0.00000",
  used: "1.00000",
  overdue: "0.00000",
  refund: "0.00000",
  refundTo: [],
  blockedBy: null,
  ...patch,
});

const order: OrderDetail = {
  id: "o-9",
  orderNo: "SO202612290001",
  type: "release",
  status: "completed",
  approvalLevel: null,
  approvalFlow: "none",
  manualActivation: false,
  awaitingActivation: false,
  submittedBySystem: true,
  submitter: "",
  orgName: "Acme AI Lab",
  productCode: "std-host",
  productName: "Standard host",
  paymentType: "prepaid",
  periodMonths: null,
  quantity: 1,
  originalAmount: "0.00000",
  amount: "0.00000",
  couponDeduction: "0.00000",
  paidAmount: "0.00000",
  refunded: "0.00000",
  createdAt: "2026-12-29T02:00:00Z",
  updatedAt: "2026-12-29T02:00:00Z",
  name: "web-1",
  spec: { flavorId: "s1", imageId: "ubuntu" },
  resourceIds: [],
  resources: [],
  errorLog: null,
  returnDeadline: null,
  events: [
    { at: "2026-12-29T02:00:00Z", actor: null, action: "submitted", level: null, detail: "web-1" },
    { at: "2026-12-29T02:00:05Z", actor: null, action: "completed", level: null, detail: "web-1 released" },
  ],
};

/** A third-party purchase, approved and paid, waiting for an operator to deliver it. */
const partnerOrder: OrderDetail = {
  ...order,
  id: "o-7",
  orderNo: "SO202611220007",
  type: "thirdParty",
  status: "approved",
  approvalLevel: "audited",
  manualActivation: true,
  awaitingActivation: true,
  submittedBySystem: false,
  submitter: "alice",
  productCode: "partner-gpu-host",
  productName: "Partner-cloud GPU host (third-party)",
  periodMonths: 1,
  amount: "9800.00000",
  paidAmount: "9800.00000",
};

function start(path: string, user: ReturnType<typeof makeUser>, routes: Record<string, Handler>) {
  const server = fakeServer({
    "GET /configs/nonAuth": () => ({ data: publicConfig }),
    "GET /users/token": () => ({ data: user }),
    ...routes,
  });
  api.configure({ fetch: server.fetch as unknown as typeof fetch, cookie: () => "xsrf-test" });
  void reloadPublicConfig();
  session.save({ token: "t", signSecret: "s" });
  window.history.pushState({}, "", path);
  render(<App />);
  return server;
}

beforeEach(async () => {
  await setLanguage("en-US");
  session.clear();
  queryClient.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const posted = (server: ReturnType<typeof start>, path: string) =>
  server.calls.filter((c) => c.method === "POST" && c.path === path);

describe("giving a resource back", () => {
  it("releases a postpaid host and unsubscribes a prepaid one, in the action and the dialog", async () => {
    const server = start("/mgt/cloudhost", tenant, {
      "GET /res/hosts": () => page([resource({}), resource({ id: "h-2", name: "gpu-1", ...hourly })]),
      "GET /service/unsubscribe/h-2/inquiry": () => ({ data: quote({}) }),
      "POST /service/unsubscribe/h-2": () => ({
        data: { ...order, submittedBySystem: false, submitter: "alice", orderNo: "SO202611220002" },
      }),
    });
    expect((await hostMenuEntry("web-1", "unsubscribe")).textContent).toBe("Unsubscribe");
    expect((await hostMenuEntry("gpu-1", "unsubscribe")).textContent).toBe("Release");

    fireEvent.click(await hostMenuEntry("gpu-1", "unsubscribe"));
    await screen.findByTestId("unsubscribe-quote", {}, WAIT);
    expect(screen.getByTestId("unsubscribe-title").textContent).toBe("Release gpu-1");
    const confirm = screen.getByTestId("unsubscribe-confirm");
    expect(confirm.textContent).toBe("Release");
    fireEvent.click(confirm);
    await waitFor(() => expect(posted(server, "/service/unsubscribe/h-2")).toHaveLength(1), WAIT);
    expect(await screen.findByText("Release order SO202611220002 submitted", {}, WAIT)).toBeTruthy();
  });

  it("titles the dialog by the quote's order type and says it in Chinese too", async () => {
    await setLanguage("zh-CN");
    start("/mgt/cloudhost", tenant, {
      "GET /res/hosts": () => page([resource({}), resource({ id: "h-2", name: "gpu-1", ...hourly })]),
      "GET /service/unsubscribe/h-1/inquiry": () => ({
        data: quote({ resourceId: "h-1", name: "web-1", orderType: "unsubscribe", refundReading: "byMonth" }),
      }),
    });
    expect((await hostMenuEntry("gpu-1", "unsubscribe")).textContent).toBe("释放");
    expect((await hostMenuEntry("web-1", "unsubscribe")).textContent).toBe("退订");
    fireEvent.click(await hostMenuEntry("web-1", "unsubscribe"));
    await screen.findByTestId("unsubscribe-quote", {}, WAIT);
    expect(screen.getByTestId("unsubscribe-title").textContent).toBe("退订 web-1");
    expect(screen.getByTestId("unsubscribe-confirm").textContent).toBe("确认退订");
  });

  it("releases a postpaid disk from the disk list", async () => {
    start("/mgt/blockstorage", tenant, {
      "GET /res/volumes": () =>
        page([
          resource({ id: "d-1", kind: "disk", name: "data-1", status: "available", ...hourly }),
          resource({ id: "d-2", kind: "disk", name: "data-2", status: "available" }),
        ]),
      "GET /service/unsubscribe/d-1/inquiry": () => ({
        data: quote({ resourceId: "d-1", name: "data-1" }),
      }),
    });
    expect((await screen.findByTestId("disk-unsubscribe-data-1", {}, WAIT)).textContent).toBe("Release");
    expect(screen.getByTestId("disk-unsubscribe-data-2").textContent).toBe("Unsubscribe");
    fireEvent.click(screen.getByTestId("disk-unsubscribe-data-1"));
    await screen.findByTestId("unsubscribe-quote", {}, WAIT);
    expect(screen.getByTestId("unsubscribe-title").textContent).toBe("Release data-1");
  });
});

describe("a third-party host", () => {
  it("shows the partner's reference and access, and offers only to give it back", async () => {
    const partnerHost = resource({
      id: "h-3",
      name: "gpu-partner",
      cloudEnvType: "thirdParty",
      manageStatus: "ununited",
      monitorStatus: "none",
    });
    const server = start("/mgt/host/h-3/detail", tenant, {
      "GET /res/hosts/h-3": () => ({
        data: {
          ...partnerHost,
          errorLog: null,
          externalRef: "ins-7f3a9c21",
          accessNote: "ssh ubuntu@gpu.partner.example",
          attachments: [],
        },
      }),
    });
    expect((await screen.findByTestId("host-detail-external-ref", {}, WAIT)).textContent).toContain(
      "ins-7f3a9c21",
    );
    expect(screen.getByTestId("host-detail-access-note").textContent).toBe("ssh ubuntu@gpu.partner.example");
    expect(screen.getByText("Third-party (delivered by hand)")).toBeTruthy();
    for (const action of ["start", "stop", "reboot", "rebuild", "change"])
      expect((screen.getByTestId(`host-${action}-gpu-partner`) as HTMLButtonElement).disabled, action).toBe(
        true,
      );
    const giveBack = screen.getByTestId("host-unsubscribe-gpu-partner") as HTMLButtonElement;
    expect(giveBack.disabled).toBe(false);
    expect(giveBack.textContent).toBe("Unsubscribe");
    // Not on the tenant's networks: no network card, and nothing asked about it.
    expect(screen.queryByTestId("host-network-card")).toBeNull();
    expect(server.calls.some((c) => c.path === "/res/hosts/h-3/network")).toBe(false);
  });
});

describe("orders of the new types", () => {
  it("shows a release the system submitted as such", async () => {
    start("/mgt/orders/o-9", tenant, { "GET /orders/o-9": () => ({ data: order }) });
    expect((await screen.findByTestId("order-submitter", {}, WAIT)).textContent).toBe("System");
    expect(screen.getByTestId("order-detail").textContent).toContain("Service release");
  });

  it("names a third-party order's type in both languages", async () => {
    start("/mgt/orders/o-7", tenant, { "GET /orders/o-7": () => ({ data: partnerOrder }) });
    expect((await screen.findByTestId("order-detail", {}, WAIT)).textContent).toContain(
      "Third-party service",
    );
    cleanup();
    queryClient.clear();
    await setLanguage("zh-CN");
    start("/mgt/orders/o-7", tenant, { "GET /orders/o-7": () => ({ data: partnerOrder }) });
    expect((await screen.findByTestId("order-detail", {}, WAIT)).textContent).toContain("第三方服务");
  });
});

describe("activating a third-party order", () => {
  it("needs the partner's instance reference and sends it with the access note", async () => {
    const server = start("/sys/approvals", operator, {
      "GET /audit/approval": ({ query }) => page(query.get("view") === "activation" ? [partnerOrder] : []),
      "POST /audit/approval/o-7/activate": () => ({
        data: {
          ...partnerOrder,
          status: "completed",
          awaitingActivation: false,
          resourceIds: ["h-9"],
          resources: [{ id: "h-9", name: "partner-host" }],
        },
      }),
      "GET /ops/simulator/faults": () => ({ data: [] }),
    });
    fireEvent.click(await screen.findByTestId("approvals-tab-activation", {}, WAIT));
    fireEvent.click(await screen.findByTestId("approval-activate-SO202611220007", {}, WAIT));
    expect(await screen.findByTestId("approval-activateThirdPartyHint", {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByTestId("approval-decide-submit"));
    expect(
      await screen.findByText("The partner's instance reference has 1 to 128 characters", {}, WAIT),
    ).toBeTruthy();
    expect(posted(server, "/audit/approval/o-7/activate")).toHaveLength(0);

    fireEvent.change(screen.getByTestId("approval-external-ref"), { target: { value: " ins-7f3a9c21 " } });
    fireEvent.change(screen.getByTestId("approval-access-note"), {
      target: { value: "ssh ubuntu@gpu.partner.example" },
    });
    fireEvent.click(screen.getByTestId("approval-decide-submit"));
    await waitFor(() => expect(posted(server, "/audit/approval/o-7/activate")).toHaveLength(1), WAIT);
    expect(posted(server, "/audit/approval/o-7/activate")[0]!.body).toEqual({
      externalRef: "ins-7f3a9c21",
      accessNote: "ssh ubuntu@gpu.partner.example",
    });
  });

  it("asks no reference of an ordinary order awaiting activation", async () => {
    const ordinary = { ...partnerOrder, type: "order" as const };
    const server = start("/sys/approvals", operator, {
      "GET /audit/approval": ({ query }) => page(query.get("view") === "activation" ? [ordinary] : []),
      "POST /audit/approval/o-7/activate": () => ({ data: { ...ordinary, status: "provisioning" } }),
      "GET /ops/simulator/faults": () => ({ data: [] }),
    });
    fireEvent.click(await screen.findByTestId("approvals-tab-activation", {}, WAIT));
    fireEvent.click(await screen.findByTestId("approval-activate-SO202611220007", {}, WAIT));
    expect(await screen.findByTestId("approval-activateHint", {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId("approval-external-ref")).toBeNull();
    fireEvent.click(screen.getByTestId("approval-decide-submit"));
    await waitFor(() => expect(posted(server, "/audit/approval/o-7/activate")).toHaveLength(1), WAIT);
    expect(posted(server, "/audit/approval/o-7/activate")[0]!.body).toEqual({});
  });
});
