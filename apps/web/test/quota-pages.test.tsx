// The quota pages against a fake API: the tenant's usage per metric and per project, and the
// operators' form, which sends only the limits that changed and names those now below usage.
import type { CurrentUser } from "@skyledger/contracts";
import {
  DEFAULT_QUOTA_LIMITS,
  QUOTA_METRICS,
  type QuotaLine,
  type QuotaOverview,
  type QuotaScopeView,
} from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { type Handler, makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 20_000 });

const tenant = makeUser({ permissions: ["CA", "CG"], routes: ["/mgt/dashboard", "/mgt/quota"] });
const operator = makeUser({
  account: "ops",
  currentOrg: null,
  permissions: ["CA", "BI", "BA08"],
  routes: ["/mgt/dashboard", "/sys/quotas"],
});

function scope(patch: Partial<Record<string, Partial<QuotaLine>>>, project?: string): QuotaScopeView {
  return {
    projectId: project ? "p-1" : null,
    projectName: project ?? null,
    updatedAt: null,
    lines: QUOTA_METRICS.map((metric) => ({
      metric,
      limit: project ? null : DEFAULT_QUOTA_LIMITS[metric],
      source: project ? "none" : "default",
      used: 0,
      available: DEFAULT_QUOTA_LIMITS[metric],
      over: false,
      ...patch[metric],
    })),
  };
}

const overview = (project: QuotaScopeView | null = null): QuotaOverview => ({
  orgId: "org-1",
  projects: [{ projectId: "p-1", name: "Training" }],
  organisation: scope({
    vcpu: { limit: 16, source: "organisation", used: 20, available: 0, over: true },
    instances: { used: 3, available: 17 },
  }),
  project,
});

const start = (path: string, user: CurrentUser, routes: Record<string, Handler>) =>
  renderApp(path, routes, { user });

async function choose(testId: string, title: string) {
  const select = await screen.findByTestId(testId, {}, WAIT);
  fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
  fireEvent.click(await screen.findByTitle(title, {}, WAIT));
}

resetAppBetweenTests();

describe("my quota", () => {
  it("shows usage against each limit, flags what is over and reads a project's", async () => {
    const asked: (string | null)[] = [];
    start("/mgt/quota", tenant, {
      "GET /res/quota": ({ query }) => {
        asked.push(query.get("projectId"));
        return {
          data: query.get("projectId")
            ? overview(
                scope({ instances: { limit: 2, source: "project", used: 1, available: 1 } }, "Training"),
              )
            : overview(),
        };
      },
    });
    const vcpu = await screen.findByTestId("quota-org-vcpu", {}, WAIT);
    expect(vcpu.textContent).toContain("vCPUs");
    expect(vcpu.textContent).toContain("100%");
    expect(vcpu.textContent).toContain("Over limit");
    expect(screen.getByTestId("quota-org-instances").textContent).toContain("15%");
    expect(screen.getByTestId("quota-over")).toBeTruthy();

    await choose("quota-project", "Training");
    const row = await screen.findByTestId("quota-project-table-instances", {}, WAIT);
    expect(row.textContent).toContain("50%");
    expect(screen.getByTestId("quota-project-table-gpu").textContent).toContain(
      "Organisation's limit applies",
    );
    expect(asked).toEqual([null, "p-1"]);
  });
});

describe("operators' quotas", () => {
  it("sends only the changed limits and names those below usage", async () => {
    const server = start("/sys/quotas", operator, {
      "GET /ops/orgs": () => ({
        data: {
          list: [{ orgId: "org-1", name: "Acme AI Lab", email: null, createdAt: "" }],
          total: 1,
          pageNum: 1,
          pageSize: 50,
        },
      }),
      "GET /ops/quotas": () => ({ data: overview() }),
      "PUT /ops/quotas": () => ({ data: { ...overview(), overLimit: ["vcpu", "gpu"] } }),
    });
    expect(await screen.findByTestId("quotas-no-org", {}, WAIT)).toBeTruthy();
    await choose("quotas-org", "Acme AI Lab");
    const vcpu = (await screen.findByTestId("quotas-limit-vcpu", {}, WAIT)) as HTMLInputElement;
    expect(vcpu.value).toBe("16");
    const gpu = screen.getByTestId("quotas-limit-gpu") as HTMLInputElement;
    expect(gpu.value).toBe("");
    expect(gpu.placeholder).toBe(`Default: ${DEFAULT_QUOTA_LIMITS.gpu}`);
    fireEvent.change(gpu, { target: { value: "0" } });
    fireEvent.change(vcpu, { target: { value: "" } });
    fireEvent.click(screen.getByTestId("quotas-save"));
    await waitFor(() => expect(server.calls.some((c) => c.method === "PUT")).toBe(true), WAIT);
    expect(server.calls.find((c) => c.method === "PUT")!.body).toEqual({
      orgId: "org-1",
      projectId: null,
      limits: { vcpu: null, gpu: 0 },
    });
    const warning = await screen.findByTestId("quotas-over-limit", {}, WAIT);
    expect(warning.textContent).toContain("vCPUs, GPUs");
  });
});
