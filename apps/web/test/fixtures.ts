// Records the fake API answers in page tests: a running prepaid host, an order awaiting approval
// and an operator; each test changes only the fields it is about.
import type { ResourceRecord } from "@skyledger/contracts";
import { makeUser } from "./fake-server";

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
