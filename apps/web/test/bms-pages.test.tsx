// /mgt/baremetalserver (issue 16 item 7) against a fake API: the list says the servers are
// simulated and shows each one's flavour, cores, memory, GPUs, image, status and private IP; the
// detail page shows the machine's figures and offers start when stopped, stop and reboot (asked
// first) when running; the purchase form offers the product's flavours and images and quotes the
// chosen flavour; the menu offers the page only with CB08.
import { type BareMetalServer, buildMenus } from "@skyledger/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";
import { resourceRecord } from "./fixtures";

vi.setConfig({ testTimeout: 25_000 });
resetAppBetweenTests();

const ID = "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f";

const server = (patch: Partial<BareMetalServer> = {}): BareMetalServer => ({
  ...resourceRecord({
    id: ID,
    kind: "bareMetal",
    name: "gpu-trainer",
    status: "running",
    statusName: "Running",
    paymentType: "prepaid",
    periodMonths: 1,
    privateIp: "10.12.34.56",
    expiresAt: "2026-12-28T08:00:00.000Z",
  }),
  machine: {
    flavorId: "bms-g8",
    flavorName: "8 × A100 GPU node",
    cpuModel: "2 × Intel Xeon Platinum 8358",
    cores: 64,
    memoryGb: 1024,
    diskDesc: "2 × 960 GB SSD (RAID 1) + 4 × 7.68 TB NVMe",
    gpuModel: "NVIDIA A100 80GB SXM4",
    gpuCount: 8,
    imageId: "ubuntu-22.04",
    imageName: "Ubuntu 22.04 LTS",
  },
  simulated: true,
  ...patch,
});

const CODES = ["CA", "CB08", "CC01", "CC0801"];
const tenant = (codes = CODES) =>
  makeUser({
    permissions: codes,
    menus: buildMenus(codes),
    routes: [
      "/mgt/dashboard",
      "/mgt/baremetalserver",
      "/mgt/baremetalserver/create",
      "/mgt/baremetalserver/:id/detail",
    ],
    certificationStatus: "authSucceed",
  });

describe("the bare-metal server list", () => {
  it("says the servers are simulated and shows the machine, status and private IP", async () => {
    renderApp("/mgt/baremetalserver", { "GET /res/baremetal": () => page([server()]) }, { user: tenant() });
    const row = await screen.findByTestId("bms-row-gpu-trainer", {}, WAIT);
    const text = row.textContent ?? "";
    expect(text).toContain("8 × A100 GPU node · 64 cores / 1024 GB · 8 × NVIDIA A100 80GB SXM4");
    expect(text).toContain("Ubuntu 22.04 LTS");
    expect(text).toContain("Running");
    expect(text).toContain("10.12.34.56");
    expect(screen.getByTestId("bms-simulated-notice").textContent).toContain(
      "Bare-metal servers are simulated on this platform",
    );
    expect(within(row).getByTestId("bms-open-gpu-trainer").getAttribute("href")).toBe(
      `/mgt/baremetalserver/${ID}/detail`,
    );
  });
});

describe("the detail page", () => {
  it("shows the machine's figures and stops a running server after asking", async () => {
    const api = renderApp(
      `/mgt/baremetalserver/${ID}/detail`,
      {
        [`GET /res/baremetal/${ID}`]: () => ({ data: server() }),
        [`POST /res/baremetal/${ID}/action`]: () => ({
          data: server({ status: "stopping", statusName: "Stopping" }),
        }),
      },
      { user: tenant() },
    );
    const detail = await screen.findByTestId("bms-detail-page", {}, WAIT);
    for (const figure of [
      "2 × Intel Xeon Platinum 8358",
      "64 cores",
      "1024 GB",
      "2 × 960 GB SSD (RAID 1) + 4 × 7.68 TB NVMe",
      "8 × NVIDIA A100 80GB SXM4",
      "Ubuntu 22.04 LTS",
    ])
      expect(detail.textContent).toContain(figure);
    expect(screen.getByTestId("bms-detail-private-ip").textContent).toBe("10.12.34.56");
    expect(detail.textContent).toContain("Bare-metal servers are simulated on this platform");
    expect(screen.getByTestId("bms-start-gpu-trainer").hasAttribute("disabled")).toBe(true);
    expect(screen.getByTestId("bms-unsubscribe-gpu-trainer").hasAttribute("disabled")).toBe(false);
    fireEvent.click(screen.getByTestId("bms-stop-gpu-trainer"));
    fireEvent.click(await screen.findByTestId("bms-stop-gpu-trainer-confirm", {}, WAIT));
    await waitFor(() => expect(callsTo(api, "POST", `/res/baremetal/${ID}/action`)).toHaveLength(1), WAIT);
    expect(callsTo(api, "POST", `/res/baremetal/${ID}/action`)[0]!.body).toEqual({ action: "stop" });
  });

  it("offers only start while the server is stopped", async () => {
    renderApp(
      `/mgt/baremetalserver/${ID}/detail`,
      {
        [`GET /res/baremetal/${ID}`]: () => ({ data: server({ status: "stopped", statusName: "Stopped" }) }),
      },
      { user: tenant() },
    );
    const start = await screen.findByTestId("bms-start-gpu-trainer", {}, WAIT);
    expect(start.hasAttribute("disabled")).toBe(false);
    expect(screen.getByTestId("bms-stop-gpu-trainer").hasAttribute("disabled")).toBe(true);
    expect(screen.getByTestId("bms-reboot-gpu-trainer").hasAttribute("disabled")).toBe(true);
  });
});

