// The auditor (BR, decision 0028) opens every operator page and reads its data, but the server
// refuses every action: so each page shows them no action button, column or create entry, and says
// once that the page is read-only. The page's own role sees the same data with its buttons.
import { allowedRoutes, buildMenus, type CurrentUser, type OrderRecord } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { type Handler, makeUser, moneyLimits } from "./fake-server";

vi.setConfig({ testTimeout: 30_000 });
resetAppBetweenTests();

const operatorWith = (codes: string[]): CurrentUser =>
  makeUser({
    userSid: "op-1",
    account: "ops",
    currentOrg: null,
    roleType: "platform",
    moduleType: "sys",
    permissions: codes,
    menus: buildMenus(codes, "platform"),
    routes: allowedRoutes(codes, "platform"),
    landing: "/sys/overview",
  });
const auditor = operatorWith(["BR"]);

const ORG = { orgId: "o-1", orgName: "Acme AI Lab" };
// Another operator's request: the page's own role may decide it.
const fourEyes = {
  ...ORG,
  status: "pending_approval",
  requestedBy: "op-2",
  requestedByAccount: "billing02",
  decidedBy: null,
  decidedByAccount: null,
  decisionRemark: null,
  createdAt: "2026-11-20T02:00:00Z",
  decidedAt: null,
};
const order = {
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
  couponDeduction: "0.00000",
  paidAmount: "310.00000",
  refunded: "0.00000",
  createdAt: "2026-11-20T02:00:00Z",
  updatedAt: "2026-11-20T02:00:00Z",
} satisfies Partial<OrderRecord>;
const TICKET = "7d1c1a52-3f0e-4c1e-9a55-0b6f2a1d9e01";
const ticket = {
  id: TICKET,
  ticketNo: "WO20261129123456",
  title: "Host cannot boot",
  category: "technical",
  status: "processing",
  unread: 0,
  ...ORG,
  opener: { id: "u-1", name: "Alice Zhang" },
  assignee: { id: "op-2", name: "Bob Engineer" },
  createdAt: "2026-11-29T01:00:00.000Z",
  updatedAt: "2026-11-29T02:00:00.000Z",
  resource: null,
  order: null,
  rating: null,
  ratingComment: null,
  resolvedAt: null,
  closedAt: null,
  messages: [
    {
      id: "m-1",
      side: "tenant",
      author: "Alice Zhang",
      content: "It hangs at GRUB.",
      attachments: [],
      createdAt: "2026-11-29T01:00:00.000Z",
    },
  ],
};

type Case = {
  page: string;
  path: string;
  /** The codes of the page's own role. */
  codes: string[];
  routes: Record<string, Handler>;
  /** A test id that shows the page's data arrived. */
  shown: string;
  /** What the page's own role may click; the auditor sees none of it. */
  actions: string[];
  /** Fields the page's own role edits, shown to the auditor disabled. */
  fields?: string[];
  /** Brings the actions into view (a tab, a drawer), once the data is shown. */
  reveal?(): Promise<void>;
};

