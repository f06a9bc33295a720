// Returning (驳回) and refusing (拒绝) orders against a fake API: the operators' Return action with
// its required reason next to Approve and Refuse, and the tenant's returned order with its reason,
// Resubmit (optional remark) and Withdraw (a confirmation stating the refund, sent with an
// Idempotency-Key), the deadline after which the system withdraws it, and the notice once it did,
// in both languages' labels.
import { type OrderDetail, returnExpiredDetail } from "@skyledger/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../src/app/app";
import { queryClient } from "../src/app/query-client";
import { setLanguage } from "../src/i18n";
import { api } from "../src/lib/api-client";
import { formatDateTime } from "../src/lib/format";
import { session } from "../src/lib/session";
import { reloadPublicConfig } from "../src/lib/system-config";
import { WAIT } from "./app-harness";
import { fakeServer, type Handler, makeUser, publicConfig } from "./fake-server";
import { approvingOperator } from "./fixtures";

vi.setConfig({ testTimeout: 20_000 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const buyer = makeUser({
  permissions: ["CA", "CB01", "CC01"],
  routes: ["/mgt/dashboard", "/mgt/cloudhost", "/mgt/orders/:id"],
});
const reader = makeUser({ permissions: ["CA", "CC01"], routes: ["/mgt/dashboard", "/mgt/orders/:id"] });
const operator = approvingOperator;

const page = <T,>(list: T[]) => ({ data: { list, total: list.length, pageNum: 1, pageSize: 20 } });

const pending: OrderDetail = {
  id: "o-1",
  orderNo: "ORD-0001",
  type: "order",
  status: "approving",
  approvalLevel: "audit_executing",
  approvalFlow: "twoLevels",
  manualActivation: false,
  awaitingActivation: false,
  submitter: "alice",
  submittedBySystem: false,
  orgName: "Acme AI Lab",
  productCode: "std-host",
  productName: "Standard host",
  paymentType: "prepaid",
  periodMonths: 1,
  quantity: 1,
  originalAmount: "310.00000",
  amount: "310.00000",
  couponDeduction: "10.00000",
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
  events: [
    {
      at: "2025-01-01T00:00:00Z",
      actor: "alice",
      action: "submitted",
      level: "audit_executing",
      detail: null,
    },
  ],
};

const returned: OrderDetail = {
  ...pending,
  status: "applying",
  approvalLevel: "lev1_rejected",
  events: [
    ...pending.events,
    {
      at: "2025-01-01T01:00:00Z",
      actor: "ops",
      action: "returned",
      level: "lev1_rejected",
      detail: "Pick the 4 vCPU flavour",
    },
  ],
};

/** The same order with a deadline: 15 days after its return. */
const DEADLINE = "2025-01-16T01:00:00Z";
const withDeadline: OrderDetail = { ...returned, returnDeadline: DEADLINE };

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

const posted = (server: ReturnType<typeof fakeServer>, path: string) =>
  server.calls.filter((c) => c.method === "POST" && c.path === path);

beforeEach(() => {
  session.clear();
  queryClient.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the operators' decisions", () => {
  beforeAll(async () => {
    await setLanguage("en-US");
  });

  it("offers Approve, Return and Refuse on a pending order; returning needs a reason", async () => {
    const server = start("/sys/approvals", operator, {
      "GET /audit/approval": () => page([pending]),
      "POST /audit/approval/o-1": () => ({ data: returned }),
      "GET /ops/simulator/faults": () => ({ data: [] }),
    });
    const ret = await screen.findByTestId("approval-return-ORD-0001", {}, WAIT);
    expect(ret.textContent).toBe("Return");
    expect(screen.getByTestId("approval-reject-ORD-0001").textContent).toBe("Refuse");
    expect(screen.getByTestId("approval-approve-ORD-0001").textContent).toBe("Approve");
    fireEvent.click(ret);
    // Level 1: the order goes to the tenant, the money held.
    expect((await screen.findByTestId("approval-returnToTenantHint", {}, WAIT)).textContent).toContain(
      "The money stays held",
    );
    fireEvent.click(screen.getByTestId("approval-decide-submit"));
    expect(await screen.findByText("Returning needs a reason of 2 to 256 characters", {}, WAIT)).toBeTruthy();
    expect(posted(server, "/audit/approval/o-1")).toHaveLength(0);
    fireEvent.change(screen.getByTestId("approval-reason"), { target: { value: "Pick the 4 vCPU flavour" } });
    fireEvent.click(screen.getByTestId("approval-decide-submit"));
    await waitFor(() => expect(posted(server, "/audit/approval/o-1")).toHaveLength(1), WAIT);
    expect(posted(server, "/audit/approval/o-1")[0]!.body).toEqual({
      decision: "return",
      reason: "Pick the 4 vCPU flavour",
    });
    expect(await screen.findByText("Order ORD-0001 returned", {}, WAIT)).toBeTruthy();
  });

  it("says that returning at level 2 goes back to level 1, and that refusing is final", async () => {
    const atLevelTwo = { ...pending, approvalLevel: "lev1_passed" };
    start("/sys/orders/o-1", operator, {
      "GET /audit/approval/o-1": () => ({ data: atLevelTwo }),
    });
    fireEvent.click(await screen.findByTestId("approval-return", {}, WAIT));
    expect(await screen.findByTestId("approval-returnToLevelOneHint", {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByText("Cancel"));
    fireEvent.click(screen.getByTestId("approval-reject"));
    expect((await screen.findByTestId("approval-rejectWarning", {}, WAIT)).textContent).toContain(
      "Refusing is final",
    );
  });
});

describe("the tenant's returned order", () => {
  beforeAll(async () => {
    await setLanguage("en-US");
  });

  it("shows the reason and resubmits it with a remark", async () => {
    const server = start("/mgt/orders/o-1", buyer, {
      "GET /orders/o-1": () => ({ data: returned }),
      "POST /orders/o-1/resubmit": () => ({ data: pending }),
    });
    expect((await screen.findByTestId("order-returned-reason", {}, WAIT)).textContent).toBe(
      "Reason: Pick the 4 vCPU flavour",
    );
    expect(screen.getByTestId("order-detail-status").textContent).toBe("Applying");
    expect(screen.getByText("Returned at level 1")).toBeTruthy();
    fireEvent.click(screen.getByTestId("order-resubmit"));
    fireEvent.change(await screen.findByTestId("order-resubmit-remark", {}, WAIT), {
      target: { value: "Changed to c4m8" },
    });
    fireEvent.click(screen.getByTestId("order-resubmit-submit"));
    await waitFor(() => expect(posted(server, "/orders/o-1/resubmit")).toHaveLength(1), WAIT);
    expect(posted(server, "/orders/o-1/resubmit")[0]!.body).toEqual({ remark: "Changed to c4m8" });
    expect(await screen.findByText("Order ORD-0001 resubmitted for approval", {}, WAIT)).toBeTruthy();
  });

  it("withdraws it after a confirmation stating the refund, with an Idempotency-Key", async () => {
    const withdrawn: OrderDetail = {
      ...returned,
      status: "terminated",
      refunded: "300.00000",
      events: [
        ...returned.events,
        { at: "2025-01-01T02:00:00Z", actor: "alice", action: "withdrawn", level: null, detail: null },
      ],
    };
    let current = returned;
    const server = start("/mgt/orders/o-1", buyer, {
      "GET /orders/o-1": () => ({ data: current }),
      "POST /orders/o-1/withdraw": () => {
        current = withdrawn;
        return { data: withdrawn };
      },
    });
    fireEvent.click(await screen.findByTestId("order-withdraw", {}, WAIT));
    expect((await screen.findByTestId("order-withdraw-warning", {}, WAIT)).textContent).toContain(
      "the 300.00000 yuan paid is refunded in full",
    );
    expect(posted(server, "/orders/o-1/withdraw")).toHaveLength(0);
    fireEvent.click(screen.getByTestId("order-withdraw-confirm"));
    await waitFor(() => expect(posted(server, "/orders/o-1/withdraw")).toHaveLength(1), WAIT);
    expect(posted(server, "/orders/o-1/withdraw")[0]!.headers["Idempotency-Key"]).toMatch(UUID);
    expect((await screen.findByTestId("order-withdrawn", {}, WAIT)).textContent).toContain(
      "You withdrew this application; 300.00000 yuan was refunded in full.",
    );
    expect(screen.queryByTestId("order-returned")).toBeNull();
  });

  it("says by when it is withdrawn automatically, when there is a deadline", async () => {
    start("/mgt/orders/o-1", buyer, { "GET /orders/o-1": () => ({ data: withDeadline }) });
    expect((await screen.findByTestId("order-return-deadline", {}, WAIT)).textContent).toBe(
      `If it is neither resubmitted nor withdrawn by ${formatDateTime(DEADLINE)}, it is withdrawn and refunded automatically.`,
    );
  });

  it("names no deadline when returned orders wait forever", async () => {
    start("/mgt/orders/o-1", buyer, { "GET /orders/o-1": () => ({ data: returned }) });
    expect(await screen.findByTestId("order-returned-reason", {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId("order-returned").textContent).not.toContain("automatically");
    expect(screen.queryByTestId("order-return-deadline")).toBeNull();
  });

  it("once withdrawn by the system, says so with the refund and shows the step on the trail", async () => {
    const expired: OrderDetail = {
      ...returned,
      status: "terminated",
      refunded: "300.00000",
      events: [
        ...returned.events,
        {
          at: DEADLINE,
          actor: null,
          action: "expired",
          level: null,
          detail: returnExpiredDetail("2025-01-16T01:00:00.000Z"),
        },
        { at: DEADLINE, actor: null, action: "refunded", level: null, detail: "300.00000" },
      ],
    };
    start("/mgt/orders/o-1", buyer, { "GET /orders/o-1": () => ({ data: expired }) });
    expect((await screen.findByTestId("order-expired", {}, WAIT)).textContent).toBe(
      "This application was neither resubmitted nor withdrawn in time, so it was withdrawn automatically; 300.00000 yuan was refunded in full.",
    );
    expect(screen.queryByTestId("order-returned")).toBeNull();
    expect(screen.queryByTestId("order-closed")).toBeNull();
    const step = screen.getByTestId("order-event-expired");
    expect(step.textContent).toContain("Withdrawn automatically (deadline passed)");
    expect(step.textContent).toContain(`Not resubmitted or withdrawn by ${formatDateTime(DEADLINE)}`);
  });

  it("shows the reason without the buttons to a user who may not buy", async () => {
    start("/mgt/orders/o-1", reader, { "GET /orders/o-1": () => ({ data: returned }) });
    expect(await screen.findByTestId("order-returned-reason", {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId("order-resubmit")).toBeNull();
    expect(screen.queryByTestId("order-withdraw")).toBeNull();
  });
});

describe("in Chinese", () => {
  beforeEach(async () => {
    await setLanguage("zh-CN");
  });
  afterEach(async () => {
    await setLanguage("en-US");
  });

  it("labels returning 驳回 and refusing 拒绝", async () => {
    start("/sys/approvals", operator, {
      "GET /audit/approval": () => page([pending]),
      "GET /ops/simulator/faults": () => ({ data: [] }),
    });
    expect((await screen.findByTestId("approval-return-ORD-0001", {}, WAIT)).textContent).toBe("驳回");
    expect(screen.getByTestId("approval-reject-ORD-0001").textContent).toBe("拒绝");
  });

  it("says the deadline in Chinese", async () => {
    start("/mgt/orders/o-1", buyer, { "GET /orders/o-1": () => ({ data: withDeadline }) });
    expect((await screen.findByTestId("order-return-deadline", {}, WAIT)).textContent).toBe(
      `若在 ${formatDateTime(DEADLINE)} 前未重新提交或撤回，订单将自动撤回并全额退款。`,
    );
  });

  it("shows a returned order as 申请中 · 一级审批驳回 with 重新提交 and 撤回申请", async () => {
    start("/mgt/orders/o-1", buyer, { "GET /orders/o-1": () => ({ data: returned }) });
    expect((await screen.findByTestId("order-resubmit", {}, WAIT)).textContent).toBe("重新提交");
    expect(screen.getByTestId("order-withdraw").textContent).toBe("撤回申请");
    expect(screen.getByTestId("order-detail-status").textContent).toBe("申请中");
    expect(screen.getByText("一级审批驳回")).toBeTruthy();
  });
});