const product = {
  id: "p-bms",
  code: "bms-standard",
  nameZh: "裸金属服务器",
  nameEn: "Bare metal server",
  categoryCode: "bare-metal",
  spec: {
    kind: "bareMetal",
    flavors: [
      {
        id: "bms-c32",
        name: "32 cores / 256 GB",
        cpuModel: "2 × Intel Xeon Silver 4314",
        cores: 32,
        memoryGb: 256,
        diskDesc: "2 × 960 GB SATA SSD (RAID 1)",
      },
      {
        id: "bms-g8",
        name: "8 × A100 GPU node",
        cpuModel: "2 × Intel Xeon Platinum 8358",
        cores: 64,
        memoryGb: 1024,
        diskDesc: "2 × 960 GB SSD (RAID 1)",
        gpu: { model: "NVIDIA A100 80GB SXM4", count: 8 },
      },
    ],
    images: [
      { id: "ubuntu-22.04", name: "Ubuntu 22.04 LTS" },
      { id: "rocky-9", name: "Rocky Linux 9" },
    ],
  },
  prepaidPeriods: [1, 3, 12],
  postpaid: true,
  approvalFlow: "none",
  manualActivation: false,
};

describe("buying", () => {
  it("offers the product's flavours and images and quotes the chosen flavour", async () => {
    const api = renderApp(
      "/mgt/baremetalserver/create",
      {
        "GET /billing/products": () => page([product]),
        "POST /billing/inquiry/price": () => ({
          data: {
            productCode: "bms-standard",
            dimension: "flavor:bms-g8",
            paymentType: "prepaid",
            periodMonths: 1,
            hours: null,
            monthly: "68000.00000",
            original: "68000.00000",
            discount: "0.00000",
            amount: "68000.00000",
            coupon: null,
            couponDeduction: "0.00000",
            payable: "68000.00000",
            deduction: { sufficient: true, shortfall: "0.00000", allocations: [] },
          },
        }),
      },
      { user: tenant() },
    );
    const flavors = await screen.findByTestId("bms-create-flavor", {}, WAIT);
    expect(flavors.textContent).toContain("2 × Intel Xeon Silver 4314 · 32 cores / 256 GB");
    expect(flavors.textContent).toContain("8 × NVIDIA A100 80GB SXM4");
    fireEvent.click(screen.getByTestId("bms-create-flavor-bms-g8"));
    await waitFor(
      () =>
        expect(
          callsTo(api, "POST", "/billing/inquiry/price").some(
            (c) =>
              JSON.stringify((c.body as { spec?: unknown }).spec) ===
              JSON.stringify({ flavorId: "bms-g8", imageId: "ubuntu-22.04" }),
          ),
        ).toBe(true),
      WAIT,
    );
  });
});

describe("the operator's product editor", () => {
  const operator = makeUser({
    account: "admin",
    currentOrg: null,
    permissions: ["BB02"],
    routes: ["/mgt/productcategory"],
  });
  const catalogueProduct = {
    ...product,
    categoryId: "cat-bm",
    categoryNameZh: "裸金属服务器",
    categoryNameEn: "Bare metal",
    provider: "simulator",
    billingPolicyIds: [],
    listingState: "listed",
    pricingConfigured: true,
    updatedAt: "2026-11-22T02:00:00Z",
  };

  it("edits a bare-metal product's flavours and images in fields", async () => {
    const api = renderApp(
      "/mgt/productcategory",
      {
        "GET /ops/catalog/products": () => page([catalogueProduct]),
        "GET /ops/catalog/categories": () =>
          page([
            {
              id: "cat-bm",
              code: "bare-metal",
              nameZh: "裸金属服务器",
              nameEn: "Bare metal",
              sort: 1,
              productCount: 1,
            },
          ]),
        "GET /ops/catalog/billing_policies": () => page([]),
        "PUT /ops/catalog/products/p-bms": () => ({ data: catalogueProduct }),
      },
      { user: operator },
    );
    fireEvent.click(await screen.findByTestId("catalog-product-edit-bms-standard", {}, WAIT));
    const cores = (await screen.findByTestId("catalog-bms-flavor-cores-0", {}, WAIT)) as HTMLInputElement;
    expect(cores.value).toBe("32");
    expect((screen.getByTestId("catalog-bms-flavor-gpu-model-1") as HTMLInputElement).value).toBe(
      "NVIDIA A100 80GB SXM4",
    );
    fireEvent.change(cores, { target: { value: "48" } });
    fireEvent.click(screen.getByTestId("catalog-bms-image-add"));
    fireEvent.change(await screen.findByTestId("catalog-bms-image-id-2", {}, WAIT), {
      target: { value: "openeuler-22.03" },
    });
    fireEvent.change(screen.getByTestId("catalog-bms-image-name-2"), {
      target: { value: "openEuler 22.03 LTS" },
    });
    fireEvent.click(screen.getByTestId("catalog-product-submit"));
    await waitFor(() => expect(callsTo(api, "PUT", "/ops/catalog/products/p-bms")).toHaveLength(1), WAIT);
    const spec = (
      callsTo(api, "PUT", "/ops/catalog/products/p-bms")[0]!.body as { spec: typeof product.spec }
    ).spec;
    expect(spec.flavors[0]).toEqual({ ...product.spec.flavors[0], cores: 48 });
    expect(spec.flavors[1]).toEqual(product.spec.flavors[1]);
    expect(spec.images).toEqual([
      ...product.spec.images,
      { id: "openeuler-22.03", name: "openEuler 22.03 LTS" },
    ]);
  });
});

describe("the menu", () => {
  it("offers bare-metal servers with CB08 only", () => {
    const paths = (codes: string[]) => buildMenus(codes).flatMap((g) => g.children?.map((c) => c.path) ?? []);
    expect(paths(CODES)).toContain("/mgt/baremetalserver");
    expect(paths(["CA", "CB01"])).not.toContain("/mgt/baremetalserver");
  });
});
