// The HPC pages against a fake API (issue 14 items 1 and 2): the operator's /mgt/hpc lists the
// clusters with their health and the simulated one labelled; the tenant's pool detail says why new
// jobs are held in words, that the cluster is simulated, and splits the jobs into running, pending
// and finished; an unverified tenant is told to verify before ordering a pool; the order form's
// inquiry and apply body and the product editor's limits (core-hours kept as CPU minutes); the job
// console opens the pool's terminal only when its cluster has a login host.
import {
  buildMenus,
  type HpcCluster,
  type HpcPoolDetail,
  type HpcProductLanding,
} from "@skyledger/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { hpcSpecOf, hpcSpecValues } from "../src/features/hpc/hpc-spec-fields";
import { defaultPoolPayment, poolApplyBody, poolInquiry } from "../src/features/hpc/pool-order";
import { page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();

const health: HpcCluster["health"] = {
  controller: true,
  accounting: false,
  partitions: [{ name: "cpu", nodes: 4, cpus: 256, gpus: 0, state: "UP" }],
  nodes: 4,
  cpus: 256,
  gpus: 0,
  queueLength: 3,
  error: null,
  checkedAt: "2026-11-27T10:00:00Z",
};

const cluster: HpcCluster = {
  id: "c-1",
  sshPublicKey: null,
  sshHostKeyFingerprint: null,
  sshHostKeyRecordedAt: null,
  name: "Simulated Slurm cluster",
  backend: "simulator",
  simulated: true,
  restUrl: "simulator",
  secretKind: "token",
  adminUser: "slurm",
  parentAccount: "skyledger",
  clusterName: "simulated",
  loginHost: null,
  disabledAt: null,
  poolCount: 2,
  createdAt: "2026-11-01T00:00:00Z",
  updatedAt: "2026-11-01T00:00:00Z",
  health,
};

const landing: HpcProductLanding = {
  id: "p-1",
  code: "hpc-shared",
  nameZh: "HPC共享资源池",
  nameEn: "HPC shared pool",
  categoryNameZh: "HPC资源池",
  categoryNameEn: "HPC pools",
  poolType: "hpcShared",
  partition: "cpu",
  clusterName: "Simulated Slurm cluster",
  simulated: true,
  limits: { cpus: 64, gpus: null, runningJobs: 10, maxSubmitJobs: null, cpuMinutes: null },
  postpaid: true,
  prepaidPeriods: [],
  manualActivation: false,
  maxNodes: null,
  prices: [{ dimension: "coreHour", unitPrice: "0.05000", discount: null, discountedUnitPrice: "0.05000" }],
};

const job = (jobId: string, state: HpcPoolDetail["jobs"][number]["state"]) => ({
  jobId,
  name: `job-${jobId}`,
  user: "sk_org_alice",
  userName: "alice",
  partition: "cpu",
  state,
  cpus: 4,
  gpus: 0,
  submittedAt: "2026-11-27T08:00:00Z",
  startedAt: state === "pending" ? null : "2026-11-27T08:00:00Z",
  endedAt: state === "completed" ? "2026-11-27T09:00:00Z" : null,
  timeLimitMinutes: 60,
  exitCode: state === "completed" ? 0 : null,
  elapsedSeconds: state === "pending" ? 0 : 3600,
  coreHours: state === "pending" ? "0.0000" : "4.0000",
  gpuHours: "0.0000",
});

const pool: HpcPoolDetail = {
  id: "pool-1",
  loginHost: null,
  name: "lab-pool",
  productCode: "hpc-shared",
  productNameZh: "HPC共享资源池",
  productNameEn: "HPC shared pool",
  poolType: "hpcShared",
  status: "available",
  statusName: "Available",
  clusterId: "c-1",
  clusterName: "Simulated Slurm cluster",
  simulated: true,
  partition: "cpu",
  account: "sk_org_pool1",
  limits: { cpus: 64, gpus: null, runningJobs: 10, maxSubmitJobs: null, cpuMinutes: 6000 },
  heldReason: "arrears",
  memberCount: 1,
  paymentType: "postpaid",
  createdAt: "2026-11-01T00:00:00Z",
  members: [
    { userId: "u-1", userName: "alice", clusterUser: "sk_org_alice", addedAt: "2026-11-01T00:00:00Z" },
  ],
  jobs: [job("11", "running"), job("12", "pending"), job("10", "completed")],
  usage: {
    from: "2026-10-31T16:00:00Z",
    to: "2026-11-27T10:00:00Z",
    coreHours: "8.0000",
    gpuHours: "0.0000",
  },
  clusterError: null,
  packagesOnly: false,
  packages: [
    {
      id: "pk-1",
      name: "Core-hour package (1,000 core-hours)",
      dimension: "coreHour",
      remainingHours: "998.50",
      totalHours: 1000,
      validFrom: "2026-11-01T00:00:00Z",
      validUntil: "2027-05-01T00:00:00Z",
    },
  ],
};

const operator = makeUser({
  account: "ops",
  currentOrg: null,
  roleType: "platformAdmin",
  moduleType: "sys",
  permissions: ["BA10"],
  menus: buildMenus(["BA10"], "platform"),
  routes: ["/mgt/hpc"],
});

const tenant = (patch: Parameters<typeof makeUser>[0] = {}) =>
  makeUser({
    permissions: ["CA", "CB17", "CB1701", "CC01"],
    menus: buildMenus(["CA", "CB17", "CB1701", "CC01"]),
    routes: ["/mgt/dashboard", "/mgt/hpc", "/mgt/hpc/:id", "/mgt/hpc/apply/:id"],
    ...patch,
  });

describe("HPC pages", () => {
  it("show the operator the clusters with their health, the simulated one labelled", async () => {
    renderApp("/mgt/hpc", { "GET /ops/hpc/clusters": () => page([cluster]) }, { user: operator });
    const row = await screen.findByTestId("hpc-cluster-row-c-1", {}, WAIT);
    expect(within(row).getByTestId("hpc-simulated-tag")).toBeTruthy();
    expect(screen.getByTestId("hpc-cluster-c-1-controller").getAttribute("data-up")).toBe("true");
    expect(screen.getByTestId("hpc-cluster-c-1-accounting").getAttribute("data-up")).toBe("false");
    expect(screen.getByTestId("hpc-cluster-c-1-cpus").textContent).toBe("256");
    expect(screen.getByTestId("hpc-cluster-c-1-queue").textContent).toBe("3");
    expect(screen.getByTestId("menu-item-mgt-hpc").textContent).toBe("HPC clusters");
  });

  it("show a pool's hold in words, the simulated cluster and its jobs by state", async () => {
    renderApp(
      "/mgt/hpc/pool-1",
      {
        "GET /hpc/pools/pool-1": () => ({ data: pool }),
        "GET /hpc/pools/pool-1/member_candidates": () => ({ data: [] }),
      },
      { user: tenant() },
    );
    const held = await screen.findByTestId("hpc-pool-held", {}, WAIT);
    expect(held.textContent).toContain("Held: account in arrears");
    expect(screen.getByTestId("hpc-pool-simulated").textContent).toContain("This cluster is simulated");
    // The core-hour budget is kept as CPU minutes: 6000 minutes are 100 core-hours.
    expect(screen.getByTestId("hpc-pool-limits").textContent).toContain("100");
    expect(screen.getByTestId("hpc-pool-core-hours").textContent).toContain("8");
    expect(within(screen.getByTestId("hpc-jobs-running")).getByTestId("hpc-job-11")).toBeTruthy();
    expect(screen.getByText("Pending (1)")).toBeTruthy();
    expect(screen.getByText("Finished (1)")).toBeTruthy();
    expect(screen.getByTestId("hpc-member-alice")).toBeTruthy();
  });

  it("tell an unverified tenant to verify before ordering a pool", async () => {
    renderApp(
      "/mgt/hpc/apply/p-1",
      {
        "GET /public/hpc/products/p-1": () => ({ data: landing }),
        "POST /billing/inquiry/price": () => ({ status: 400, code: 29999, message: "no price" }),
      },
      { user: tenant({ certificationStatus: "noAuth", authentStatus: "noAuth" }) },
    );
    expect(await screen.findByTestId("hpc-order-unverified", {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("hpc-order-submit").hasAttribute("disabled")).toBe(true));
    expect(screen.getByTestId("hpc-order-prices-coreHour").textContent).toContain("0.05");
  });

  it("show a visitor the public landing of a listed product, and say when one is not on sale", async () => {
    renderApp("/apply/p-1", { "GET /public/hpc/products/p-1": () => ({ data: landing }) });
    expect((await screen.findByTestId("hpc-landing-prices-coreHour-price", {}, WAIT)).textContent).toBe(
      "¥0.05000",
    );
    expect(screen.getAllByText("HPC shared pool").length).toBeGreaterThan(0);
    expect(screen.getByTestId("hpc-landing-simulated")).toBeTruthy();
    cleanup();
    renderApp("/apply/p-2", {
      "GET /public/hpc/products/p-2": () => ({ status: 404, code: 404, message: "Not found" }),
    });
    expect((await screen.findByTestId("hpc-landing-error", {}, WAIT)).textContent).toContain(
      "This product is not on sale",
    );
  });

  it("open the pool's terminal from the job console when its cluster has a login host", async () => {
    renderApp("/hpcconsole?pool=pool-1", consoleOf("login.example.org:2222"), { user: consoleUser });
    const open = await screen.findByTestId("hpc-console-terminal-open", {}, WAIT);
    expect(open.getAttribute("href")).toBe("/hpcv1console?pool=pool-1");
    expect(open.textContent).toBe("Open the terminal");
    expect(screen.queryByTestId("hpc-console-terminal-none")).toBeNull();
  });

  it("say in the job console that a pool on a cluster without a login host has no terminal", async () => {
    renderApp("/hpcconsole?pool=pool-1", consoleOf(null), { user: consoleUser });
    expect((await screen.findByTestId("hpc-console-terminal-none", {}, WAIT)).textContent).toBe(
      "This pool's cluster has no login host, so there is no terminal for it.",
    );
    expect(screen.queryByTestId("hpc-console-terminal-open")).toBeNull();
  });
});

/** The job console's calls for pool-1 as the member alice, its cluster with or without a login host. */
function consoleOf(loginHost: string | null) {
  const {
    members: _m,
    jobs: _j,
    usage: _u,
    clusterError: _c,
    packagesOnly: _p,
    packages: _k,
    ...listed
  } = pool;
  return {
    "GET /hpc/pools": () => page([{ ...listed, loginHost }]),
    "GET /hpc/console/pools/pool-1": () => ({
      data: {
        pool: { ...listed, loginHost },
        clusterUser: "sk_org_alice",
        manager: false,
        maxCpus: 64,
        maxGpus: 0,
        maxTimeMinutes: 60,
        maxScriptBytes: 65_536,
        blocked: null,
      },
    }),
    "GET /hpc/console/pools/pool-1/jobs": () => page([]),
  };
}
const consoleUser = tenant({ routes: ["/mgt/dashboard", "/hpcconsole", "/hpcv1console"] });

describe("HPC order and product values", () => {
  it("price a postpaid pool for one hour and order it with an empty spec choice", () => {
    const values = { ...defaultPoolPayment(landing), name: " lab " };
    expect(values.paymentType).toBe("postpaid");
    expect(poolInquiry(values, landing)).toEqual({
      productCode: "hpc-shared",
      spec: {},
      quantity: 1,
      paymentType: "postpaid",
      hours: 1,
    });
    expect(poolInquiry({ paymentType: "prepaid", periodMonths: 1 }, landing)).toBeNull();
    expect(poolApplyBody(values, landing)).toEqual({
      productCode: "hpc-shared",
      spec: {},
      name: "lab",
      quantity: 1,
      paymentType: "postpaid",
      keyPairId: null,
      projectId: null,
    });
  });

  it("keep the core-hour budget as CPU minutes and empty limits as unlimited", () => {
    const spec = hpcSpecOf({
      poolType: "aiShared",
      clusterId: "c-1",
      partition: "gpu",
      gpus: 8,
      coreHourBudget: 1.5,
    });
    expect(spec).toEqual({
      kind: "hpcPool",
      poolType: "aiShared",
      clusterId: "c-1",
      partition: "gpu",
      limits: { cpus: null, gpus: 8, runningJobs: null, maxSubmitJobs: null, cpuMinutes: 90 },
    });
    expect(hpcSpecValues(spec).coreHourBudget).toBe(1.5);
  });
});
