// Operators' money controls in the console: the configured maxima in the forms, the evidence of a
// manual recharge, the four-eyes decisions (the requester sees theirs waiting), failed payment
// notifications and money-control proposals — against a fake API.
import type { CurrentUser } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { pdfBytes } from "../../../packages/contracts/test/support/file-bytes";
import { decisionFor } from "../src/components/four-eyes";
import { changedEntries } from "../src/features/config/money-controls-tab";
import { aboveMax } from "../src/features/finance/money-limits";
import { toUnits } from "../src/lib/money";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { type Handler, makeUser, moneyLimits } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });

const operator = makeUser({
  userSid: "op-1",
  account: "admin",
  currentOrg: null,
  permissions: ["BI", "BA01"],
  routes: ["/sys/finance/accounts", "/sys/finance/approvals", "/sys/config"],
});
const tenant = makeUser({ permissions: ["CA", "CC01"], routes: ["/mgt/dashboard", "/mgt/onlinerecharge"] });
const org = { orgId: "o-1", name: "Acme AI Lab", email: null, createdAt: "2026-01-01T00:00:00Z" };

const start = (path: string, user: CurrentUser, routes: Record<string, Handler>) =>
  renderApp(path, routes, { user });

resetAppBetweenTests();

beforeAll(() => {
  if (!URL.createObjectURL) URL.createObjectURL = () => "blob:preview";
  if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};
});

describe("the rules", () => {
  it("compares amounts with the maximum exactly, either sign, to the last unit", () => {
    expect(toUnits("1000000.00001")).toBe(100_000_000_001n);
    expect(toUnits("-0.5")).toBe(-50_000n);
    expect(toUnits("1.123456")).toBeNull();
    expect(aboveMax("1000000", "1000000.00000")).toBe(false);
    expect(aboveMax("1000000.00001", "1000000.00000")).toBe(true);
    expect(aboveMax("-1000000.00001", "1000000.00000")).toBe(true);
    expect(aboveMax("abc", "1")).toBe(false);
    expect(aboveMax("5", undefined)).toBe(false);
  });

  it("lets another operator decide a pending request, never its requester", () => {
    const row = { id: "r", status: "pending_approval" as const, requestedBy: "op-1" };
    expect(decisionFor(row, "op-1")).toBe("awaitingOther");
    expect(decisionFor(row, "op-2")).toBe("decide");
    expect(decisionFor({ ...row, status: "applied" }, "op-2")).toBe("none");
  });

  it("proposes only the money-control values that change", () => {
    const current = {
      "finance.adjustment.approval.threshold": "10000.00000",
      "finance.max.topup": "1000000",
    };
    expect(
      changedEntries(current, {
        finance_adjustment_approval_threshold: "10000",
        finance_max_topup: "500000",
      }),
    ).toEqual([{ configKey: "finance.max.topup", configValue: "500000.00000" }]);
  });
});

describe("maxima in the forms", () => {
  it("the top-up form shows the maximum and refuses more before sending", async () => {
    const server = start("/mgt/onlinerecharge", tenant, {
      "GET /online_recharge/paySwitch": () => ({ data: { sandbox: true, alipay: false, unionpay: false } }),
    });
    const input = await screen.findByTestId("topup-amount", {}, WAIT);
    await waitFor(() => expect(document.body.textContent).toContain("At most ¥1000000.00000."), WAIT);
    fireEvent.change(input, { target: { value: "1000000.00001" } });
    fireEvent.click(screen.getByTestId("topup-submit"));
    expect(await screen.findByText("At most ¥1000000.00000", {}, WAIT)).toBeTruthy();
    expect(callsTo(server, "POST", "/online_recharge/create")).toHaveLength(0);
  });
});

