// /mgt/share (file storage, CB10) and /mgt/scalableFile (the elastic file service, CB20, the same
// pages on its own endpoints) against a fake API: the list shows each share's protocol,
// capacity and what is used of it, status and mount address (a simulated one says so); the detail
// page shows the share with its access rules, adds a rule, and shows the server's refusal of a
// malformed one in the user's language inside the dialog; the capacity change offers the detail's
// limits and quotes the difference; the purchase form offers the product's protocols and quotes a
// capacity; the menu offers the page only with CB10. The elastic file pages list and open their
// own endpoints, add rules there, and sell NFS alone; their menu entry needs CB20.
import { buildMenus, type FileRule, type FileShare } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setLanguage } from "../src/i18n";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";
import { resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();

const ID = "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d";
const MOUNT = "files.simulated.invalid:/share-5a6b7c8d";

const share = (patch: Partial<FileShare> = {}): FileShare => ({
  ...resourceRecord({
    id: ID,
    kind: "share",
    name: "team-files",
    status: "available",
    statusName: "Available",
    paymentType: "prepaid",
    periodMonths: 1,
    expiresAt: "2026-12-28T08:00:00.000Z",
    spec: { protocol: "NFS", sizeGb: 100 },
    summary: "NFS 100 GB",
  }),
  protocol: "NFS",
  sizeGb: 100,
  usedGb: 12.5,
  mountAddress: MOUNT,
  simulated: true,
  ruleCount: 1,
  limits: { minGb: 50, maxGb: 500, stepGb: 10, maxStepGb: 200, perDay: 1, perWeek: 3, shrinkable: true },
  ...patch,
});

const rule = (patch: Partial<FileRule> = {}): FileRule => ({
  id: "r-1",
  cidr: "10.0.0.0/24",
  access: "rw",
  priority: 0,
  createdAt: "2026-11-28T08:00:00.000Z",
  updatedAt: "2026-11-28T08:00:00.000Z",
  ...patch,
});

const CODES = ["CA", "CB10", "CB1001", "CC01", "CC0801"];
const tenant = (codes = CODES) =>
  makeUser({
    permissions: codes,
    menus: buildMenus(codes),
    routes: ["/mgt/dashboard", "/mgt/share", "/mgt/share/create", "/mgt/share/:id/detail"],
    certificationStatus: "authSucceed",
  });

const CIDR_REFUSED = {
  "en-US": "The client address must be an IPv4 network such as 192.168.0.0/24 (host bits zero)",
  "zh-CN": "客户端地址须为 IPv4 网段，如 192.168.0.0/24（主机位须为0）",
} as const;

const detailRoutes = (rules: FileRule[]) => ({
  [`GET /res/shares/${ID}`]: () => ({ data: share({ ruleCount: rules.length }) }),
  [`GET /res/shares/${ID}/rules`]: () => ({ data: rules }),
});

describe("the file share list", () => {
  it("shows the protocol, capacity used, status and mount address, said to be simulated", async () => {
    renderApp("/mgt/share", { "GET /res/shares": () => page([share()]) }, { user: tenant() });
    const row = await screen.findByTestId("share-row-team-files", {}, WAIT);
    const text = row.textContent ?? "";
    expect(text).toContain("NFS");
    expect(within(row).getByTestId("file-capacity-team-files").textContent).toBe("12.5 GB used of 100 GB");
    expect(text).toContain("Available");
    expect(within(row).getByTestId("file-mount-team-files").textContent).toContain(MOUNT);
    expect(text).toContain("Simulated");
    expect(within(row).getByTestId("share-open-team-files").getAttribute("href")).toBe(
      `/mgt/share/${ID}/detail`,
    );
    expect(within(row).queryByTestId("share-reset-team-files")).toBeNull();
    expect(within(row).getByTestId("share-unsubscribe-team-files")).toBeTruthy();
  });
});

describe("the detail page", () => {
  it("shows the share, the simulated notice and its access rules", async () => {
    renderApp(
      `/mgt/share/${ID}/detail`,
      detailRoutes([rule(), rule({ id: "r-2", cidr: "192.168.1.0/24", access: "ro", priority: 50 })]),
      { user: tenant() },
    );
    const detail = await screen.findByTestId("file-detail-page", {}, WAIT);
    expect(screen.getByTestId("file-detail-mount").textContent).toContain(MOUNT);
    expect(screen.getByTestId("file-simulated").textContent).toContain("no file server was configured");
    expect(detail.textContent).toContain("12.5 GB used of 100 GB");
    const first = await screen.findByTestId("file-rule-10.0.0.0/24", {}, WAIT);
    expect(first.textContent).toContain("Read-write");
    const second = screen.getByTestId("file-rule-192.168.1.0/24");
    expect(second.textContent).toContain("Read-only");
    expect(second.textContent).toContain("50");
  });

  it("adds a rule and reads the rules again", async () => {
    let rules = [rule()];
    const server = renderApp(
      `/mgt/share/${ID}/detail`,
      {
        ...detailRoutes([]),
        [`GET /res/shares/${ID}/rules`]: () => ({ data: rules }),
        [`POST /res/shares/${ID}/rules`]: ({ body }) => {
          const added = rule({ id: "r-3", ...(body as Partial<FileRule>) });
          rules = [...rules, added];
          return { data: added };
        },
      },
      { user: tenant() },
    );
    fireEvent.click(await screen.findByTestId("file-rule-add", {}, WAIT));
    fireEvent.change(await screen.findByTestId("file-rule-cidr", {}, WAIT), {
      target: { value: "172.16.0.0/16" },
    });
    fireEvent.click(screen.getByTestId("file-rule-access-ro"));
    fireEvent.change(screen.getByTestId("file-rule-priority"), { target: { value: "10" } });
    fireEvent.click(screen.getByTestId("file-rule-save"));
    await waitFor(() => expect(callsTo(server, "POST", `/res/shares/${ID}/rules`)).toHaveLength(1), WAIT);
    expect(callsTo(server, "POST", `/res/shares/${ID}/rules`)[0]!.body).toEqual({
      cidr: "172.16.0.0/16",
      access: "ro",
      priority: 10,
    });
    const added = await screen.findByTestId("file-rule-172.16.0.0/16", {}, WAIT);
    expect(added.textContent).toContain("Read-only");
  });

  it("shows the server's refusal of a malformed network in the user's language, in the dialog", async () => {
    await setLanguage("zh-CN");
    try {
      const server = renderApp(
        `/mgt/share/${ID}/detail`,
        {
          ...detailRoutes([rule()]),
          [`POST /res/shares/${ID}/rules`]: ({ headers }) => ({
            status: 400,
            code: 29611,
            message: CIDR_REFUSED[headers["Accept-Language"] === "zh-CN" ? "zh-CN" : "en-US"],
          }),
        },
        { user: tenant() },
      );
      fireEvent.click(await screen.findByTestId("file-rule-add", {}, WAIT));
      fireEvent.change(await screen.findByTestId("file-rule-cidr", {}, WAIT), {
        target: { value: "10.0.0.1/24" },
      });
      fireEvent.click(screen.getByTestId("file-rule-save"));
      const refusal = await screen.findByTestId("file-rule-refusal", {}, WAIT);
      expect(refusal.textContent).toContain(CIDR_REFUSED["zh-CN"]);
      expect(callsTo(server, "POST", `/res/shares/${ID}/rules`)[0]!.headers["Accept-Language"]).toBe("zh-CN");
      // The dialog stays open for another try.
      expect(screen.getByTestId("file-rule-cidr")).toBeTruthy();
    } finally {
      await setLanguage("en-US");
    }
  });

  it("changes the capacity within the detail's limits and quotes the difference", async () => {
    const server = renderApp(
      `/mgt/share/${ID}/detail`,
      {
        ...detailRoutes([rule()]),
        "POST /billing/inquiry/modify": ({ body }) =>
          (body as { spec: { sizeGb: number } }).spec.sizeGb === 60
            ? {
                status: 400,
                code: 29603,
                message: "The capacity after the change must exceed the 12.5 GB in use",
              }
            : undefined,
      },
      { user: tenant() },
    );
    fireEvent.click(await screen.findByTestId("file-capacity-change", {}, WAIT));
    const value = await screen.findByTestId("resize-value", {}, WAIT);
    expect(screen.getByText(/From 50 to 300 GB in steps of 10 GB, at most 200 GB at a time/)).toBeTruthy();
    fireEvent.change(value, { target: { value: "60" } });
    await waitFor(
      () =>
        expect(callsTo(server, "POST", "/billing/inquiry/modify").map((c) => c.body)).toContainEqual({
          resourceId: ID,
          spec: { sizeGb: 60 },
        }),
      WAIT,
    );
    expect((await screen.findByTestId("resize-refusal", {}, WAIT)).textContent).toContain("12.5 GB in use");
  });
});

describe("buying", () => {
  it("offers the product's protocols and quotes a capacity", async () => {
    const product = {
      id: "p-sfs",
      code: "sfs-share",
      nameZh: "文件存储",
      nameEn: "File storage",
      categoryCode: "file-storage",
      spec: { kind: "share", protocols: ["NFS", "CIFS"], minGb: 50, maxGb: 500 },
      prepaidPeriods: [1, 3, 12],
      postpaid: true,
      approvalFlow: "none",
      manualActivation: false,
    };
    const server = renderApp(
      "/mgt/share/create",
      {
        "GET /billing/products": () => page([product]),
        "POST /billing/inquiry/price": () => ({
          data: {
            productCode: "sfs-share",
            dimension: "capacity",
            paymentType: "prepaid",
            periodMonths: 1,
            hours: null,
            monthly: "35.00000",
            original: "35.00000",
            discount: "0.00000",
            amount: "35.00000",
            coupon: null,
            couponDeduction: "0.00000",
            payable: "35.00000",
            deduction: { sufficient: true, shortfall: "0.00000", allocations: [] },
          },
        }),
      },
      { user: tenant() },
    );
    const protocols = await screen.findByTestId("share-create-protocol", {}, WAIT);
    expect(protocols.textContent).toBe("NFSCIFS");
    fireEvent.click(within(protocols).getByText("CIFS"));
    fireEvent.change(screen.getByTestId("share-create-size"), { target: { value: "100" } });
    await waitFor(
      () =>
        expect(
          callsTo(server, "POST", "/billing/inquiry/price").some((c) => {
            const spec = (c.body as { spec?: { protocol?: string; sizeGb?: number } }).spec;
            return spec?.protocol === "CIFS" && spec.sizeGb === 100;
          }),
        ).toBe(true),
      WAIT,
    );
  });
});

describe("the elastic file service", () => {
  const ELASTIC = ["CA", "CB20", "CB2003", "CC01", "CC0801"];
  const elasticUser = () =>
    makeUser({
      permissions: ELASTIC,
      menus: buildMenus(ELASTIC),
      routes: [
        "/mgt/dashboard",
        "/mgt/scalableFile",
        "/mgt/scalableFile/create",
        "/mgt/scalableFile/:id/detail",
      ],
      certificationStatus: "authSucceed",
    });
  const elastic = () => share({ kind: "scalableFile", name: "turbo-files", productCode: "sfs-turbo" });

  it("lists the elastic files from their own endpoint and opens their own detail page", async () => {
    renderApp(
      "/mgt/scalableFile",
      { "GET /res/scalable-files": () => page([elastic()]) },
      { user: elasticUser() },
    );
    const row = await screen.findByTestId("scalableFile-row-turbo-files", {}, WAIT);
    expect(within(row).getByTestId("file-capacity-turbo-files").textContent).toBe("12.5 GB used of 100 GB");
    expect(within(row).getByTestId("scalableFile-open-turbo-files").getAttribute("href")).toBe(
      `/mgt/scalableFile/${ID}/detail`,
    );
    expect(screen.getByText("Elastic file service", { selector: "h3" })).toBeTruthy();
  });

  it("adds a rule to an elastic file on its own endpoint", async () => {
    const server = renderApp(
      `/mgt/scalableFile/${ID}/detail`,
      {
        [`GET /res/scalable-files/${ID}`]: () => ({ data: elastic() }),
        [`GET /res/scalable-files/${ID}/rules`]: () => ({ data: [] }),
        [`POST /res/scalable-files/${ID}/rules`]: ({ body }) => ({ data: rule(body as Partial<FileRule>) }),
      },
      { user: elasticUser() },
    );
    const detail = await screen.findByTestId("file-detail-page", {}, WAIT);
    expect(screen.getByText("Elastic file system turbo-files")).toBeTruthy();
    expect(detail.textContent).toContain("No access rules");
    fireEvent.click(screen.getByTestId("file-rule-add"));
    fireEvent.change(await screen.findByTestId("file-rule-cidr", {}, WAIT), {
      target: { value: "10.1.0.0/16" },
    });
    fireEvent.click(screen.getByTestId("file-rule-save"));
    await waitFor(
      () =>
        expect(callsTo(server, "POST", `/res/scalable-files/${ID}/rules`).map((c) => c.body)).toEqual([
          { cidr: "10.1.0.0/16", access: "rw", priority: 0 },
        ]),
      WAIT,
    );
  });

  it("sells NFS alone", async () => {
    const product = {
      id: "p-turbo",
      code: "sfs-turbo",
      nameZh: "弹性文件服务",
      nameEn: "Elastic file service",
      categoryCode: "file-storage",
      spec: { kind: "scalableFile", protocols: ["NFS"], minGb: 50, maxGb: 500 },
      prepaidPeriods: [1],
      postpaid: true,
      approvalFlow: "none",
      manualActivation: false,
    };
    renderApp(
      "/mgt/scalableFile/create",
      { "GET /billing/products": () => page([product]) },
      { user: elasticUser() },
    );
    const protocols = await screen.findByTestId("scalableFile-create-protocol", {}, WAIT);
    expect(protocols.textContent).toBe("NFS");
    expect(screen.getByText("A multiple of 10 GB from 50 to 500 GB")).toBeTruthy();
  });
});

describe("the menu", () => {
  it("offers file storage with CB10 only and the elastic file service with CB20 only", () => {
    const paths = (codes: string[]) => buildMenus(codes).flatMap((g) => g.children?.map((c) => c.path) ?? []);
    expect(paths(CODES)).toContain("/mgt/share");
    expect(paths(CODES)).not.toContain("/mgt/scalableFile");
    expect(paths(["CA", "CB20"])).toContain("/mgt/scalableFile");
    expect(paths(["CA", "CB20"])).not.toContain("/mgt/share");
    expect(paths(["CA", "CB01"])).not.toContain("/mgt/share");
    expect(paths(["CA", "CB01"])).not.toContain("/mgt/scalableFile");
  });
});
