// Records the fake API answers in page tests: a running prepaid host, an order awaiting approval
// and an operator; each test changes only the fields it is about. Also how a test reaches a host
// row's actions, folded into its "more" menu.
import type { Overview, ResourceRecord } from "@skyledger/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { makeUser } from "./fake-server";

/** An overview of a tenant with nothing yet: no spend in 12 months, no forecast, no projects. */
export const emptyOverview = (patch: Partial<Overview> = {}): Overview => ({
  scope: "tenant",
  resources: [],
  expiring: { total: 0, list: [] },
  recentOrders: [],
  awaitingApproval: { total: 0, activation: 0, list: [] },
  spend: {
    month: "2025-01",
    timeZone: "Asia/Shanghai",
    monthToDate: "0.00000",
    products: [],
    days: [],
    months: [],
  },
  forecast: { balance: "0.00000", spendLast7Days: "0.00000", dailyBurn: "0.00000", daysLeft: null },
  projectId: null,
  projects: [],
  ...patch,
});

export const resourceRecord = (patch: Partial<ResourceRecord>): ResourceRecord => ({
  id: "h-1",
  kind: "host",
  name: "web-1",
  productCode: "std-host",
  productName: "Standard host",
  status: "running",
  statusName: "Running",
  statusInfo: null,
  manageStatus: "connected",
  dockerStatus: "none",
  monitorStatus: "running",
  taskStatus: null,
  cloudEnvType: "simulator",
  summary: "s1.small · 2 vCPU / 4 GB",
  spec: { flavorId: "s1", imageId: "ubuntu" },
  projectId: null,
  projectName: null,
  attachedTo: null,
  attachedToName: null,
  privateIp: null,
  publicIp: null,
  paymentType: "prepaid",
  periodMonths: 1,
  monthlyPrice: "100.00000",
  expiresAt: "2099-01-01T00:00:00Z",
  autoRenew: false,
  orderId: "o-1",
  hasErrorLog: false,
  createdAt: "2025-01-01T00:00:00Z",
  ...patch,
});

/** A platform operator who approves orders (BA07). */
export const approvingOperator = makeUser({
  account: "ops",
  currentOrg: null,
  permissions: ["CA", "BA07"],
  routes: ["/mgt/dashboard", "/sys/approvals", "/sys/orders/:id"],
});

/** Opens a host row's "more" menu of actions and returns the entry of one action (its label). */
export async function hostMenuEntry(name: string, action: string): Promise<HTMLElement> {
  const entry = screen.queryByTestId(`host-${action}-${name}`);
  if (entry) return entry;
  fireEvent.click(await screen.findByTestId(`host-more-${name}`, {}, { timeout: 10_000 }));
  return screen.findByTestId(`host-${action}-${name}`, {}, { timeout: 10_000 });
}

/** Whether an entry of a menu is disabled. */
export const entryDisabled = (entry: HTMLElement) =>
  entry.closest("li")?.getAttribute("aria-disabled") === "true";