describe("a manual recharge", () => {
  const routes = (record: Record<string, unknown>): Record<string, Handler> => ({
    "GET /ops/orgs": () => page([org]),
    "GET /ops/orgs/o-1/account": () => ({
      data: {
        orgId: "o-1",
        balance: "0.00000",
        creditLimit: "0.00000",
        creditUsed: "0.00000",
        availableCredit: "0.00000",
        arrears: "0.00000",
        deductionVoucherBalance: "0.00000",
        topupVoucherBalance: "0.00000",
        availableToSpend: "0.00000",
      },
    }),
    "GET /ops/orgs/o-1/deals": () => page([]),
    "POST /files": ({ query }) => ({
      data: { id: "f-slip", name: query.get("name"), contentType: "application/pdf", size: 10 },
    }),
    "POST /billing_account/recharge": () => ({ data: record }),
  });

  it("needs the evidence, uploads it as rechargeEvidence and says when a second operator must approve", async () => {
    const server = start(
      "/sys/finance/accounts",
      operator,
      routes({ status: "pending_approval", amount: "50000.00000", rechargeNo: null }),
    );
    fireEvent.click(await screen.findByTestId("org-open-o-1", {}, WAIT));
    fireEvent.click(await screen.findByTestId("org-recharge", {}, WAIT));
    fireEvent.change(await screen.findByTestId("recharge-amount", {}, WAIT), { target: { value: "50000" } });
    fireEvent.change(screen.getByTestId("recharge-remark"), { target: { value: "Wire 2026-11-21" } });
    fireEvent.click(screen.getByTestId("recharge-submit"));
    expect(await screen.findByText("Attach the evidence of payment", {}, WAIT)).toBeTruthy();
    expect(callsTo(server, "POST", "/billing_account/recharge")).toHaveLength(0);

    fireEvent.change(screen.getByTestId("recharge-evidence"), {
      target: { files: [new File([pdfBytes() as BlobPart], "slip.pdf")] },
    });
    await screen.findByTestId("recharge-evidence-file", {}, WAIT);
    const upload = server.calls.find((c) => c.path === "/files")!;
    expect(upload).toBeDefined();
    fireEvent.click(screen.getByTestId("recharge-submit"));
    await waitFor(() => expect(callsTo(server, "POST", "/billing_account/recharge")).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", "/billing_account/recharge")[0]!.body).toEqual({
      orgId: "o-1",
      amount: "50000",
      remark: "Wire 2026-11-21",
      evidenceFileId: "f-slip",
    });
    expect(
      await screen.findByText(
        "¥50000.00000 recorded: another operator must approve it under Money approvals before it is credited",
        {},
        WAIT,
      ),
    ).toBeTruthy();
    const fetched = server.fetch.mock.calls.map(([url]) => new URL(String(url), "http://localhost"));
    expect(fetched.find((u) => u.pathname === "/api/files")?.searchParams.get("purpose")).toBe(
      "rechargeEvidence",
    );
  });
});