const CASES: Case[] = [
  {
    page: "order approvals",
    path: "/sys/approvals",
    codes: ["BA07"],
    routes: { "GET /audit/approval": () => page([order]) },
    shown: "approvals-table",
    actions: ["approval-approve-ORD-0001", "approval-return-ORD-0001", "approval-reject-ORD-0001"],
  },
  {
    page: "an order to approve",
    path: "/sys/orders/o-1",
    codes: ["BA07"],
    routes: {
      "GET /audit/approval/o-1": () => ({
        data: {
          ...order,
          events: [],
          resources: [],
          resourceIds: [],
          spec: {},
          errorLog: null,
          returnDeadline: null,
        },
      }),
    },
    shown: "approval-order-back",
    actions: ["approval-approve", "approval-return", "approval-reject"],
  },
  {
    page: "money approvals",
    path: "/sys/finance/approvals",
    codes: ["BI"],
    routes: {
      "GET /ops/manual_recharges": () =>
        page([
          {
            ...fourEyes,
            id: "r-1",
            amount: "500.00000",
            remark: "Bank transfer",
            evidenceFileId: "f-1",
            evidenceName: "slip.png",
            evidenceContentType: "image/png",
            rechargeNo: null,
          },
        ]),
    },
    shown: "manual-recharge-status-r-1",
    actions: ["manual-recharge-approve-r-1", "manual-recharge-reject-r-1"],
  },
  {
    page: "balance adjustments",
    path: "/sys/finance/adjustments",
    codes: ["BI"],
    routes: {
      "GET /ops/adjustments": () =>
        page([{ ...fourEyes, id: "a-1", adjustmentNo: "ADJ-1", amount: "20.00000", reason: "Goodwill" }]),
    },
    shown: "adjustment-status-a-1",
    actions: ["adjustments-new", "adjustment-approve-a-1", "adjustment-reject-a-1"],
  },
  {
    page: "cash vouchers",
    path: "/sys/finance/vouchers",
    codes: ["BI"],
    routes: {
      "GET /ops/cash_vouchers/batchQuery": () =>
        page([
          {
            id: "cv-1",
            code: "CV-AAAA",
            kind: "topup",
            faceValue: "50.00000",
            balance: "50.00000",
            status: "available",
            validFrom: "2026-01-01T00:00:00Z",
            validUntil: "2027-01-01T00:00:00Z",
            receivedAt: null,
            ...ORG,
            batchNo: "CVB1",
            remark: "",
          },
        ]),
    },
    shown: "ops-vouchers-table",
    reveal: async () => void (await screen.findByText("CV-AAAA", {}, WAIT)),
    actions: ["voucher-issue", "ops-voucher-void-cv-1"],
  },
  {
    page: "verification review",
    path: "/sys/verifications",
    codes: ["BA05"],
    routes: {
      "GET /ops/verifications": () =>
        page([
          {
            id: "v-1",
            kind: "personal",
            status: "authing",
            documentType: "idCard",
            account: "anna",
            orgName: "Acme",
            subject: "Anna Li",
            submittedAt: "2026-11-20T02:00:00Z",
            reviewedAt: null,
          },
        ]),
      "GET /ops/verifications/v-1": () => ({
        data: {
          id: "v-1",
          kind: "personal",
          status: "authing",
          documentType: "idCard",
          account: "anna",
          orgName: "Acme",
          details: { realName: "Anna Li", idNumber: "110101199003070011" },
          files: [],
          submittedAt: "2026-11-20T02:00:00Z",
          reviewedAt: null,
          reviewer: null,
          remark: null,
        },
      }),
    },
    shown: "review-open-v-1",
    // Everyone may open the submission; only the reviewer decides it.
    reveal: async () => {
      fireEvent.click(screen.getByTestId("review-open-v-1"));
      await screen.findByTestId("review-status", {}, WAIT);
    },
    actions: ["review-approve", "review-reject"],
  },
  {
    page: "operator accounts",
    path: "/sys/operators",
    codes: ["BA12"],
    routes: {
      "GET /ops/operators": () =>
        page([
          {
            userSid: "op-9",
            account: "billing01",
            realName: "Qian",
            email: "billing01@ops.example",
            mobile: "13900001111",
            roles: ["billingAdmin"],
            status: "enabled",
            mustChangePassword: false,
            createdAt: "2026-01-01T00:00:00Z",
            lastLoginTime: null,
          },
        ]),
    },
    shown: "operators-table",
    reveal: async () => void (await screen.findByText("billing01", {}, WAIT)),
    actions: [
      "operators-create",
      "operator-roles-billing01",
      "operator-toggle-billing01",
      "operator-reset-billing01",
    ],
  },
  {
    page: "system configuration",
    path: "/sys/config",
    codes: ["BA01"],
    routes: {
      "GET /configs": () => ({
        data: [
          { configKey: "system.name", configValue: "Skyledger", configType: "system" },
          {
            configKey: "finance.adjustment.approval.threshold",
            configValue: moneyLimits.topup,
            configType: "finance",
          },
        ],
      }),
      "GET /agreements/agreement": () => ({ data: null }),
      "GET /ops/config_changes": () =>
        page([
          {
            ...fourEyes,
            id: "c-1",
            entries: [
              {
                configKey: "finance.adjustment.approval.threshold",
                previousValue: "10000.00000",
                configValue: "5000.00000",
              },
            ],
            reason: "Lower the risk",
          },
        ]),
    },
    shown: "config-system-name",
    reveal: async () => {
      fireEvent.click(screen.getByTestId("config-tab-finance"));
      await screen.findByTestId("config-change-status-c-1", {}, WAIT);
    },
    actions: ["config-save-system", "money-controls-propose", "config-change-approve-c-1"],
    fields: ["config-system-name"],
  },
  {
    page: "the invoice queue",
    path: "/sys/invoices",
    codes: ["BA11"],
    routes: {
      "GET /ops/invoices": () =>
        page([
          {
            id: "i-1",
            requestNo: "INV2026112212345678",
            ...ORG,
            state: "invoicing",
            amount: "700.00000",
            medium: "electronic",
            title: {
              id: "t-1",
              type: "vatOrdinary",
              name: "Acme AI Lab Ltd.",
              taxNumber: "91110108MA01ABCD2X",
              bankName: "",
              bankAccount: "",
              registeredAddress: "",
              registeredPhone: "",
              createdAt: "2026-11-20T02:00:00.000Z",
            },
            address: null,
            items: [{ key: "order:ORD-1", amount: "700.00000" }],
            remark: "",
            invoiceNumber: null,
            trackingNumber: null,
            hasPdf: false,
            rejectReason: null,
            requestedBy: "u-1",
            createdAt: "2026-11-22T02:00:00.000Z",
            decidedAt: null,
          },
        ]),
    },
    shown: "invoice-queue-open-INV2026112212345678",
    actions: ["invoice-issue-INV2026112212345678", "invoice-reject-INV2026112212345678"],
  },
  {
    page: "a ticket at the engineers' desk",
    path: `/mgt/workorders/detail/${TICKET}`,
    codes: ["BJ"],
    routes: { [`GET /ops/tickets/${TICKET}`]: () => ({ data: ticket }) },
    shown: "ticket-message-tenant",
    actions: ["ticket-take", "ticket-handover", "ticket-resolve", "ticket-reply-form"],
  },
];

async function open(c: Case, user: CurrentUser) {
  renderApp(c.path, c.routes, { user });
  await screen.findByTestId(c.shown, {}, WAIT);
  await c.reveal?.();
}

describe("operator pages for the auditor", () => {
  for (const c of CASES) {
    it(`${c.page}: the auditor reads it without one action and is told it is read-only`, async () => {
      await open(c, auditor);
      expect(screen.getByTestId("read-only-note").textContent).toBe(
        "Read-only: your role can view this page but not change it",
      );
      for (const action of c.actions) expect(screen.queryByTestId(action), action).toBeNull();
      for (const field of c.fields ?? []) expect(screen.getByTestId(field)).toHaveProperty("disabled", true);
    });

    it(`${c.page}: its own role (${c.codes.join(", ")}) has its actions and no note`, async () => {
      await open(c, operatorWith(c.codes));
      await waitFor(() => {
        for (const action of c.actions) expect(screen.queryByTestId(action), action).not.toBeNull();
      }, WAIT);
      expect(screen.queryByTestId("read-only-note")).toBeNull();
      for (const field of c.fields ?? []) expect(screen.getByTestId(field)).toHaveProperty("disabled", false);
    });
  }
});
