// The product editor and an HPC pool product's cluster (issue 14 item 1), against a fake API, in
// both languages: a product whose cluster was disabled since shows that cluster marked and says
// it cannot be saved on it; the server's refusal (27171) stays readable in the dialog; only
// enabled clusters are offered besides the product's own.
import type { Category, HpcCluster, Locale, Product } from "@skyledger/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../src/i18n";
import { callsTo, page, renderApp, resetAppBetweenTests, WAIT } from "./app-harness";
import { makeUser } from "./fake-server";

vi.setConfig({ testTimeout: 30_000 });
resetAppBetweenTests();
afterAll(() => setLanguage("en-US"));

const operator = makeUser({
  account: "admin",
  currentOrg: null,
  permissions: ["BB02"],
  routes: ["/mgt/productcategory"],
});

const health = {
  controller: true,
  accounting: true,
  partitions: [{ name: "cpu", nodes: 1, cpus: 8, gpus: 0, state: "UP" }],
  nodes: 1,
  cpus: 8,
  gpus: 0,
  queueLength: 0,
  error: null,
  checkedAt: "2026-11-27T10:00:00Z",
};

const clusterOf = (id: string, name: string, disabledAt: string | null): HpcCluster => ({
  id,
  name,
  backend: "slurm",
  simulated: false,
  restUrl: "http://slurm.example:6820",
  secretKind: "signingKey",
  adminUser: "slurm",
  parentAccount: "skyledger",
  clusterName: id,
  loginHost: null,
  sshPublicKey: null,
  sshHostKeyFingerprint: null,
  sshHostKeyRecordedAt: null,
  disabledAt,
  poolCount: 0,
  createdAt: "2026-11-01T00:00:00Z",
  updatedAt: "2026-11-01T00:00:00Z",
  health,
});

const clusters = [
  clusterOf("c-live", "Live lab", null),
  clusterOf("c-old", "Old lab", "2026-11-20T00:00:00Z"),
  clusterOf("c-other-old", "Other retired lab", "2026-11-20T00:00:00Z"),
];

const category: Category = {
  id: "cat-hpc",
  code: "hpc",
  nameZh: "HPC资源池",
  nameEn: "HPC pools",
  sort: 1,
  productCount: 1,
};

const product = {
  id: "p-1",
  code: "hpc-old",
  nameZh: "旧HPC资源池",
  nameEn: "Old HPC pool",
  categoryId: "cat-hpc",
  categoryCode: "hpc",
  categoryNameZh: "HPC资源池",
  categoryNameEn: "HPC pools",
  provider: "simulator",
  spec: {
    kind: "hpcPool",
    poolType: "hpcShared",
    clusterId: "c-old",
    partition: "cpu",
    limits: { cpus: 8, gpus: 0, runningJobs: null, maxSubmitJobs: null, cpuMinutes: null },
  },
  prepaidPeriods: [],
  postpaid: true,
  approvalFlow: "none",
  manualActivation: false,
  billingPolicyIds: [],
  listingState: "delisted",
  pricingConfigured: true,
  updatedAt: "2026-11-22T02:00:00Z",
} as Product;

const REFUSALS: Record<Locale, string> = {
  "en-US":
    'The cluster "Old lab" is disabled, so the product was not saved; choose a cluster that is not disabled',
  "zh-CN": "集群“Old lab”已停用，产品未保存；请选择未停用的集群",
};
const WARNINGS: Record<Locale, string> = {
  "en-US":
    "This cluster is disabled, so the product cannot be saved on it: choose a cluster that is not disabled.",
  "zh-CN": "该集群已停用，产品不能保存在该集群上，请选择未停用的集群。",
};

describe("a pool product on a disabled cluster", () => {
  for (const language of ["en-US", "zh-CN"] as const) {
    it(`shows the cluster marked, and the server's refusal in the dialog (${language})`, async () => {
      await setLanguage(language);
      const server = renderApp(
        "/mgt/productcategory",
        {
          "GET /ops/catalog/products": () => page([product]),
          "GET /ops/catalog/categories": () => page([category]),
          "GET /ops/catalog/billing_policies": () => page([]),
          "GET /ops/hpc/clusters": ({ query }) =>
            page(query.get("includeDisabled") === "true" ? clusters : clusters.filter((c) => !c.disabledAt)),
          "PUT /ops/catalog/products/p-1": () => ({ status: 400, code: 27171, message: REFUSALS[language] }),
        },
        { user: operator },
      );
      fireEvent.click(await screen.findByTestId("catalog-product-edit-hpc-old", {}, WAIT));

      const warning = await screen.findByTestId("catalog-hpc-cluster-disabled", {}, WAIT);
      expect(warning.textContent).toBe(WARNINGS[language]);
      const select = screen.getByTestId("catalog-hpc-cluster").closest(".ant-select")!;
      await waitFor(() => expect(select.textContent).toContain("Old lab"), WAIT);
      expect(select.textContent).not.toContain("c-old");

      // The choices: the enabled cluster and the product's own, not another disabled one.
      fireEvent.mouseDown(select.querySelector(".ant-select-selector") ?? select);
      await waitFor(() => expect(document.querySelectorAll(".ant-select-item-option").length).toBe(2), WAIT);
      const options = [...document.querySelectorAll(".ant-select-item-option")].map((o) => o.textContent);
      expect(options).toEqual(["Live lab", `Old lab (${language === "en-US" ? "Disabled" : "已停用"})`]);

      fireEvent.click(screen.getByTestId("catalog-product-submit"));
      const refusal = await screen.findByTestId("catalog-product-refusal", {}, WAIT);
      expect(refusal.textContent).toBe(REFUSALS[language]);
      const [put] = callsTo(server, "PUT", "/ops/catalog/products/p-1");
      expect(put?.body).toMatchObject({ spec: { kind: "hpcPool", clusterId: "c-old" } });
    });
  }
});