describe("money approvals", () => {
  const recharge = (id: string, requestedBy: string) => ({
    id,
    orgId: "o-1",
    orgName: "Acme AI Lab",
    amount: "20000.00000",
    remark: "Wire",
    evidenceFileId: `f-${id}`,
    evidenceName: "slip.png",
    evidenceContentType: "image/png",
    rechargeNo: null,
    status: "pending_approval",
    requestedBy,
    requestedByAccount: requestedBy === "op-1" ? "admin" : "approver",
    decidedBy: null,
    decidedByAccount: null,
    decisionRemark: null,
    createdAt: "2026-11-21T00:00:00Z",
    decidedAt: null,
  });

  it("shows the requester's own request waiting and lets them decide another's", async () => {
    const server = start("/sys/finance/approvals", operator, {
      "GET /ops/orgs": () => page([org]),
      "GET /ops/manual_recharges": () => page([recharge("mine", "op-1"), recharge("theirs", "op-2")]),
      "GET /files/f-theirs": () => ({ data: null }),
      "POST /ops/manual_recharges/theirs/approve": () => ({
        data: { ...recharge("theirs", "op-2"), status: "applied", rechargeNo: "M1" },
      }),
    });
    expect(await screen.findByTestId("manual-recharge-awaiting-mine", {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId("manual-recharge-approve-mine")).toBeNull();
    fireEvent.click(screen.getByTestId("manual-recharge-approve-theirs"));
    fireEvent.change(await screen.findByTestId("manual-recharge-remark", {}, WAIT), {
      target: { value: "Slip matches the bank statement" },
    });
    fireEvent.click(screen.getByTestId("manual-recharge-decide-submit"));
    await waitFor(
      () => expect(callsTo(server, "POST", "/ops/manual_recharges/theirs/approve")).toHaveLength(1),
      WAIT,
    );
    expect(callsTo(server, "POST", "/ops/manual_recharges/theirs/approve")[0]!.body).toEqual({
      remark: "Slip matches the bank statement",
    });
    expect(await screen.findByText("Approved: the money has moved", {}, WAIT)).toBeTruthy();
  });

  it("lists failed payment notifications with the reason and retries them", async () => {
    const failure = {
      id: "pf-1",
      channel: "sandbox",
      rechargeNo: "R20261121000001",
      tradeNo: "SBX1",
      amount: "10.00000",
      orgId: "o-1",
      orgName: "Acme AI Lab",
      reason: "apply_error",
      detail: "bigint out of range",
      status: "open",
      attempts: 1,
      firstFailedAt: "2026-11-21T00:00:00Z",
      lastFailedAt: "2026-11-21T00:00:00Z",
      resolvedAt: null,
      resolvedByAccount: null,
    };
    const server = start("/sys/finance/approvals?tab=failures", operator, {
      "GET /ops/payment_failures": () => page([failure]),
      "POST /ops/payment_failures/pf-1/retry": () => ({
        data: {
          outcome: "credited",
          failure: { ...failure, status: "resolved", resolvedByAccount: "admin" },
        },
      }),
    });
    const reason = await screen.findByTestId("payment-failure-reason-pf-1", {}, WAIT);
    expect(reason.textContent).toBe("The ledger refused the entry");
    fireEvent.click(screen.getByTestId("payment-failure-retry-pf-1"));
    await waitFor(
      () => expect(callsTo(server, "POST", "/ops/payment_failures/pf-1/retry")).toHaveLength(1),
      WAIT,
    );
    expect(await screen.findByText("The payment was credited", {}, WAIT)).toBeTruthy();
  });
});

describe("money-control settings", () => {
  it("are proposed with a reason, and the proposer's own proposal waits for another administrator", async () => {
    const proposal = {
      id: "c-1",
      entries: [
        { configKey: "finance.max.topup", configValue: "500000.00000", previousValue: "1000000.00000" },
      ],
      reason: "Lower the risk",
      status: "pending_approval",
      requestedBy: "op-1",
      requestedByAccount: "admin",
      decidedBy: null,
      decidedByAccount: null,
      decisionRemark: null,
      createdAt: "2026-11-21T00:00:00Z",
      decidedAt: null,
    };
    const server = start("/sys/config", operator, {
      "GET /configs": () => ({
        data: [
          { configKey: "system.name", configValue: "Skyledger", configType: "system" },
          ...Object.entries({
            "finance.adjustment.approval.threshold": "10000.00000",
            "finance.max.topup": moneyLimits.topup,
            "finance.max.manual.recharge": moneyLimits.manualRecharge,
            "finance.max.adjustment": moneyLimits.adjustment,
            "finance.max.voucher.face.value": moneyLimits.voucherFaceValue,
            "finance.max.credit.limit": moneyLimits.creditLimit,
            "finance.max.coupon.value": moneyLimits.couponValue,
          }).map(([configKey, configValue]) => ({ configKey, configValue, configType: "finance" })),
        ],
      }),
      "GET /agreements/agreement": () => ({ data: null }),
      "GET /ops/config_changes": () => page([proposal]),
      "POST /ops/config_changes": () => ({ data: proposal }),
    });
    fireEvent.click(await screen.findByTestId("config-tab-finance", {}, WAIT));
    expect((await screen.findByTestId("config-change-awaiting-c-1", {}, WAIT)).textContent).toBe(
      "Awaiting another operator",
    );
    expect(screen.getByTestId("money-control-finance_max_topup").textContent).toBe("¥1000000.00000");
    fireEvent.click(screen.getByTestId("money-controls-propose"));
    fireEvent.change(await screen.findByTestId("money-controls-finance_max_topup", {}, WAIT), {
      target: { value: "500000" },
    });
    fireEvent.change(screen.getByTestId("money-controls-reason"), { target: { value: "Lower the risk" } });
    fireEvent.click(screen.getByTestId("money-controls-submit"));
    await waitFor(() => expect(callsTo(server, "POST", "/ops/config_changes")).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", "/ops/config_changes")[0]!.body).toEqual({
      entries: [{ configKey: "finance.max.topup", configValue: "500000.00000" }],
      reason: "Lower the risk",
    });
    const table = screen.getByTestId("config-changes-table");
    expect(within(table).getByText("Lower the risk")).toBeTruthy();
  });
});
